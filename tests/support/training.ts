import type { Insertable } from 'kysely'
import type { TrainCreateBody } from '../../src-shared/schemas/training'
import { nowText } from '../../src-server/db/time'
import type { TrainTable } from '../../src-server/db/training-tables'
import type { Db } from '../../src-server/db/types'
import { DEMO_GROUP_QR_PATH } from '../../src-server/seed/demo-trainings'

const pad = (n: number) => String(n).padStart(2, '0')

/** `yyyy-MM-dd HH:mm:ss`, `days` from now (fractions allowed), in local time like the server. */
export function daysFromNow(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/**
 * A complete, valid training form: sign-up open now (from yesterday to in 5 days),
 * training in 7–8 days. Override any field per test.
 */
export function validTrainForm(overrides: Partial<TrainCreateBody> = {}): TrainCreateBody {
  return {
    name: '测试培训班',
    orgId: null,
    depName: '其他',
    sendObject: '各机关党委',
    classType: 1,
    createTime: '2026-11-01',
    description: '<p>为提高党务工作水平，决定举办本期培训班。</p>',
    content: '<p>党的创新理论</p>',
    requirement: '<p>全程参加</p>',
    trainStartTime: daysFromNow(7),
    trainEndTime: daysFromNow(8),
    classHour: 8,
    site: '省委党校',
    address: '118.7523,32.0292',
    participants: '党务干部',
    signUpStartTime: daysFromNow(-1),
    signUpEndTime: daysFromNow(5),
    maxNum: 50,
    name1: '钱晓燕',
    telephone1: '025-83391001',
    signUpOptions: [1, 2, 5],
    trainSignIns: [{ signInStartTime: daysFromNow(6.9), signInEndTime: daysFromNow(7) }],
    weChatCodes: DEMO_GROUP_QR_PATH,
    ...overrides,
  }
}

/**
 * The row of a published training (审核通过) with validTrainForm's dates, place and contact,
 * for a bench that inserts its trainings directly rather than through the API.
 */
export function publishedTrainRow(name: string, orgId: number): Insertable<TrainTable> {
  const form = validTrainForm()
  const now = nowText()
  return {
    name, orgId, depName: '其他', isTrainCenter: 0, sendObject: form.sendObject, classType: 1, createTime: now,
    description: '', content: '', requirement: '', trainStartTime: form.trainStartTime, trainEndTime: form.trainEndTime, classHour: 8,
    site: form.site, address: form.address, participants: form.participants, signUpStartTime: form.signUpStartTime,
    signUpEndTime: form.signUpEndTime, maxNum: 0, name1: form.name1, telephone1: form.telephone1, status: 30,
    tokenValue: 'bench', checkInSecret: '00', signUpOptions: '1,2,5', createdAt: now, updatedAt: now,
  }
}

/** The demo members of a top organisation (by name), in id order, read from the server's database. */
export function membersOfTopOrg(db: Db, topName: string) {
  return db
    .selectFrom('member as m')
    .innerJoin('org as top', 'top.id', 'm.topOrgId')
    .select(['m.id', 'm.name', 'm.telephone'])
    .where('top.name', '=', topName)
    .orderBy('m.id')
    .execute()
}
