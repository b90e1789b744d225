import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Exam } from '../../src-shared/schemas/exam'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { sha256Hex } from '../../src-server/auth/tokens'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, MEMBER_PASSWORD, signUpMembers, validExamForm } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { signInAs, type ApiAs } from './api-as'
import { call, startTestServer, type TestServer } from './harness'

/** The exam morning (issue 28): sessions made ahead, the bounded password check, a hall behind one address. */
describe.each(testDatabases())('exam morning: sign-in at scale ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number
  let paper: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 3)
    trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people.slice(0, 2))
    paper = await insertPaper(server.db, '早晨试卷')
  })
  afterAll(() => server?.stop())

  const signIn = (telephone: string, password = MEMBER_PASSWORD) =>
    call<{ token: string; name: string; validUntil: string }>(server.url, 'POST', '/api/m/login', { body: { telephone, password } })
  const expiryOf = async (token: string) =>
    Number((await server.db.selectFrom('memberSession').select('expiresAt').where('tokenHash', '=', sha256Hex(token)).executeTakeFirstOrThrow()).expiresAt)

  it('keeps a session made when the exam is announced through the whole exam day; later exams do not stretch it', async () => {
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper, { startTime: daysFromNow(3), endTime: daysFromNow(3.1) }))).body)
    const examDay = exam.endTime.slice(0, 10)
    const early = dataOf((await signIn(people[0].telephone)).body)
    expect(early.validUntil).toBe(`${examDay} 23:59:59`)
    expect(await expiryOf(early.token)).toBe(new Date(`${examDay}T23:59:59`).getTime())
    // The session opens the member's exams without another password.
    expect((await call(server.url, 'GET', '/api/m/exams', { headers: { MemberToken: early.token } })).body.code).toBe(0)

    // An exam two months ahead is no reason to keep a phone signed in: a working day, as before.
    const later = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, later, [people[2]])
    expect((await admin.post<Exam>('/api/exam', validExamForm(later, paper, { startTime: daysFromNow(60), endTime: daysFromNow(60.1) }))).status).toBe(200)
    const before = Date.now()
    const far = dataOf((await signIn(people[2].telephone)).body)
    const lasts = (await expiryOf(far.token)) - before
    expect(lasts).toBeGreaterThanOrEqual(12 * 60 * 60_000 - 1000)
    expect(lasts).toBeLessThan(12 * 60 * 60_000 + 60_000)
  })
})
