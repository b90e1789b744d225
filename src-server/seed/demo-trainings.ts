import { createHash } from 'node:crypto'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import QRCode from 'qrcode'
import { TrainStatus } from '../../src-shared/training-status'
import { OTHER_HOST_NAME } from '../../src-shared/schemas/training-codes'
import { formatDateTime } from '../db/time'
import type { ReceivedFile } from '../files/receive'
import { absoluteStoredPath } from '../files/storage'
import { recordUploads } from '../modules/files/queries'
import type { Db } from '../db/types'
import type { TrainTable } from '../db/training-tables'
import type { Insertable } from 'kysely'
import { demoTopOrgs } from './demo-data'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000

/** A time `days` from today at `hour`:`minute`, in the spec's format. */
function at(days: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + days * DAY)
  d.setHours(hour, minute, 0, 0)
  return formatDateTime(d)
}

interface DemoTraining {
  name: string
  /** Code of the hosting top organisation, or null for 其他. */
  hostCode: string | null
  classType: number
  status: number
  /** Days from today: sign-up start/end, training start/end. */
  days: [number, number, number, number]
  /** How many members of the host (or the province) are signed up. */
  signUps: number
  maxNum: number
  /** How many of them checked in at the first sign-in window (finished trainings: the ledger's hours). */
  checkedIn?: number
}

/**
 * The days of a finished training `yearsAgo` calendar years back, starting on that
 * year's `month`/`day` for `length` days, its sign-up a month to ten days before: the
 * statistics' year filter then offers this year and the two before it.
 */
function pastYear(yearsAgo: number, month: number, day: number, length: number): DemoTraining['days'] {
  const today = new Date()
  today.setHours(0, 0, 0, 0)
  const start = Math.round((new Date(today.getFullYear() - yearsAgo, month - 1, day).getTime() - today.getTime()) / DAY)
  return [start - 30, start - 10, start, start + length - 1]
}

const thisYear = new Date().getFullYear()

/** Demo classes of the year the demo is seeded that tests and guides name. */
export const DEMO_CLASS = {
  secretaries: `${thisYear}年全省机关党委书记专题培训班`,
  financeCandidates: `省财政厅${thisYear}年发展对象培训班`,
} as const

/**
 * Trainings in every state relative to the day the demo is seeded: open for sign-up,
 * in training today (with a sign-in window around now), awaiting audit, finished
 * and rejected; with sign-ups, so the lists, rosters and statistics show something.
 */
const demoTrainings: readonly DemoTraining[] = [
  { name: DEMO_CLASS.secretaries, hostCode: null, classType: 1, status: TrainStatus.PUBLISHED, days: [-3, 7, 10, 12], signUps: 9, maxNum: 60 },
  { name: DEMO_CLASS.financeCandidates, hostCode: '320101002', classType: 5, status: TrainStatus.PUBLISHED, days: [-20, -5, -1, 2], signUps: 8, maxNum: 40 },
  { name: '省教育厅新党员入党教育培训班', hostCode: '320101003', classType: 7, status: TrainStatus.ONLINE_REVIEWED, days: [5, 15, 20, 22], signUps: 0, maxNum: 50 },
  { name: '省卫健委党支部书记轮训班', hostCode: '320101004', classType: 3, status: TrainStatus.PUBLISHED, days: [-60, -45, -40, -38], signUps: 10, maxNum: 0 },
  { name: '省交通运输厅党务干部培训班', hostCode: '320101005', classType: 4, status: TrainStatus.REJECTED, days: [10, 20, 25, 26], signUps: 0, maxNum: 30 },
  { name: '省财政厅年轻党员干部能力提升班', hostCode: '320101002', classType: 6, status: TrainStatus.PUBLISHED, days: [2, 12, 16, 18], signUps: 0, maxNum: 30 },
  // The two years before this one: finished classes, most of their people checked in.
  { name: `${thisYear - 1}年全省机关党委书记专题培训班`, hostCode: null, classType: 1, status: TrainStatus.PUBLISHED, days: pastYear(1, 4, 15, 3), signUps: 12, maxNum: 60, checkedIn: 10 },
  { name: `省财政厅${thisYear - 1}年党支部书记培训班`, hostCode: '320101002', classType: 3, status: TrainStatus.PUBLISHED, days: pastYear(1, 9, 20, 2), signUps: 8, maxNum: 40, checkedIn: 7 },
  { name: `省教育厅${thisYear - 2}年发展对象培训班`, hostCode: '320101003', classType: 5, status: TrainStatus.PUBLISHED, days: pastYear(2, 5, 10, 3), signUps: 10, maxNum: 40, checkedIn: 9 },
  { name: `省卫健委${thisYear - 2}年党务干部培训班`, hostCode: '320101004', classType: 4, status: TrainStatus.PUBLISHED, days: pastYear(2, 10, 16, 2), signUps: 6, maxNum: 30, checkedIn: 6 },
]

