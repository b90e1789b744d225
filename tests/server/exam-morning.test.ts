import { randomBytes, scryptSync } from 'node:crypto'
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { Exam } from '../../src-shared/schemas/exam'
import type { TrainDetail } from '../../src-shared/schemas/training'
import type { GateEvent } from '../../src-server/auth/password-gate'
import { sha256Hex } from '../../src-server/auth/tokens'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, MEMBER_PASSWORD, signUpMembers, validExamForm } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { nowText } from '../../src-server/db/time'
import { eventually } from '../core/harness'
import { signInAs, type ApiAs } from './api-as'
import { call, startTestServer, type TestServer } from './harness'

/** The exam morning (issue 28): sessions made ahead, the bounded password check, a hall behind one address. */
/**
 * A stored password hash of the project's format at scrypt's parallelism p = 64: sixty-four
 * ordinary checks in a row, so a sign-in of this member keeps the one check slot of the
 * tests' queue busy long enough to watch what happens behind it.
 */
function slowHash(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 64, maxmem: 64 * 1024 * 1024 })
  return ['scrypt', 16384, 8, 64, salt.toString('base64'), hash.toString('base64')].join('$')
}

describe.each(testDatabases())('exam morning: sign-in at scale ($name)', (database) => {
  let server: TestServer
  const events: Record<GateEvent, number> = { hash: 0, queued: 0, dropped: 0, refused: 0 }
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number
  let paper: number

  beforeAll(async () => {
    // One check at a time, two waiting, and a wait of 300 ms at most: small enough to fill by hand.
    server = await startTestServer(await database.url(), { passwordGate: { concurrency: 1, queueBound: 2, maxWaitMs: 300, observe: (e) => (events[e] += 1) } })
    admin = await signInAs(server.url, demoAccounts.admin)
    people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 4)
    trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people.slice(0, 2))
    paper = await insertPaper(server.db, '早晨试卷')
    await server.db.updateTable('member').set({ pwdHash: slowHash(MEMBER_PASSWORD) }).where('id', '=', people[3].id).execute()
  })
  afterAll(() => server?.stop())

  /** A phone's sign-in: its status, envelope and Retry-After header. */
  const signIn = async (telephone: string, password = MEMBER_PASSWORD) => {
    const response = await fetch(`${server.url}/api/m/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ telephone, password }) })
    const body = (await response.json()) as ApiEnvelope<{ token: string; name: string; validUntil: string }>
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') }
  }
  /** Starts the slow member's sign-in and returns once its hash is running, with its answer to come. */
  const occupy = async () => {
    const hashes = events.hash
    const answer = signIn(people[3].telephone)
    await eventually('the slow check runs', 10_000, async () => events.hash > hashes)
    // Wrapped: an async function returning the promise itself would wait for it.
    return { answer }
  }
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

  it('answers at once, beyond the queue’s bound, 登录人数较多，请稍候 with a retry time; a check that waited too long is not hashed', async () => {
    const start = { ...events }
    let slowDone = false
    const slow = (await occupy()).answer.then((r) => ((slowDone = true), r))
    const waiting = [signIn(people[0].telephone), signIn(people[1].telephone)]
    await eventually('two checks wait', 10_000, async () => events.queued - start.queued === 2)
    const refused = await signIn(people[2].telephone)
    // Answered while the one check slot is still busy: no wait behind the queue.
    expect(slowDone).toBe(false)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: 429, error: 'RATE_LIMITED', message: '登录人数较多，请稍候' })
    const retryAfter = (refused.body.data as { retryAfter: number }).retryAfter
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(refused.retryAfter).toBe(String(retryAfter))

    expect((await slow).status).toBe(200)
    // The two behind it waited past 300 ms: answered "retry", never hashed.
    for (const r of await Promise.all(waiting)) expect(r.body).toMatchObject({ code: 429, message: '登录人数较多，请稍候' })
    expect(events.hash - start.hash).toBe(1)
    expect(events.dropped - start.dropped).toBe(2)
    // A refused sign-in is no wrong password: the member signs in at once afterwards.
    expect((await signIn(people[1].telephone)).status).toBe(200)
  })

  it('drops a sign-in whose phone gave up before its hash', async () => {
    const start = { ...events }
    const slow = (await occupy()).answer
    // The phone gives up: its connection closes while the sign-in waits.
    const phone = request(`${server.url}/api/m/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, agent: false })
    const abandoned = new Promise<string>((resolve) => {
      phone.on('response', () => resolve('answered'))
      phone.on('error', () => resolve('gone'))
    })
    phone.end(JSON.stringify({ telephone: people[0].telephone, password: MEMBER_PASSWORD }))
    await eventually('the sign-in waits', 10_000, async () => events.queued - start.queued === 1)
    phone.destroy()
    await eventually('the abandoned sign-in leaves the queue', 10_000, async () => events.dropped - start.dropped === 1)
    expect(await abandoned).toBe('gone')
    expect((await slow).status).toBe(200)
    // Only the slow member's check was hashed.
    expect(events.hash - start.hash).toBe(1)
  })
})

