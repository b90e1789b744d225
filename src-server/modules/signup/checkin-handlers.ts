import { timingSafeEqual } from 'node:crypto'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { CheckInLinkSchema, checkInSourceLabel, selfSignUpRequiredFields, SignUpLinkSchema, type CheckInRecord } from '../../../src-shared/schemas/signup'
import { parseSignUpOptions } from '../../../src-shared/schemas/training-codes'
import { effectiveTrainStatus, TrainStatus } from '../../../src-shared/training-status'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { signedIn, signedInMember, type DomainHandlers } from '../../http/context'
import { keysetBatches, streamWorkbook, type SheetColumn } from '../../files/xlsx-stream'
import { publicOriginOf } from '../../http/public-url'
import { TRAIN_NOT_FOUND, trainById } from '../training/host'
import {
  CHECK_IN_SLOT_SECONDS,
  checkInCode,
  checkInLinkOf,
  checkInSlot,
  isCurrentCheckInCode,
  openSignInWindow,
  secondsToNextSlot,
} from './checkin-code'
import { checkInPerson } from './door-checkin'
import { checkInPageBody, sendNotice, sendPage } from './mobile-html'
import { signUpPageBody } from './signup-page'
import { ALREADY_SIGNED_UP, insertSignUp, isUniqueViolation, memberForSignUp, signUpValuesOf } from './queries'
import { containsText } from '../../db/sql-text'
import { onePage } from '../../db/paging'

const LINK_INVALID = '报名链接无效'
const CODE_EXPIRED = '签到码已过期，请重新扫描会场大屏上的二维码'
const CHECK_IN_LINK_INVALID = '签到二维码无效，请重新扫描会场大屏上的二维码'
const NOT_IN_WINDOW = '当前不在签到时间内'
export const NO_MATCH = '未能报名：请核对姓名与手机号是否与党员信息一致；如已报名或仍有疑问，请联系本单位管理员'

/**
 * A training by id with its host's subtree path (public pages have no account scope) and
 * the host unit's name as members see it: a training hosted by 其他 is stored under the
 * root, whose name it then shows (as the notice's 发文机关, issuingUnitOf), never 其他.
 */
function publicTrain(db: Db, id: number) {
  return db
    .selectFrom('train')
    .innerJoin('org as host', 'host.id', 'train.orgId')
    .selectAll('train')
    .select(['host.path as hostPath', 'host.name as hostName'])
    .where('train.id', '=', id)
    .executeTakeFirst()
}
type PublicTrain = NonNullable<Awaited<ReturnType<typeof publicTrain>>>

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Why members cannot sign themselves up now, or null when they can. */
function signUpClosedReason(train: PublicTrain, now: string): string | null {
  const status = effectiveTrainStatus(train.status, train, now)
  if (status === TrainStatus.PUBLISHED) return '报名尚未开始'
  if (status !== TrainStatus.SIGN_UP_OPEN) {
    return status === TrainStatus.SIGN_UP_ENDED || status === TrainStatus.IN_TRAINING || status === TrainStatus.FINISHED ? '报名已结束' : '培训班尚未发布'
  }
  if (train.maxNum > 0 && train.allNum >= train.maxNum) return '报名人数已满'
  return null
}

/** Why nobody can check in with this code now, or null with the open window. */
async function checkInRefusal(db: Db, train: PublicTrain | undefined, code: string, nowMs: number) {
  if (!train || !isCurrentCheckInCode(train.checkInSecret, train.id, code, nowMs)) return { refusal: CODE_EXPIRED, window: null }
  const status = effectiveTrainStatus(train.status, train, nowText())
  if (status === TrainStatus.NEW || status === TrainStatus.ONLINE_REVIEWED || status === TrainStatus.REJECTED) {
    return { refusal: '培训班尚未发布', window: null }
  }
  const window = await openSignInWindow(db, train.id, nowText())
  return window ? { refusal: null, window } : { refusal: NOT_IN_WINDOW, window: null }
}

/** A training's check-ins with who checked in, optionally of names containing `name`. */
function checkInQuery(db: Db, trainId: number, name: string | undefined) {
  let query = db
    .selectFrom('trainCheckIn as c')
    .innerJoin('trainSignUp as s', 's.id', 'c.signUpId')
    .innerJoin('org as o', 'o.id', 's.orgId')
    .where('c.trainId', '=', trainId)
  if (name) query = query.where(containsText('s.name', name))
  return query
}
const recordColumns = ['c.id', 'c.signUpId', 's.name', 's.telephone', 'o.name as orgName', 'c.checkInTime', 'c.source', 'c.reason'] as const
type CheckInRow = { id: number; signUpId: number; name: string; telephone: string; orgName: string; checkInTime: string; source: string; reason: string | null }
const toRecord = (r: CheckInRow) => ({ ...r, source: r.source as CheckInRecord['source'] })

