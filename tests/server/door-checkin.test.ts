import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckInRecord, DoorCheckInResult, SignUpMember } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { KEY_OF_ANOTHER_WRITE } from '../../src-server/db/idempotency'
import { routes } from '../../src-shared/api'
import { testDatabases } from '../support/databases'

const SEAT_SAVE_PATH = routes['seat.save'].path
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

describe.each(testDatabases())('door check-in, 补签 and the check-in export ($name)', (database) => {
  let server: TestServer
  let admin: string
  let orgadmin: string
  let finance: { id: number; name: string; telephone: string }[]

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    finance = await membersOfTopOrg(server.db, '省财政厅机关党委')
  })
  afterAll(() => server?.stop())

  const api = <T>(token: string, method: string, path: string, body?: unknown, query?: Record<string, string>) =>
    call<T>(server.url, method, path, { token, body, query })

  /** A published training of orgadmin's unit with `count` people signed up, its sign-in window open now. */
  async function trainingWith(count: number) {
    const form = validTrainForm({ trainSignIns: [{ signInStartTime: daysFromNow(-0.5), signInEndTime: daysFromNow(0.5) }] })
    const train = dataOf((await api<TrainDetail>(orgadmin, 'POST', '/api/train', form)).body)
    dataOf((await api(admin, 'PATCH', '/api/train/audit', { id: train.id, status: 30 })).body)
    const people: SignUpMember[] = []
    for (const m of finance.slice(0, count)) people.push(dataOf((await api<SignUpMember>(orgadmin, 'POST', '/api/train/sign/up/member', { trainId: train.id, memberId: m.id })).body))
    return { train, people }
  }
  const door = (body: Record<string, unknown>, token = orgadmin) => api<DoorCheckInResult>(token, 'POST', '/api/train/checkin/door', body)
  const rowsOf = (signUpId: number) => server.db.selectFrom('trainCheckIn').selectAll().where('signUpId', '=', signUpId).execute()

  it('checks a person in once: a second check-in, from any console, says 已签到 with the first time', async () => {
    const { train, people } = await trainingWith(2)
    const first = await door({ trainId: train.id, signUpId: people[0].id, checkInTime: daysFromNow(-0.1), idempotencyKey: 'console-a-0001' })
    expect(first.status).toBe(200)
    expect(dataOf(first.body)).toMatchObject({ already: false, name: people[0].name })
    const again = dataOf((await door({ trainId: train.id, signUpId: people[0].id, idempotencyKey: 'console-b-0001' })).body)
    expect(again).toMatchObject({ already: true, checkInTime: dataOf(first.body).checkInTime })
    // A replay of console A's own queued check-in answers what it answered the first time, and logs no second check-in.
    const logged = () => server.db.selectFrom('operationLog').select('after').where('route', '=', 'checkin.door').where('after', 'is not', null).execute()
    const loggedBefore = (await logged()).length
    expect(dataOf((await door({ trainId: train.id, signUpId: people[0].id, checkInTime: daysFromNow(-0.1), idempotencyKey: 'console-a-0001' })).body)).toEqual(dataOf(first.body))
    expect(await logged()).toHaveLength(loggedBefore)
    expect(await rowsOf(people[0].id)).toHaveLength(1)
    const list = dataOf((await api<Page<CheckInRecord>>(orgadmin, 'GET', '/api/train/checkin', undefined, { trainId: String(train.id) })).body)
    expect(list.records.map((r) => [r.name, r.source])).toEqual([[people[0].name, 'door']])
    const signUp = dataOf((await api<SignUpMember>(orgadmin, 'GET', `/api/train/sign/up/member/${people[0].id}`)).body)
    expect(signUp.checkInTime).toBe(dataOf(first.body).checkInTime)
  })

  it('keeps the earliest time when an offline console replays an earlier check-in', async () => {
    const { train, people } = await trainingWith(1)
    const later = dataOf((await door({ trainId: train.id, signUpId: people[0].id, checkInTime: daysFromNow(-0.05) })).body)
    const earlierTime = daysFromNow(-0.2)
    const earlier = dataOf((await door({ trainId: train.id, signUpId: people[0].id, checkInTime: earlierTime, idempotencyKey: 'offline-0002' })).body)
    expect(later.already).toBe(false)
    expect(earlier).toMatchObject({ already: true, checkInTime: earlierTime })
    expect((await rowsOf(people[0].id)).map((r) => r.checkInTime)).toEqual([earlierTime])
    // A console whose clock is ahead of the server's checks in at the server's now, never later.
    const next = await trainingWith(1)
    const ahead = dataOf((await door({ trainId: next.train.id, signUpId: next.people[0].id, checkInTime: daysFromNow(1) })).body)
    expect(ahead.checkInTime <= daysFromNow(0)).toBe(true)
  })

  it('counts copies sent at the same moment once, with the earliest time', async () => {
    const { train, people } = await trainingWith(1)
    const times = [daysFromNow(-0.1), daysFromNow(-0.3), daysFromNow(-0.2), daysFromNow(-0.15)]
    const answers = await Promise.all(times.map((t, i) => door({ trainId: train.id, signUpId: people[0].id, checkInTime: t, idempotencyKey: `same-moment-${i}-x` })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const rows = await rowsOf(people[0].id)
    expect(rows.map((r) => r.checkInTime)).toEqual([times[1]])
    expect(answers.filter((a) => !dataOf(a.body).already)).toHaveLength(1)
    // Copies of one key at once: every copy gets the first copy's answer.
    const key = { trainId: train.id, signUpId: people[0].id, checkInTime: daysFromNow(-0.01), idempotencyKey: 'one-key-copies' }
    const copies = await Promise.all([door(key), door(key), door(key)])
    expect(new Set(copies.map((c) => JSON.stringify(c.body)))).toHaveProperty('size', 1)
    expect(await rowsOf(people[0].id)).toHaveLength(1)
  })

  it('refuses a key already used by another kind of write instead of answering that write’s result', async () => {
    const { train, people } = await trainingWith(1)
    const key = 'shared-key-0001'
    const first = await door({ trainId: train.id, signUpId: people[0].id, idempotencyKey: key })
    expect(first.status).toBe(200)
    const seats = await api(orgadmin, 'POST', SEAT_SAVE_PATH, { trainId: train.id, rowNumber: 2, columnNumber: 2, baseRevision: 0, trainMemberLocations: [], idempotencyKey: key })
    expect(seats.status).toBe(409)
    expect(seats.body.message).toBe(KEY_OF_ANOTHER_WRITE)
  })

  it('refuses a person no longer signed up, and one of another training, changing nothing', async () => {
    const a = await trainingWith(1)
    const b = await trainingWith(1)
    const wrong = await door({ trainId: a.train.id, signUpId: b.people[0].id })
    expect(wrong.status).toBe(404)
    expect(await rowsOf(b.people[0].id)).toHaveLength(0)
    dataOf((await api(orgadmin, 'DELETE', `/api/train/sign/up/member/${a.people[0].id}`)).body)
    const gone = await door({ trainId: a.train.id, signUpId: a.people[0].id, idempotencyKey: 'cancelled-0001' })
    expect(gone.status).toBe(404)
  })

  it('补签 needs a reason, keeps it, is logged, and is exported with the list', async () => {
    const { train, people } = await trainingWith(2)
    const time = daysFromNow(-0.25)
    const missing = await api(orgadmin, 'POST', '/api/train/checkin/manual', { trainId: train.id, signUpId: people[1].id, checkInTime: time, reason: '  ' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('请填写补签原因')
    const future = await api(orgadmin, 'POST', '/api/train/checkin/manual', { trainId: train.id, signUpId: people[1].id, checkInTime: daysFromNow(1), reason: '手机没电' })
    expect(future.body.message).toBe('补签时间不能晚于当前时间')
    expect(await rowsOf(people[1].id)).toHaveLength(0)
    const made = await api<DoorCheckInResult>(orgadmin, 'POST', '/api/train/checkin/manual', { trainId: train.id, signUpId: people[1].id, checkInTime: time, reason: '手机没电，现场登记' })
    expect(dataOf(made.body)).toMatchObject({ already: false, checkInTime: time })
    const log = await server.db.selectFrom('operationLog').select(['route', 'after', 'ok']).where('route', '=', 'checkin.manual').where('ok', '=', 1).execute()
    expect(log.some((l) => (l.after ?? '').includes('手机没电，现场登记'))).toBe(true)
    dataOf((await door({ trainId: train.id, signUpId: people[0].id })).body)

    const response = await fetch(`${server.url}/api/train/checkin/download?trainId=${train.id}`, { headers: { Token: orgadmin } })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名', '手机号', '所在组织', '签到时间', '签到方式', '补签原因'])
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1))
    expect(rows).toContainEqual([people[1].name, people[1].telephone, people[1].orgName, time, '补签', '手机没电，现场登记'])
    expect(rows.map((r) => r[4])).toContain('签到台')
  })
})