/** A stored hash at scrypt N = 1024 (the format carries its cost): a thousand checks in seconds, through the same code. */
function cheapHash(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 })
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$')
}

describe.each(testDatabases())('exam morning: a hall behind one address ($name)', (database) => {
  const PHONES = 1000
  let server: TestServer
  let databaseUrl: string
  let telephones: string[]

  beforeAll(async () => {
    // The real limits (not the tests' ×20), the real queue.
    databaseUrl = await database.url()
    server = await startTestServer(databaseUrl, { rateLimitScale: 1, trustProxy: 1 })
    const branch = await server.db.selectFrom('org').select(['id', 'topOrgId', 'path']).where('orgType', '=', '党支部').orderBy('id').executeTakeFirstOrThrow()
    const now = nowText()
    const pwdHash = cheapHash(MEMBER_PASSWORD)
    telephones = Array.from({ length: PHONES }, (_, i) => `166${String(i).padStart(8, '0')}`)
    for (let i = 0; i < PHONES; i += 250) {
      await server.db
        .insertInto('member')
        .values(telephones.slice(i, i + 250).map((telephone, j) => ({ name: `会场${i + j}`, telephone, pwdHash, orgId: branch.id, orgPath: branch.path, topOrgId: branch.topOrgId, enabled: 1, createdAt: now, updatedAt: now })))
        .execute()
    }
  })
  afterAll(() => server?.stop())

  /** What the phone page does: load it, sign in, and when told the queue is full wait the time given and try again. */
  async function phone(telephone: string): Promise<{ page: number; signIn: ApiEnvelope<unknown> }> {
    const page = (await fetch(`${server.url}/m/exam`)).status
    for (;;) {
      const answer = await call(server.url, 'POST', '/api/m/login', { body: { telephone, password: MEMBER_PASSWORD } })
      const retryAfter = answer.body.code === 429 && answer.body.message === '登录人数较多，请稍候' ? answer.body.data?.retryAfter : undefined
      if (retryAfter === undefined) return { page, signIn: answer.body }
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 * Math.random()))
    }
  }

  it('signs in a hall of 1,000 phones from one address, none turned away', async () => {
    const results: { page: number; signIn: ApiEnvelope<unknown> }[] = []
    // 100 phones at a time: a hall's Wi-Fi, not one burst of 1,000 sockets from the test process.
    for (let next = 0; next < PHONES; ) {
      const batch = telephones.slice(next, (next += 100))
      results.push(...(await Promise.all(batch.map(phone))))
    }
    expect(results.filter((r) => r.page !== 200)).toEqual([])
    expect(results.filter((r) => r.signIn.code !== 0).map((r) => r.signIn.message)).toEqual([])
  }, 120_000)

  it('limits one telephone to 60 sign-ins a minute, from any address', async () => {
    const telephone = '16699999999'
    const results: number[] = []
    // Each guess from another address, so the address's wrong-password delay never applies: this is the telephone's own count.
    const guess = (i: number) => call(server.url, 'POST', '/api/m/login', { body: { telephone, password: 'wrong' }, headers: { 'X-Forwarded-For': `10.9.${i >> 8}.${i & 255}` } })
    for (let i = 0; i < 61; i++) results.push((await guess(i)).body.code)
    expect(results.slice(0, 60).every((code) => code === 400)).toBe(true)
    expect(results[60]).toBe(429)
  })

  it('limits a session’s exam calls across two server processes without a counter write per call', async () => {
    const second = await startTestServer(databaseUrl, { rateLimitScale: 1 })
    try {
      const token = dataOf((await call<{ token: string }>(server.url, 'POST', '/api/m/login', { body: { telephone: telephones[5], password: MEMBER_PASSWORD } })).body).token
      const exams = async (url: string) => (await call(url, 'GET', '/api/m/exams', { headers: { MemberToken: token } })).status
      const counted = async () =>
        (await server.db.selectFrom('rateLimit').select(['key', 'hits']).where('key', 'like', 'exam calls member:%').execute()).reduce((sum, r) => sum + Number(r.hits), 0)
      // Fifteen calls claim the session's budget twice, ten at a time: two counter writes, not fifteen.
      for (let i = 0; i < 15; i++) expect(await exams(server.url)).toBe(200)
      expect(await counted()).toBe(20)
      // Alternating between the two processes, the session still gets 120 calls a minute in all, no more.
      const statuses: number[] = []
      for (let i = 15; i < 125; i++) statuses.push(await exams(i % 2 ? second.url : server.url))
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(105)
      expect(statuses.slice(0, 95).every((s) => s === 200)).toBe(true)
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5)
    } finally {
      await second.stop()
    }
  })
})
