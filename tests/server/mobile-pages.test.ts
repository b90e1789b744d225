import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiFailure } from '../../src-shared/errors'
import type { SignUpMember, SignUpPrefill } from '../../src-shared/schemas/signup'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { checkInCode, checkInSlot } from '../../src-server/modules/signup/checkin-code'
import { NO_MATCH } from '../../src-server/modules/signup/checkin-handlers'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { hashPassword } from '../../src-server/auth/passwords'
import { MEMBER_PASSWORD } from '../support/exam'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { login } from '../support/login'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }
interface CheckInCode { code: string; link: string; expiresInSeconds: number; window: { signInStartTime: string } | null }

describe.each(testDatabases())('member-facing sign-up and check-in pages ($name)', (database) => {
  let server: TestServer
  let admin: string
  let finance: { id: number; name: string; telephone: string }[]
  let office: { id: number; name: string; telephone: string }[]

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    finance = await membersOfTopOrg(server.db, '省财政厅机关党委')
    office = await membersOfTopOrg(server.db, '省委办公厅机关党委')
  })
  afterAll(() => server?.stop())

  const api = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>, token = admin) =>
    call<T>(server.url, method, path, { token, body, query })

  async function published(overrides = {}): Promise<TrainDetail> {
    const host = dataOf((await api<{ orgId: number | null; name: string }[]>('GET', '/api/train/hostUnits')).body).find((h) => h.name === '省财政厅机关党委')!
    const train = dataOf((await api<TrainDetail>('POST', '/api/train', validTrainForm({ orgId: host.orgId, ...overrides }))).body)
    dataOf((await api('PATCH', '/api/train/audit', { id: train.id, status: 30 })).body)
    return train
  }

  const selfSignUp = (body: Record<string, unknown>) => call<{ name: string; trainName: string }>(server.url, 'POST', '/api/m/signup', { body })

  it('serves the sign-up page the QR code links to: a mobile form built from the training\'s options', async () => {
    const train = await published({ name: '手机报名<测试>班', signUpOptions: [1, 2, 12, 15, 99], signUpTips2: '张三，男，预算处' })
    const response = await fetch(train.signUpLink)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/)
    const html = await response.text()
    expect(html).toContain('<meta name="viewport"')
    // Pinch-zoom stays allowed (WCAG 1.4.4): no maximum scale, no user-scalable=no.
    expect(/<meta name="viewport" content="([^"]*)"/.exec(html)?.[1]).toBe('width=device-width,initial-scale=1')
    expect(html).toContain('手机报名&lt;测试&gt;班')
    for (const field of ['telephone', 'name', 'gender', 'arrivalType', 'needRoom']) expect(html).toContain(`name="${field}"`)
    expect(html).not.toContain('name="cardsNumber"')
    expect(html).toContain('张三，男，预算处')

    const wrong = await fetch(`${server.url}/m/signup?trainId=${train.id}&token=wrong`)
    expect(wrong.status).toBe(404)
    expect(await wrong.text()).toContain('报名链接无效')
  })

  it('answers a QR link with missing or damaged parameters with the phone page saying so, never the API\'s JSON', async () => {
    const links = [
      ['/m/checkin', '签到二维码无效，请重新扫描会场大屏上的二维码'],
      ['/m/checkin?trainId=abc&code=', '签到二维码无效，请重新扫描会场大屏上的二维码'],
      ['/m/checkin?trainId=1&trainId=2&code=x', '签到二维码无效，请重新扫描会场大屏上的二维码'],
      ['/m/signup', '报名链接无效'],
      ['/m/signup?trainId=-3&token=abc', '报名链接无效'],
      ['/m/signup?id=5', '报名链接无效'],
    ] as const
    for (const [link, message] of links) {
      const response = await fetch(server.url + link)
      expect(response.status, link).toBe(404)
      expect(response.headers.get('content-type'), link).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html, link).toContain('<meta name="viewport"')
      expect(html, link).not.toMatch(/maximum-scale|user-scalable/)
      expect(html, link).toContain(`<p>${message}</p>`)
    }
    const exam = await fetch(`${server.url}/m/exam?trainId=abc`)
    expect([exam.status, exam.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
  })

  it('signs a member up by name and telephone together, with one neutral answer for every mismatch', async () => {
    const train = await published({ signUpOptions: [1, 12], maxNum: 2 })
    const base = { trainId: train.id, token: train.tokenValue }

    const missing = await selfSignUp({ ...base, telephone: finance[0].telephone })
    expect(missing.status).toBe(400)
    expect((missing.body as ApiFailure).data?.issues).toEqual([{ path: 'name', message: '请输入姓名' }])
    const noArrival = await selfSignUp({ ...base, telephone: finance[0].telephone, name: finance[0].name })
    expect((noArrival.body as ApiFailure).data?.issues).toEqual([{ path: 'arrivalType', message: '请选择到达方式' }])
    const badToken = await selfSignUp({ ...base, token: 'x', telephone: finance[0].telephone, name: finance[0].name, arrivalType: '自行前往' })
    expect(badToken.body.message).toBe('报名链接无效')

    const ok = await selfSignUp({ ...base, telephone: finance[0].telephone, name: finance[0].name, arrivalType: '集中前往' })
    expect(dataOf(ok.body)).toEqual({ name: finance[0].name, trainName: train.name })
    const list = dataOf((await api<SignUpMember[]>('GET', '/api/train/sign/up/member/all', undefined, { trainId: String(train.id) })).body)
    expect(list).toMatchObject([{ memberId: finance[0].id, source: 'self', arrivalType: '集中前往', company: '省财政厅机关党委' }])

    // Unknown number, a bare number with another name, another tree, disabled, already
    // signed up: the same status and words, and never the member's real name.
    await server.db.updateTable('member').set({ enabled: 0 }).where('id', '=', finance[1].id).execute()
    const mismatches = [
      { telephone: '19900000000', name: '某人' },
      { telephone: finance[2].telephone, name: '某人' },
      { telephone: office[0].telephone, name: office[0].name },
      { telephone: finance[1].telephone, name: finance[1].name },
      { telephone: finance[0].telephone, name: finance[0].name },
    ]
    const answers = await Promise.all(mismatches.map((m) => selfSignUp({ ...base, ...m, arrivalType: '自行前往' })))
    for (const answer of answers) {
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 409, message: NO_MATCH })
      expect(JSON.stringify(answer.body)).not.toContain(finance[2].name)
    }
    await server.db.updateTable('member').set({ enabled: 1 }).where('id', '=', finance[1].id).execute()

    dataOf((await selfSignUp({ ...base, telephone: finance[2].telephone, name: finance[2].name, arrivalType: '自行前往' })).body)
    const full = await selfSignUp({ ...base, telephone: finance[3].telephone, name: finance[3].name, arrivalType: '自行前往' })
    expect(full.body.message).toBe('报名人数已满')
    expect(await (await fetch(train.signUpLink)).text()).toContain('报名人数已满')
  })

  it('refuses self sign-up outside the window and before publishing', async () => {
    const later = await published({ signUpStartTime: daysFromNow(1), signUpEndTime: daysFromNow(3) })
    const early = await selfSignUp({ trainId: later.id, token: later.tokenValue, telephone: finance[4].telephone, name: 'x' })
    expect(early.body.message).toBe('报名尚未开始')
    expect(await (await fetch(later.signUpLink)).text()).toContain('报名尚未开始')

    const unpublished = dataOf((await api<TrainDetail>('POST', '/api/train', validTrainForm())).body)
    const waiting = await selfSignUp({ trainId: unpublished.id, token: unpublished.tokenValue, telephone: finance[4].telephone, name: 'x' })
    expect(waiting.body.message).toBe('培训班尚未发布')
  })

  /** A member with a password of their own, signed in on the phone pages: the MemberToken header. */
  async function memberSignedIn(member: { id: number; telephone: string }): Promise<Record<string, string>> {
    await server.db.updateTable('member').set({ pwdHash: await hashPassword(MEMBER_PASSWORD) }).where('id', '=', member.id).execute()
    const signedIn = dataOf((await call<{ token: string }>(server.url, 'POST', '/api/m/login', { body: { telephone: member.telephone, password: MEMBER_PASSWORD } })).body)
    return { MemberToken: signedIn.token }
  }

  it('checks in the signed-in member with the rotating code inside a sign-in window only, once per window', async () => {
    const train = await published({
      signUpOptions: [1],
      trainSignIns: [{ signInStartTime: daysFromNow(-0.01), signInEndTime: daysFromNow(0.05) }],
    })
    dataOf((await api('POST', '/api/train/sign/up/member', { trainId: train.id, memberId: finance[5].id })).body)

    const current = dataOf((await api<CheckInCode>('GET', '/api/train/checkin/code', undefined, { trainId: String(train.id) })).body)
    expect(current.window).not.toBeNull()
    expect(current.expiresInSeconds).toBeGreaterThan(0)
    expect(current.expiresInSeconds).toBeLessThanOrEqual(30)
    expect(current.link).toBe(`${server.url}/m/checkin?trainId=${train.id}&code=${encodeURIComponent(current.code)}`)

    const page = await fetch(current.link)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('name="telephone"')
    expect(html).toContain('name="password"')

    const checkIn = (code: string, headers?: Record<string, string>, extra: Record<string, unknown> = {}) =>
      call<{ name: string; already: boolean }>(server.url, 'POST', '/api/m/checkin', { body: { trainId: train.id, code, ...extra }, headers })
    // The code on the screen plus a number proves nothing: the same answer for a signed-up
    // number, another one and none, naming no one and checking no one in.
    const unproven = await Promise.all([
      checkIn(current.code, undefined, { telephone: finance[5].telephone }),
      checkIn(current.code, undefined, { telephone: finance[6].telephone }),
      checkIn(current.code),
      checkIn(current.code, { MemberToken: 'made-up' }, { telephone: finance[5].telephone }),
    ])
    for (const answer of unproven) expect(answer).toEqual({ status: 401, body: { code: 401, error: 'UNAUTHENTICATED', message: '请先登录', data: null } })
    expect(await server.db.selectFrom('trainCheckIn').select('id').where('trainId', '=', train.id).execute()).toEqual([])

    const own = await memberSignedIn(finance[5])
    expect(dataOf((await checkIn(current.code, own)).body)).toMatchObject({ name: finance[5].name, already: false })
    expect(dataOf((await checkIn(current.code, own)).body)).toMatchObject({ already: true })
    // Another member, proven, who did not sign up: told so, about themself only.
    const stranger = await checkIn(current.code, await memberSignedIn(finance[6]))
    expect(stranger.body.message).toBe('您未报名此培训班，如有疑问请联系会务人员')

    // A code from a minute ago (a forwarded photo) no longer works.
    const { checkInSecret } = await server.db.selectFrom('train').select('checkInSecret').where('id', '=', train.id).executeTakeFirstOrThrow()
    const expired = checkInCode(checkInSecret, train.id, checkInSlot(Date.now()) - 2)
    const refused = await checkIn(expired, own)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('签到码已过期，请重新扫描会场大屏上的二维码')
    const stalePage = await fetch(`${server.url}/m/checkin?trainId=${train.id}&code=${encodeURIComponent(expired)}`)
    expect(stalePage.status).toBe(410)

    const list = dataOf((await api<Page<{ name: string; signUpId: number }>>('GET', '/api/train/checkin', undefined, { trainId: String(train.id) })).body)
    expect(list.records.map((r) => r.name)).toEqual([finance[5].name])
    const signUps = dataOf((await api<SignUpMember[]>('GET', '/api/train/sign/up/member/all', undefined, { trainId: String(train.id) })).body)
    expect(signUps[0].checkInTime).not.toBeNull()
  })

  it('fills the sign-up form of a signed-in member from their record, tells them when they signed up already, and shows the host unit by name', async () => {
    const member = finance[7]
    await server.db.updateTable('member').set({ gender: 0, department: '预算处', jobs: '副处长', partyJobs: '支部书记', idcard: '32010219900101234X' }).where('id', '=', member.id).execute()
    const train = await published({ signUpOptions: [1, 2, 5, 8, 11], signUpTips: '如：支部书记' })
    const link = { trainId: String(train.id), token: train.tokenValue }
    const prefill = (headers?: Record<string, string>, query = link) => call<SignUpPrefill>(server.url, 'GET', '/api/m/signup/me', { query, headers })

    // Only the member's own session opens it: nothing for a stranger, a made-up token or a console token.
    for (const headers of [undefined, { MemberToken: 'made-up' }, { Token: admin }] as (Record<string, string> | undefined)[]) {
      expect(await prefill(headers)).toEqual({ status: 401, body: { code: 401, error: 'UNAUTHENTICATED', message: '请先登录', data: null } })
    }
    const own = await memberSignedIn(member)
    expect((await prefill(own, { ...link, token: 'wrong' })).body.message).toBe('报名链接无效')
    const record = { name: member.name, telephone: member.telephone, gender: 0, company: '省财政厅机关党委', department: '预算处', jobs: '副处长', partyJobs: '支部书记', cardsNumber: '32010219900101234X' }
    expect(dataOf((await prefill(own)).body)).toEqual({ ...record, signedUp: false })

    // What the page then posts (the member corrected 职务) signs them up, and the page is told so after.
    dataOf((await selfSignUp({ trainId: train.id, token: train.tokenValue, ...record, gender: '0', jobs: '处长' })).body)
    expect(dataOf((await prefill(own)).body)).toEqual({ ...record, signedUp: true })
    const [signUp] = dataOf((await api<SignUpMember[]>('GET', '/api/train/sign/up/member/all', undefined, { trainId: String(train.id) })).body)
    expect(signUp).toMatchObject({ memberId: member.id, jobs: '处长', department: '预算处', cardsNumber: '32010219900101234X' })

    // 主办单位: the host's name; for 其他 (stored under the root) the root organisation's, never 其他.
    expect(await (await fetch(train.signUpLink)).text()).toContain('<dd id="host">省财政厅机关党委</dd>')
    const other = await published({ orgId: null })
    expect(other.depName).toBe('其他')
    const root = await server.db.selectFrom('org').select('name').where('parentId', 'is', null).executeTakeFirstOrThrow()
    expect(await (await fetch(other.signUpLink)).text()).toContain(`<dd id="host">${root.name}</dd>`)
  })

  it('refuses check-in outside every sign-in window', async () => {
    const train = await published({ trainSignIns: [{ signInStartTime: daysFromNow(6.9), signInEndTime: daysFromNow(7) }] })
    dataOf((await api('POST', '/api/train/sign/up/member', { trainId: train.id, memberId: finance[7].id })).body)
    const current = dataOf((await api<CheckInCode>('GET', '/api/train/checkin/code', undefined, { trainId: String(train.id) })).body)
    expect(current.window).toBeNull()
    const refused = await call(server.url, 'POST', '/api/m/checkin', { body: { trainId: train.id, code: current.code }, headers: await memberSignedIn(finance[7]) })
    expect(refused.body.message).toBe('当前不在签到时间内')
    expect(await (await fetch(current.link)).text()).toContain('当前不在签到时间内')
  })
})
