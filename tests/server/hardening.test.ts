import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { hashPassword } from '../../src-server/auth/passwords'
import { sha256Hex } from '../../src-server/auth/tokens'
import { nowText } from '../../src-server/db/time'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { attemptLogin, login } from '../support/login'
import { validTrainForm } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'

/** A GET with a Host header of the caller's choosing (fetch does not let one set it). */
function getWithHost(url: string, host: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host, Token: token } }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => resolve(body))
    })
    req.on('error', reject)
    req.end()
  })
}


/**
 * The status of a GET, its body read and the connection closed: an unread body keeps
 * the socket busy, and the server's close then waits for it (the suite's hook timed out).
 */
async function statusOf(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(url, { headers: { ...headers, Connection: 'close' } })
  await response.arrayBuffer()
  return response.status
}
describe.each(testDatabases())('hardening: headers, links, rate limits ($name)', (database) => {
  let databaseUrl: string
  let server: TestServer
  let admin: string

  beforeAll(async () => {
    databaseUrl = await database.url()
    server = await startTestServer(databaseUrl, { rateLimitScale: 1 })
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
  })
  afterAll(() => server?.stop())

  it('sends nosniff, no referrer and no framing on every response: API, member page, unknown path', async () => {
    const train = dataOf((await call<TrainDetail>(server.url, 'POST', '/api/train', { token: admin, body: validTrainForm() })).body)
    for (const url of [`${server.url}/api/captcha`, train.signUpLink, `${server.url}/nowhere`, `${server.url}/api/file?path=x`]) {
      const response = await fetch(url)
      await response.arrayBuffer()
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), url).toBe('no-referrer')
      expect(response.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'")
    }
    const page = await fetch(train.signUpLink)
    await page.arrayBuffer()
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/)
  })

  it('builds the QR links from configuration, never from the Host header', async () => {
    const train = dataOf((await call<TrainDetail>(server.url, 'POST', '/api/train', { token: admin, body: validTrainForm() })).body)
    const answer = JSON.parse(await getWithHost(`${server.url}/api/train/${train.id}`, 'evil.example', admin)) as { data: TrainDetail }
    expect(answer.data.signUpLink.startsWith(`${server.url}/m/signup?`)).toBe(true)

    const configured = await startTestServer(databaseUrl, { publicUrl: 'https://px.example.cn/' })
    try {
      const token = await login(configured.url, demoAccounts.admin.username, demoAccounts.admin.password)
      const seen = JSON.parse(await getWithHost(`${configured.url}/api/train/${train.id}`, 'evil.example', token)) as { data: TrainDetail }
      expect(seen.data.signUpLink.startsWith('https://px.example.cn/m/signup?')).toBe(true)
    } finally {
      await configured.stop()
    }
  })

  it('counts public calls in the database, so two servers on one database share the limit', async () => {
    const second = await startTestServer(databaseUrl, { rateLimitScale: 1 })
    try {
      // Sign-ins before this test fetched captchas too: their hits count.
      const earlier = await server.db.selectFrom('rateLimit').select('hits').where('key', 'like', '%/api/captcha%').executeTakeFirst()
      const statuses: number[] = []
      for (let i = earlier?.hits ?? 0; i < 120; i++) statuses.push(await statusOf(`${i % 2 ? second.url : server.url}/api/captcha`))
      expect(statuses.every((s) => s === 200)).toBe(true)
      const refused = await call(second.url, 'GET', '/api/captcha')
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ code: 429, error: 'RATE_LIMITED', message: '请求过于频繁，请稍后再试' })
      // Routes without a limit are not counted.
      expect((await call(server.url, 'GET', '/api/user/info', { token: admin })).status).toBe(200)
    } finally {
      await second.stop()
    }
  })

  it('counts members taking an exam by their session, not by the hall’s shared address; made-up tokens by the address', async () => {
    const limited = await startTestServer(databaseUrl, { rateLimitScale: 1, trustProxy: 1 })
    try {
      const exams = (token: string, ip = '10.1.0.1') => statusOf(`${limited.url}/api/m/exams`, { MemberToken: token, 'X-Forwarded-For': ip })
      // 150 candidates behind one NAT address, each with a session of their own and polling once: no one is turned away.
      const members = await server.db.selectFrom('member').select('id').orderBy('id').limit(150).execute()
      const hallTokens = members.map((m) => `hall-${m.id}-${Date.now()}`)
      await server.db
        .insertInto('memberSession')
        .values(members.map((m, i) => ({ tokenHash: sha256Hex(hallTokens[i]), memberId: m.id, expiresAt: Date.now() + 3_600_000, createdAt: nowText() })))
        .execute()
      const hall = await Promise.all(hallTokens.map((token) => exams(token)))
      expect(hall.every((status) => status === 200)).toBe(true)
      // One session calling too often is.
      const own: number[] = []
      for (let i = 0; i < 120; i++) own.push(await exams(hallTokens[0]))
      expect(own.slice(0, 119).every((status) => status === 200)).toBe(true)
      expect(own[119]).toBe(429)

      // Invented tokens are no sessions: each counts against its address, so a flood of them is
      // refused after the address's 120, and the counters gain one row, not one per token.
      const countersBefore = Number((await server.db.selectFrom('rateLimit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      const flood: number[] = []
      for (let i = 0; i < 130; i++) flood.push(await exams(`made-up-${i}-${Date.now()}`, '10.1.0.2'))
      expect(flood.slice(0, 120).every((status) => status === 401)).toBe(true)
      expect(flood.slice(120).every((status) => status === 429)).toBe(true)
      const countersAfter = Number((await server.db.selectFrom('rateLimit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      expect(countersAfter - countersBefore).toBeLessThanOrEqual(1)
      // Another address is not held up by that flood.
      expect(await exams('made-up-elsewhere', '10.1.0.3')).toBe(401)
    } finally {
      await limited.stop()
    }
  })

  it('slows an address guessing members’ passwords, never locks the member out of the phone exam', async () => {
    const proxied = await startTestServer(databaseUrl, { trustProxy: 1 })
    try {
      const member = await server.db.selectFrom('member').select(['id', 'telephone']).where('enabled', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()
      await server.db.updateTable('member').set({ pwdHash: await hashPassword('Member@123') }).where('id', '=', member.id).execute()
      const from = (ip: string, password: string, telephone = member.telephone) =>
        call<{ token: string }>(proxied.url, 'POST', '/api/m/login', { body: { telephone, password }, headers: { 'X-Forwarded-For': ip } })

      for (let i = 1; i <= 4; i++) expect((await from('10.2.0.1', `wrong-${i}`)).body).toMatchObject({ error: 'BAD_CREDENTIALS', message: '手机号或密码错误' })
      const fifth = await from('10.2.0.1', 'wrong-5')
      expect(fifth.status).toBe(429)
      expect(fifth.body.message).toBe('密码错误次数过多，请 30 秒后再试')
      // The guessing address waits, even with the right password …
      expect((await from('10.2.0.1', 'Member@123')).status).toBe(429)
      // … while the member, from the exam hall, signs in at once: however many guesses, nothing locks.
      for (let i = 0; i < 10; i++) await from('10.2.0.1', `more-${i}`)
      expect((await from('10.2.0.9', 'Member@123')).body.code).toBe(0)
      // An unknown number is counted the same way: the answers tell nobody who is a member.
      for (let i = 1; i <= 4; i++) expect((await from('10.2.0.4', 'wrong', '13900000999')).body).toMatchObject({ error: 'BAD_CREDENTIALS', message: '手机号或密码错误' })
      expect((await from('10.2.0.4', 'wrong', '13900000999')).body.message).toBe('密码错误次数过多，请 30 秒后再试')
    } finally {
      await proxied.stop()
    }
  })

  it('slows a guessing address with growing delays, never locks the account or a shared address', async () => {
    const proxied = await startTestServer(databaseUrl, { trustProxy: 1 })
    try {
      const now = nowText()
      await server.db.insertInto('admin').values({ name: 'delaytest', passwordHash: await hashPassword('Delay@123'), roleId: 2, createdAt: now, updatedAt: now }).execute()
      const from = (ip: string, password: string, username = 'delaytest') =>
        attemptLogin(proxied.url, { username, password, headers: { 'X-Forwarded-For': ip } })

      for (let i = 1; i <= 4; i++) expect((await from('10.0.0.1', `wrong-${i}`)).body).toMatchObject({ error: 'BAD_CREDENTIALS' })
      const fifth = await from('10.0.0.1', 'wrong-5')
      expect(fifth.status).toBe(429)
      expect(fifth.body.message).toBe('密码错误次数过多，请 30 秒后再试')
      expect((await from('10.0.0.1', 'Delay@123')).status).toBe(429)
      // Only the configured hop is trusted: a client cannot pick its address by writing the header.
      expect((await from('9.9.9.9, 10.0.0.1', 'Delay@123')).status).toBe(429)
      // The real user, elsewhere, signs in.
      expect((await from('10.0.0.2', 'Delay@123')).body.code).toBe(0)
      // Each further failure doubles the wait.
      await server.db.updateTable('loginFailure').set((eb) => ({ at: eb('at', '-', 31_000) })).where('username', '=', 'delaytest').execute()
      expect((await from('10.0.0.1', 'wrong-6')).body.message).toBe('密码错误次数过多，请 1 分钟后再试')

      // One office behind one address: many colleagues mistyping lock nobody out.
      for (let i = 0; i < 25; i++) expect((await from('10.0.0.3', 'Password1', `colleague-${i}`)).body).toMatchObject({ error: 'BAD_CREDENTIALS' })
      expect((await from('10.0.0.3', demoAccounts.admin.password, demoAccounts.admin.username)).body.code).toBe(0)
    } finally {
      await proxied.stop()
    }
  })

  it('keeps no log row for refused anonymous calls', async () => {
    const count = async () => Number((await server.db.selectFrom('operationLog').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    for (let i = 0; i < 10; i++) {
      const refused = await call(server.url, 'POST', '/api/m/signup', { body: { trainId: 1, token: 'forged', telephone: '13800000000', name: '某人' } })
      expect(refused.status).toBe(404)
    }
    expect(await count()).toBe(before)
  })

  it('does not serve the API documentation in production', async () => {
    expect(await statusOf(`${server.url}/api/docs/json`)).toBe(200)
    const production = await startTestServer(databaseUrl, {
      production: true,
      publicUrl: 'https://px.example.cn',
      captchaTestCode: undefined,
      // A production server refuses the published login key and demo password.
      loginAesKey: 'k3Y-0f-thi5-0ff1',
      adminPassword: 'Prod2026ok',
      seedDemo: false,
    })
    try {
      expect(await statusOf(`${production.url}/api/docs/json`)).toBe(404)
      expect(await statusOf(`${production.url}/api/docs`)).toBe(404)
    } finally {
      await production.stop()
    }
  })
})
