import { allScreens } from '../../src-shared/permissions'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { keysOfPermissionIds } from '../../src-shared/permissions'
import type { Captcha, UserInfo } from '../../src-shared/schemas/auth'
import { hashPassword } from '../../src-server/auth/passwords'
import { sha256Hex } from '../../src-server/auth/tokens'
import { nowText } from '../../src-server/db/time'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { attemptLogin, fetchCaptcha, login, TEST_CAPTCHA_CODE } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

const { admin, orgadmin, norole } = demoAccounts

describe.each(testDatabases())('sign-in and sessions ($name)', (database) => {
  let server: TestServer
  let url: string

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    url = server.url
  })
  afterAll(() => server?.stop())

  /** An account only this test uses, so lockouts do not spill into other tests. */
  async function newAccount(name: string, password = 'Secret@123') {
    const now = nowText()
    await server.db
      .insertInto('admin')
      .values({ name, passwordHash: await hashPassword(password), roleId: 1, createdAt: now, updatedAt: now })
      .execute()
    return { username: name, password }
  }

  describe('captcha', () => {
    it('is an SVG data URI with an id', async () => {
      const { status, body } = await call<Captcha>(url, 'GET', '/api/captcha')
      expect(status).toBe(200)
      expect(body).toMatchObject({ code: 0, message: '操作成功' })
      const { id, img } = dataOf(body)
      expect(id).toMatch(/^[0-9a-f]{32}$/)
      expect(img).toMatch(/^data:image\/svg\+xml;base64,/)
      const svg = Buffer.from(img.split(',')[1], 'base64').toString('utf8')
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    })

    it('draws four outlined glyphs in dark greys on a 150 × 50 picture with one strike line', async () => {
      for (let i = 0; i < 5; i++) {
        const svg = Buffer.from((await fetchCaptcha(url)).img.split(',')[1], 'base64').toString('utf8')
        expect(svg).toContain('width="150" height="50"')
        // No background: a set one made svg-captcha colour the glyphs at random, some of them pale.
        expect(svg).not.toContain('<rect')
        const glyphs = [...svg.matchAll(/<path fill="(#[0-9a-f]{3})" stroke="\1" stroke-width="1.2" d=/g)]
        expect(glyphs).toHaveLength(4)
        // svg-captcha's dark greys: #000 to #444.
        for (const [, colour] of glyphs) expect(Number.parseInt(colour[1], 16)).toBeLessThanOrEqual(4)
        expect(svg.match(/fill="none"/g)).toHaveLength(1)
      }
    })

    it('accepts the answer in any letter case', async () => {
      const { body } = await attemptLogin(url, { ...admin, checkCode: TEST_CAPTCHA_CODE.toLowerCase() })
      expect(body.code).toBe(0)
    })

    it('is single use, whether the sign-in succeeded or not', async () => {
      const { id } = await fetchCaptcha(url)
      const first = await attemptLogin(url, { ...admin, password: 'wrong-password', checkCodeId: id })
      expect(first.body).toMatchObject({ error: 'BAD_CREDENTIALS' })
      const again = await attemptLogin(url, { ...admin, checkCodeId: id })
      expect(again.status).toBe(400)
      expect(again.body).toMatchObject({ code: 400, error: 'CAPTCHA_INVALID', message: '验证码错误或已过期' })
    })

    it('expires', async () => {
      const { id } = await fetchCaptcha(url)
      await server.db.updateTable('captcha').set({ expiresAt: Date.now() - 1 }).where('id', '=', id).execute()
      const { body } = await attemptLogin(url, { ...admin, checkCodeId: id })
      expect(body).toMatchObject({ error: 'CAPTCHA_INVALID', message: '验证码错误或已过期' })
    })

    it('refuses a wrong answer before looking at the password', async () => {
      const { body } = await attemptLogin(url, { ...admin, checkCode: 'nope' })
      expect(body).toMatchObject({ error: 'CAPTCHA_INVALID', message: '验证码错误或已过期' })
    })
  })

  describe('login', () => {
    // Every test signs in from 127.0.0.1: start each with a clean per-address count.
    beforeEach(() => server.db.deleteFrom('loginFailure').execute())

    it('returns a token that opens the API', async () => {
      const token = await login(url, admin.username, admin.password)
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const { body } = await call<UserInfo>(url, 'GET', '/api/user/info', { token })
      expect(body.code).toBe(0)
    })

    it('stores only a hash of the token', async () => {
      const token = await login(url, admin.username, admin.password)
      const rows = await server.db.selectFrom('session').select('tokenHash').execute()
      expect(rows.map((r) => r.tokenHash)).toContain(sha256Hex(token))
      expect(JSON.stringify(rows)).not.toContain(token)
    })

    it('gives the same answer for an unknown user and a wrong password', async () => {
      const unknown = await attemptLogin(url, { username: 'nobody-here', password: 'whatever1' })
      const wrong = await attemptLogin(url, { username: orgadmin.username, password: 'whatever1' })
      expect(unknown).toEqual(wrong)
      expect(wrong).toEqual({
        status: 400,
        body: { code: 400, message: '用户名或密码错误', error: 'BAD_CREDENTIALS', data: null },
      })
    })

    it('refuses a payload that is not hex, not decryptable or not a login form', async () => {
      const post = (body: unknown) => call(url, 'POST', '/api/login', { body })
      expect((await post({ data: 'not hex!' })).body).toMatchObject({ code: 400, error: 'VALIDATION', message: '登录数据格式错误' })
      expect((await post({ data: 'abcdef0123' })).body).toMatchObject({ code: 400, error: 'PAYLOAD_INVALID' })
      expect((await post({})).body).toMatchObject({ error: 'VALIDATION', data: { issues: [{ path: 'data' }] } })
      const otherKey = await attemptLogin(url, { ...admin, aesKey: 'AnotherKey123456' })
      expect(otherKey.body).toMatchObject({ error: 'PAYLOAD_INVALID', message: '数据解密失败' })
      const shortPassword = await attemptLogin(url, { ...admin, password: '123' })
      expect(shortPassword.body).toMatchObject({ error: 'VALIDATION', message: '密码不能少于6位' })
    })

    it('a success clears the failures of its address', async () => {
      const account = await newAccount('resettest')
      for (let i = 0; i < 4; i++) await attemptLogin(url, { ...account, password: 'wrong-pass' })
      expect((await attemptLogin(url, account)).body.code).toBe(0)
      for (let i = 0; i < 4; i++) {
        expect((await attemptLogin(url, { ...account, password: 'wrong-pass' })).body).toMatchObject({ error: 'BAD_CREDENTIALS' })
      }
    })
    // Growing delays per address instead of locks: tests/server/hardening.test.ts.
  })

  describe('sessions', () => {
    const unauthenticated = { code: 401, message: '登录已过期，请重新登录', error: 'UNAUTHENTICATED', data: null }

    it('every non-public route needs a valid token', async () => {
      expect(await call(url, 'GET', '/api/user/info')).toEqual({ status: 401, body: unauthenticated })
      expect(await call(url, 'GET', '/api/user/info', { token: 'made-up-token' })).toEqual({ status: 401, body: unauthenticated })
      expect(await call(url, 'POST', '/api/logout')).toEqual({ status: 401, body: unauthenticated })
      expect((await call(url, 'GET', '/api/file', { query: { path: '2026/01/0123456789abcdef0123456789abcdef.png' } })).status).toBe(401)
    })

    it('logout ends the session', async () => {
      const token = await login(url, admin.username, admin.password)
      expect((await call(url, 'POST', '/api/logout', { token })).body).toEqual({ code: 0, message: '操作成功', data: null })
      expect((await call(url, 'GET', '/api/user/info', { token })).body).toEqual(unauthenticated)
    })

    it('each use pushes the expiry out again; an expired session is refused', async () => {
      const token = await login(url, admin.username, admin.password)
      const session = server.db.selectFrom('session').select('expiresAt').where('tokenHash', '=', sha256Hex(token))
      const soon = Date.now() + 30_000
      await server.db.updateTable('session').set({ expiresAt: soon }).where('tokenHash', '=', sha256Hex(token)).execute()

      expect((await call(url, 'GET', '/api/user/info', { token })).body.code).toBe(0)
      const { expiresAt } = await session.executeTakeFirstOrThrow()
      expect(expiresAt).toBeGreaterThan(Date.now() + 119 * 60_000)

      await server.db.updateTable('session').set({ expiresAt: Date.now() - 1 }).where('tokenHash', '=', sha256Hex(token)).execute()
      expect((await call(url, 'GET', '/api/user/info', { token })).body).toEqual(unauthenticated)
    })
  })

  describe('user info', () => {
    const infoOf = async (account: { username: string; password: string }) => {
      const token = await login(url, account.username, account.password)
      return dataOf((await call<UserInfo>(url, 'GET', '/api/user/info', { token })).body)
    }

    it('the super user has every permission and no member', async () => {
      const info = await infoOf(admin)
      expect(info).toMatchObject({ name: 'admin', roleId: 1, roleName: '超级管理员', memberDto: null })
      expect(info.permissions).toHaveLength(allScreens.length)
      expect(info.permissions).toContain('system:role')
    })

    it('an organisation administrator sees its role, permissions and member', async () => {
      const info = await infoOf(orgadmin)
      expect(info).toMatchObject({ name: 'orgadmin', roleName: '单位管理员' })
      expect(info.permissions.sort()).toEqual(keysOfPermissionIds([1, 2, 3]).sort())
      expect(info.memberDto).toMatchObject(orgadmin.member)
      expect(info.memberDto?.telephone).toMatch(/^1[3-9]\d{9}$/)
    })

    it('an account without a role signs in with no role and no permissions', async () => {
      const info = await infoOf(norole)
      expect(info).toMatchObject({ name: 'norole', roleId: null, roleName: null, permissions: [], memberDto: null })
    })

    it('never sends a password hash', async () => {
      const token = await login(url, admin.username, admin.password)
      const response = await fetch(`${url}/api/user/info`, { headers: { Token: token } })
      expect(await response.text()).not.toMatch(/scrypt|passwordHash|password_hash/)
    })
  })
})