function trainRow(t: DemoTraining, host: { id: number; name: string }, now: string, groupQr: string): Insertable<TrainTable> {
  const [signUpStart, signUpEnd, trainStart, trainEnd] = t.days
  return {
    name: t.name,
    orgId: host.id,
    depName: t.hostCode ? host.name : OTHER_HOST_NAME,
    isTrainCenter: t.hostCode ? 1 : 0,
    sendObject: '各机关党委（党组）',
    classType: t.classType,
    classTypeName: null,
    createTime: at(signUpStart - 2, 0),
    description: '<p>为深入学习贯彻党的二十大精神，进一步提高机关党务工作水平，经研究，决定举办本期培训班。现将有关事项通知如下。</p>',
    content: '<p>党的创新理论；党章党规党纪；机关党建业务知识；典型案例交流。</p>',
    requirement: '<p>参训学员须全程参加，不得无故缺课；请假须经所在单位同意并报培训班。</p>',
    trainStartTime: at(trainStart, 9),
    trainEndTime: at(trainEnd, 17),
    classHour: (trainEnd - trainStart + 1) * 8,
    site: '省委党校（南京市建邺区水西门大街）',
    address: '118.7523,32.0292',
    participants: '各单位党组织书记、党务干部',
    signUpMarks: null,
    signUpStartTime: at(signUpStart, 8),
    signUpEndTime: at(signUpEnd, 18),
    maxNum: t.maxNum,
    name1: '钱晓燕',
    telephone1: '025-83391001',
    name2: null,
    telephone2: null,
    name3: null,
    telephone3: null,
    status: t.status,
    rejectReason: t.status === TrainStatus.REJECTED ? '培训对象与发送对象不一致，请修改后重新提交' : null,
    tokenValue: randomBytes(16).toString('hex'),
    checkInSecret: randomBytes(32).toString('hex'),
    signUpOptions: '1,2,4,5,8,11,12,13,15',
    signUpTips: '请填写党内职务及行政职务',
    signUpTips2: null,
    signUpTips3: '报名成功后请按时参训。',
    weChatCodes: groupQr,
    createdAt: now,
    updatedAt: now,
  }
}

/**
 * The demo trainings' group QR image (群二维码, required by the editor), written into the
 * upload folder as an upload would be; returns its stored path.
 */
const DEMO_GROUP_QR_TEXT = '演示培训班学员群'

/**
 * The demo group QR image's stored path: fixed (a hash of its text), so that test forms
 * can name the one file every demo database has issued.
 */
export const DEMO_GROUP_QR_PATH = `2026/01/${createHash('sha256').update(DEMO_GROUP_QR_TEXT).digest('hex').slice(0, 32)}.png`

export async function writeDemoGroupQr(uploadDir: string): Promise<ReceivedFile> {
  const path = DEMO_GROUP_QR_PATH
  const absolute = absoluteStoredPath(uploadDir, path)
  const image = await QRCode.toBuffer(DEMO_GROUP_QR_TEXT, { width: 360, margin: 2 })
  await mkdir(dirname(absolute), { recursive: true })
  await writeFile(absolute, image)
  return { path, name: '群二维码.png', size: image.length, mime: 'image/png' }
}

/** The demo trainings, their sign-in windows and sign-ups; `groupQr` is recorded as the super user's upload. */
export async function seedDemoTrainings(db: Db, groupQr: ReceivedFile): Promise<void> {
  const superUser = await db.selectFrom('admin').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()
  await recordUploads(db, [groupQr], superUser.id)
  const now = formatDateTime(new Date())
  const root = await db.selectFrom('org').select(['id', 'name']).where('parentId', 'is', null).executeTakeFirstOrThrow()
  const codes = demoTopOrgs.map((t) => t.code)
  const tops = await db.selectFrom('org').select(['id', 'name', 'orgCode']).where('orgCode', 'in', codes).execute()
  for (const t of demoTrainings) {
    const host = t.hostCode ? tops.find((o) => o.orgCode === t.hostCode) : root
    if (!host) throw new Error(`demo host ${t.hostCode} missing`)
    const { id: trainId } = await db.insertInto('train').values(trainRow(t, host, now, groupQr.path)).returning('id').executeTakeFirstOrThrow()
    const [, , trainStart, trainEnd] = t.days
    const windows = [{ signInStartTime: at(trainStart, 8), signInEndTime: at(trainStart, 9) }]
    // The training running today gets a window around now, so check-in can be tried at once.
    if (trainStart <= 0 && trainEnd >= 0) {
      windows.push({ signInStartTime: formatDateTime(new Date(Date.now() - HOUR)), signInEndTime: formatDateTime(new Date(Date.now() + 8 * HOUR)) })
    }
    const [firstWindow] = await db.insertInto('trainSignIn').values(windows.map((w) => ({ ...w, trainId }))).returning('id').execute()
    if (t.signUps === 0) continue
    let members = db
      .selectFrom('member as m')
      .innerJoin('org as top', 'top.id', 'm.topOrgId')
      .select(['m.id as memberId', 'm.name', 'm.telephone', 'm.gender', 'm.nation', 'm.orgId', 'top.name as company', 'm.department', 'm.jobs', 'm.partyJobs', 'm.tenureTime', 'm.sameTenureYear', 'm.idcard as cardsNumber'])
      .orderBy('m.id')
      .limit(t.signUps)
    if (host.id !== root.id) members = members.where('m.topOrgId', '=', host.id)
    const people = await members.execute()
    const signedUp = await db
      .insertInto('trainSignUp')
      .values(people.map((p, i) => ({ ...p, trainId, source: i % 3 === 0 ? 'self' : 'admin', needRoom: i % 2, arrivalType: '自行前往', createdAt: now, updatedAt: now })))
      .returning('id')
      .execute()
    const arrived = signedUp.slice(0, t.checkedIn ?? 0).map(({ id }, i) => ({ signUpId: id, trainId, signInId: firstWindow.id, checkInTime: at(trainStart, 8, 10 + i) }))
    if (arrived.length > 0) await db.insertInto('trainCheckIn').values(arrived).execute()
  }
}
