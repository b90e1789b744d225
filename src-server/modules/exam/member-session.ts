import { AppError, ErrorKey } from '../../../src-shared/errors'
import { assertMayTry, failedAttempt, forgetFailures } from '../../auth/login-delay'
import type { PasswordGate } from '../../auth/password-gate'
import { newToken, sha256Hex } from '../../auth/tokens'
import { countMemberSignIn } from '../../http/rate-limit'
import { formatDateTime, nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { epochOf, roundWindow } from './status'

/**
 * Members sign in on the phone pages with the telephone and password of their member
 * record (spec 000 §5: the member dialog sets a password). Their sessions are their
 * own table, never an admin session: a member token opens nothing of the console; the
 * route mechanism checks it on `member` routes (http/member-auth.ts).
 * There is no captcha on the phone, so wrong passwords slow the guessing address down
 * exactly as on the console (auth/login-delay.ts) and never lock the member: a stranger
 * must not be able to keep members out of their exam (issue 25).
 */
const BAD_CREDENTIALS = '手机号或密码错误'

/** The failure counters' name for a member's telephone (apart from console account names). */
const failureName = (telephone: string) => `member:${telephone}`

/** A session lasts at least a working day: long enough for any exam started today. */
export const MEMBER_SESSION_MINUTES = 12 * 60
/** Exams ending further ahead than this do not stretch a session (a stolen phone's session must end). */
export const SESSION_AHEAD_DAYS = 31

/** The end (23:59:59, server time) of the day `text` (yyyy-MM-dd HH:mm:ss) falls on. */
const endOfDay = (text: string) => epochOf(`${text.slice(0, 10)} 23:59:59`)

/**
 * Until when a sign-in made at `now` lasts (issue 28): through the whole day of the last
 * exam round the member is a candidate of that ends within SESSION_AHEAD_DAYS, so a
 * member who signs in when the exam is announced sits it on that phone without a
 * password check in the exam's first minute; at least MEMBER_SESSION_MINUTES.
 */
export async function memberSessionEnd(db: Db, memberId: number, now: number): Promise<number> {
  const today = formatDateTime(new Date(now))
  const horizon = formatDateTime(new Date(now + SESSION_AHEAD_DAYS * 86_400_000))
  const rounds = await db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['e.startTime', 'e.endTime', 'm.isMakeUp', 'm.startTime as roundStart', 'm.endTime as roundEnd'])
    .where('m.memberId', '=', memberId)
    .where('e.closed', '=', 0)
    .where((eb) => eb.or([eb('e.endTime', '>', today), eb('m.endTime', '>', today)]))
    .execute()
  let end = now + MEMBER_SESSION_MINUTES * 60_000
  for (const r of rounds) {
    const window = roundWindow(r, { isMakeUp: r.isMakeUp, startTime: r.roundStart, endTime: r.roundEnd })
    if (window.endTime > today && window.endTime <= horizon) end = Math.max(end, endOfDay(window.endTime))
  }
  return end
}

export async function memberLogin(
  db: Db,
  request: { ip: string; passwords: PasswordGate; signal: AbortSignal; rateLimitScale?: number },
  telephone: string,
  password: string,
  now = Date.now(),
) {
  const { ip } = request
  request.passwords.assertRoom(telephone)
  // Limited per telephone (from any address) and, for wrong passwords, per telephone and address;
  // the address as a whole only has a ceiling a hall behind one NAT address does not reach (rate-limit.ts).
  await countMemberSignIn(db, telephone, request.rateLimitScale, now)
  const name = failureName(telephone)
  await assertMayTry(db, ip, name, now)
  const member = await db.selectFrom('member').select(['id', 'name', 'pwdHash', 'enabled']).where('telephone', '=', telephone).executeTakeFirst()
  const ok = await request.passwords.verify(password, member?.pwdHash ?? null, request.signal, telephone)
  if (!member || !ok) throw await failedAttempt(db, ip, name, now, new AppError(ErrorKey.BAD_CREDENTIALS, BAD_CREDENTIALS, [{ path: 'password', message: BAD_CREDENTIALS }]))
  await forgetFailures(db, ip, name)
  if (member.enabled !== 1) throw new AppError(ErrorKey.FORBIDDEN, '该党员已被禁用，请联系本单位管理员')
  const token = newToken()
  const expiresAt = await memberSessionEnd(db, member.id, now)
  await db.deleteFrom('memberSession').where('expiresAt', '<=', now).execute()
  await db.insertInto('memberSession').values({ tokenHash: sha256Hex(token), memberId: member.id, expiresAt, createdAt: nowText() }).execute()
  return { token, name: member.name, validUntil: formatDateTime(new Date(expiresAt)) }
}