const checkInColumns: readonly SheetColumn<CheckInRecord>[] = [
  { header: '姓名', width: 10, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.telephone },
  { header: '所在组织', width: 24, value: (r) => r.orgName },
  { header: '签到时间', width: 20, value: (r) => r.checkInTime },
  { header: '签到方式', width: 10, value: (r) => checkInSourceLabel[r.source] },
  { header: '补签原因', width: 30, value: (r) => r.reason },
]

export const checkInHandlers = {
  'checkin.list': async ({ trainId, name, pageNum, pageSize }, ctx) => {
    const query = checkInQuery(ctx.db, trainId, name)
    const { records, total } = await onePage(query.select(recordColumns).orderBy('c.checkInTime', 'desc').orderBy('c.id', 'desc'), query, { pageNum, pageSize })
    return { records: records.map(toRecord), total }
  },

  'checkin.door': async ({ idempotencyKey, ...input }, ctx) =>
    checkInPerson(ctx.db, ctx.audit, signedIn(ctx), { ...input, ...(idempotencyKey ? { idempotencyKey } : {}), source: 'door' }),

  'checkin.manual': async (input, ctx) => checkInPerson(ctx.db, ctx.audit, signedIn(ctx), { ...input, source: 'manual' }),

  'checkin.download': async ({ trainId, name }, ctx) => {
    const train = await trainById(ctx.db, trainId)
    const query = checkInQuery(ctx.db, trainId, name)
    const batches = keysetBatches(async (afterId, size) =>
      (await query.select(recordColumns).where('c.id', '>', afterId).orderBy('c.id').limit(size).execute()).map(toRecord),
    )
    return streamWorkbook(ctx.reply, `${train.name}签到记录.xlsx`, '签到记录', checkInColumns, batches)
  },

  'checkin.code': async ({ trainId }, ctx) => {
    const train = await trainById(ctx.db, trainId)
    const nowMs = Date.now()
    const code = checkInCode(train.checkInSecret, train.id, checkInSlot(nowMs))
    const window = await openSignInWindow(ctx.db, train.id, nowText())
    return {
      trainId,
      code,
      link: publicOriginOf(ctx) + checkInLinkOf(train.id, code),
      expiresInSeconds: secondsToNextSlot(nowMs),
      slotSeconds: CHECK_IN_SLOT_SECONDS,
      window: window ? { signInStartTime: window.signInStartTime, signInEndTime: window.signInEndTime } : null,
    }
  },

  'mobile.signUpPage': async (query, { db, reply }) => {
    const link = SignUpLinkSchema.safeParse(query)
    if (!link.success) return sendNotice(reply, 404, '培训报名', LINK_INVALID)
    const { trainId, token } = link.data
    const train = await publicTrain(db, trainId)
    if (!train || !sameSecret(train.tokenValue, token)) return sendNotice(reply, 404, '培训报名', LINK_INVALID)
    return sendPage(reply, 200, `${train.name} - 报名`, signUpPageBody(train, token, signUpClosedReason(train, nowText())))
  },

  'mobile.signUp': async ({ trainId, token, telephone, name, ...answers }, { db }) => {
    const train = await publicTrain(db, trainId)
    if (!train || !sameSecret(train.tokenValue, token)) throw new AppError(ErrorKey.NOT_FOUND, LINK_INVALID)
    const now = nowText()
    const closed = signUpClosedReason(train, now)
    if (closed) throw new AppError(ErrorKey.CONFLICT, closed)
    // The same list the page checks before posting (name and number have passed the schema).
    const given: Record<string, unknown> = { telephone, name, ...answers }
    const issues = selfSignUpRequiredFields(parseSignUpOptions(train.signUpOptions)).filter(
      (f) => given[f.path] === null || given[f.path] === undefined || given[f.path] === '',
    )
    if (issues.length > 0) throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
    const member = await memberForSignUp(db, { telephone })
    // One answer for every mismatch (unknown number, other name, disabled, other tree,
    // already signed up): the public form is no oracle of who is a member where.
    const eligible = member && member.name === name && member.enabled === 1 && member.orgPath.startsWith(train.hostPath)
    if (!eligible) throw new AppError(ErrorKey.CONFLICT, NO_MATCH)
    const { gender, company, department, jobs, partyJobs, cardsNumber, ...conference } = answers
    const identity = { gender, company, department, jobs, partyJobs, cardsNumber: cardsNumber?.toUpperCase() ?? null }
    let id: number
    try {
      id = await insertSignUp(db, train.id, { ...signUpValuesOf(member, identity), ...conference, name }, 'self', now)
    } catch (err) {
      if (err instanceof AppError && err.message === ALREADY_SIGNED_UP) throw new AppError(ErrorKey.CONFLICT, NO_MATCH)
      throw err
    }
    // The id is for the operation log (the route's `record`); the answer's schema leaves it out.
    return { id, name, trainName: train.name }
  },

  'mobile.signUpPrefill': async ({ trainId, token }, ctx) => {
    const train = await publicTrain(ctx.db, trainId)
    if (!train || !sameSecret(train.tokenValue, token)) throw new AppError(ErrorKey.NOT_FOUND, LINK_INVALID)
    const member = await memberForSignUp(ctx.db, { id: signedInMember(ctx) })
    if (!member) throw new AppError(ErrorKey.NOT_FOUND, '党员不存在')
    const { name, telephone, gender, company, department, jobs, partyJobs, cardsNumber } = signUpValuesOf(member)
    const signUp = await ctx.db.selectFrom('trainSignUp').select('id').where('trainId', '=', train.id).where('memberId', '=', member.id).executeTakeFirst()
    return { name, telephone, gender, company, department, jobs, partyJobs, cardsNumber, signedUp: signUp !== undefined }
  },

  'mobile.checkInPage': async (query, { db, reply }) => {
    const link = CheckInLinkSchema.safeParse(query)
    if (!link.success) return sendNotice(reply, 404, '培训签到', CHECK_IN_LINK_INVALID)
    const { trainId, code } = link.data
    const train = await publicTrain(db, trainId)
    const { refusal, window } = await checkInRefusal(db, train, code, Date.now())
    if (refusal || !train || !window) return sendNotice(reply, refusal === CODE_EXPIRED ? 410 : 409, '培训签到', refusal ?? TRAIN_NOT_FOUND)
    return sendPage(reply, 200, `${train.name} - 签到`, checkInPageBody(train, code, window))
  },

  // Only the member's own sign-in (the exam pages' session) checks in, and only then does
  // the answer name anyone: a code from the screen plus someone's number proves nothing.
  'mobile.checkIn': async ({ trainId, code }, ctx) => {
    const { db } = ctx
    const train = await publicTrain(db, trainId)
    const { refusal, window } = await checkInRefusal(db, train, code, Date.now())
    if (refusal || !train || !window) throw new AppError(refusal === CODE_EXPIRED ? ErrorKey.FORBIDDEN : ErrorKey.CONFLICT, refusal ?? TRAIN_NOT_FOUND)
    const signUp = await db
      .selectFrom('trainSignUp')
      .select(['id', 'name'])
      .where('trainId', '=', train.id)
      .where('memberId', '=', signedInMember(ctx))
      .executeTakeFirst()
    if (!signUp) throw new AppError(ErrorKey.NOT_FOUND, '您未报名此培训班，如有疑问请联系会务人员')
    const existing = () =>
      db.selectFrom('trainCheckIn').select('checkInTime').where('signUpId', '=', signUp.id).where('signInId', '=', window.id).executeTakeFirst()
    const earlier = await existing()
    if (earlier) return { name: signUp.name, checkInTime: earlier.checkInTime, already: true }
    const checkInTime = nowText()
    let id: number
    try {
      ;({ id } = await db.insertInto('trainCheckIn').values({ signUpId: signUp.id, trainId: train.id, signInId: window.id, checkInTime }).returning('id').executeTakeFirstOrThrow())
    } catch (err) {
      const raced = isUniqueViolation(err) ? await existing() : undefined
      if (!raced) throw err
      return { name: signUp.name, checkInTime: raced.checkInTime, already: true }
    }
    // The id is for the operation log (the route's `record`); the answer's schema leaves it out.
    return { id, name: signUp.name, checkInTime, already: false }
  },
} satisfies DomainHandlers<'checkin'> & DomainHandlers<'mobile'>
