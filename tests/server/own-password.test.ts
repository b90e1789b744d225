import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../src-shared/schemas/auth'
import { PASSWORD_RULE_MESSAGE } from '../../src-shared/schemas/system'
import { FREE_FAILURES } from '../../src-server/auth/login-delay'
import { verifyPassword } from '../../src-server/auth/passwords'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { attemptLogin, login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

const { admin } = demoAccounts

/** 修改密码 (issue 31): one's own password, and the change a password set by another administrator forces. */
describe.each(testDatabases())('the account’s own password ($name)', (database) => {
  let server: TestServer
  let url: string
  let adminToken: string

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    url = server.url
    adminToken = await login(url, admin.username, admin.password)
  })
  afterAll(() => server?.stop())

  /** An account the administrator makes (so its password is one another administrator set). */
  async function accountMadeByAdmin(name: string, password: string): Promise<number> {
    const { body } = await call<{ id: number }>(url, 'POST', '/api/admin', { token: adminToken, body: { name, password, roleId: 1 } })
    return dataOf(body).id
  }

  const changePassword = (token: string, oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
    call<null>(url, 'POST', '/api/auth/password', { token, body: { oldPassword, newPassword, confirmPassword } })

  async function storedHash(name: string): Promise<string> {
    return (await server.db.selectFrom('admin').select('passwordHash').where('name', '=', name).executeTakeFirstOrThrow()).passwordHash
  }

  it('does not ask the demo accounts to change their password', async () => {
    const { body } = await attemptLogin(url, admin)
    expect(dataOf(body)).toMatchObject({ mustChangePassword: false })
    const info = await call<UserInfo>(url, 'GET', '/api/user/info', { token: adminToken })
    expect(dataOf(info.body).mustChangePassword).toBe(false)
  })

  it('refuses a wrong old password, then makes the address wait like a wrong sign-in, changing nothing', async () => {
    await accountMadeByAdmin('guessed', 'Start123')
    const token = await login(url, 'guessed', 'Start123')
    const before = await storedHash('guessed')
    for (let i = 0; i < FREE_FAILURES - 1; i++) {
      const { status, body } = await changePassword(token, `Guess${i}ab`, 'Newer123')
      expect(status).toBe(400)
      expect(body).toMatchObject({ message: '原密码不正确', data: { issues: [{ path: 'oldPassword', message: '原密码不正确' }] } })
    }
    const slowed = await changePassword(token, 'Guess9ab', 'Newer123')
    expect(slowed.status).toBe(429)
    expect(slowed.body.message).toMatch(/^密码错误次数过多，请 \d+ 秒后再试$/)
    // Even the right old password now waits: guessing here costs what it costs at the login page.
    expect((await changePassword(token, 'Start123', 'Newer123')).status).toBe(429)
    expect(await storedHash('guessed')).toBe(before)
    await server.db.deleteFrom('loginFailure').where('username', '=', 'guessed').execute()
  })

  it('refuses a weak new password with the account rule, and two entries that differ', async () => {
    await accountMadeByAdmin('weakling', 'Start123')
    const token = await login(url, 'weakling', 'Start123')
    const weak = await changePassword(token, 'Start123', 'alllower1')
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ message: PASSWORD_RULE_MESSAGE, data: { issues: [{ path: 'newPassword', message: PASSWORD_RULE_MESSAGE }] } })
    const differ = await changePassword(token, 'Start123', 'Newer123', 'Newer124')
    expect(differ.body).toMatchObject({ data: { issues: [{ path: 'confirmPassword', message: '两次输入的密码不一致' }] } })
    expect(await verifyPassword('Start123', await storedHash('weakling'))).toBe(true)
  })

  it('changes the password, ends the account’s other sessions and keeps this one; the log holds neither password', async () => {
    await accountMadeByAdmin('changer', 'Start123')
    const elsewhere = await login(url, 'changer', 'Start123')
    const here = await login(url, 'changer', 'Start123')
    const { status } = await changePassword(here, 'Start123', 'Newer123')
    expect(status).toBe(200)
    expect((await call(url, 'GET', '/api/user/info', { token: elsewhere })).status).toBe(401)
    expect((await call(url, 'GET', '/api/user/info', { token: here })).status).toBe(200)
    expect((await attemptLogin(url, { username: 'changer', password: 'Start123' })).body).toMatchObject({ error: 'BAD_CREDENTIALS' })
    expect(dataOf((await attemptLogin(url, { username: 'changer', password: 'Newer123' })).body)).toMatchObject({ mustChangePassword: false })
    const entry = await server.db.selectFrom('operationLog').selectAll().where('route', '=', 'auth.password').where('ok', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(entry.recordTable).toBe('admin')
    expect(`${entry.before}${entry.after}`).not.toMatch(/Start123|Newer123|scrypt/)
  })

  it('makes a password another administrator set or reset be changed first; every other route refuses until then', async () => {
    const id = await accountMadeByAdmin('newcomer', 'Start123')
    const signIn = await attemptLogin(url, { username: 'newcomer', password: 'Start123' })
    expect(dataOf(signIn.body).mustChangePassword).toBe(true)
    const token = dataOf(signIn.body).token
    expect(dataOf((await call<UserInfo>(url, 'GET', '/api/user/info', { token })).body).mustChangePassword).toBe(true)
    const refused = await call(url, 'GET', '/api/member', { token })
    expect(refused).toMatchObject({ status: 403, body: { error: 'FORBIDDEN', message: '请先修改密码' } })
    expect((await call(url, 'POST', '/api/org', { token, body: { name: '不应建立' } })).body.message).toBe('请先修改密码')

    expect((await changePassword(token, 'Start123', 'Mine1234')).status).toBe(200)
    expect((await call(url, 'GET', '/api/member', { token })).status).toBe(200)
    expect(dataOf((await attemptLogin(url, { username: 'newcomer', password: 'Mine1234' })).body).mustChangePassword).toBe(false)

    // A reset by another administrator asks again; the administrator's own edit of itself does not.
    const reset = await call(url, 'PATCH', '/api/admin', { token: adminToken, body: { id, name: 'newcomer', password: 'Reset123', roleId: 1 } })
    expect(reset.status).toBe(200)
    expect(dataOf((await attemptLogin(url, { username: 'newcomer', password: 'Reset123' })).body).mustChangePassword).toBe(true)
  })
})
