import { readFile, stat } from 'node:fs/promises'
import { DEMO_PASSWORDS, PUBLISHED_PASSWORD_MESSAGE } from '../../src-shared/published-passwords'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { ErrorKey } from '../../src-shared/errors'
import type { AppInfo } from '../../src-shared/ipc'
import { DEFAULT_LOGIN_AES_KEY } from '../../src-shared/login-crypto'
import { plainHttpWarning } from '../../src-shared/schemas/setup'
import type { CoreOptions } from '../../src-main/core/app-core'
import { SETUP_FILE } from '../../src-main/core/first-run'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { CAPTCHA, cleanUp, coreIn, expectFailure, expectOk, SETTINGS_FILE, signIn, startTestServer, tempDir } from './harness'

const NEW_PASSWORD = 'Shen9Zhou'

/** A console that asks on first run, as a packaged app does. */
async function firstRunCore(dataDir: string, options: Partial<CoreOptions> = {}) {
  return coreIn(dataDir, { env: { CAPTCHA_TEST_CODE: CAPTCHA }, firstRun: true, ...options })
}

function accountsIn(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'platform.sqlite'), { readonly: true })
  try {
    return (db.prepare('select name from admin order by name').all() as { name: string }[]).map((a) => a.name)
  } finally {
    db.close()
  }
}

describe('the first run of a production console', () => {
  afterAll(cleanUp)

  it('asks first and runs nothing else: no server, no sign-in, no settings', async () => {
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir)
    expect(expectOk(await core.dispatch('setup.status', undefined))).toEqual({ needed: true })
    expectFailure(await core.dispatch('auth.captcha', undefined), ErrorKey.VALIDATION, '请先完成首次设置')
    expectFailure(await core.dispatch('settings.set', { serverMode: 'standalone' }), ErrorKey.VALIDATION, '请先完成首次设置')
    expect(expectOk<AppInfo>(await core.dispatch('app.info', undefined)).serverUrl).toBe('')
    await expect(stat(join(dataDir, 'platform.sqlite'))).rejects.toThrow()
  })

  it('standalone: refuses a weak admin password or a mismatch, then creates admin alone with the chosen password', async () => {
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir)
    const weak = expectFailure(await core.dispatch('setup.complete', { mode: 'standalone', password: 'abc123', confirmPassword: 'abc123' }), ErrorKey.VALIDATION)
    expect(weak.issues).toEqual([{ path: 'password', message: '必须包含大小写字母和数字的组合，可以使用特殊字符，长度在6-12之间' }])
    // The demo's published passwords pass the account rules; the set-up refuses them in words (the server refused to start with them).
    for (const published of Object.values(DEMO_PASSWORDS)) {
      const refused = expectFailure(await core.dispatch('setup.complete', { mode: 'standalone', password: published, confirmPassword: published, demo: true }), ErrorKey.VALIDATION)
      expect(refused.issues).toEqual([{ path: 'password', message: PUBLISHED_PASSWORD_MESSAGE }])
    }
    const mismatch = expectFailure(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: 'Other9Zhou' }), ErrorKey.VALIDATION)
    expect(mismatch.issues).toEqual([{ path: 'confirmPassword', message: '两次输入的密码不一致' }])

    expectOk(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
    expect(expectOk(await core.dispatch('setup.status', undefined))).toEqual({ needed: false })
    expect(accountsIn(dataDir)).toEqual(['admin'])
    expectFailure(await signIn(core, 'admin', demoAccounts.admin.password), ErrorKey.BAD_CREDENTIALS)
    expectOk(await signIn(core, 'admin', NEW_PASSWORD))
    const record = JSON.parse(await readFile(join(dataDir, SETUP_FILE), 'utf8')) as { loginKey: string; demo: boolean }
    expect(record.demo).toBe(false)
    expect(Buffer.byteLength(record.loginKey)).toBe(16)
    expect((await stat(join(dataDir, SETUP_FILE))).mode & 0o777).toBe(0o600)
    expectFailure(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), ErrorKey.CONFLICT)
    await core.close()

    // The second start goes straight on: no question, the same server and password.
    const again = await firstRunCore(dataDir)
    expect(expectOk(await again.dispatch('setup.status', undefined))).toEqual({ needed: false })
    expectOk(await signIn(again, 'admin', NEW_PASSWORD))
  })

  it('standalone in production: the own server passes the production refusals with its own login key', async () => {
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir, { production: true, env: {} })
    expectOk(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
    expect(expectOk<AppInfo>(await core.dispatch('app.info', undefined)).serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(accountsIn(dataDir)).toEqual(['admin'])
  })

  it('standalone with 演示数据 chosen: the demo province and its accounts, admin with the chosen password', async () => {
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir, { production: true })
    expectOk(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, demo: true }))
    expect(accountsIn(dataDir)).toEqual(['admin', demoAccounts.norole.username, demoAccounts.orgadmin.username].sort())
    expectOk(await signIn(core, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password))
  })

  it('connect mode: the address and the login key, checked; sign-in goes to that server with that key', async () => {
    const remote = await startTestServer()
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir)
    const bad = expectFailure(await core.dispatch('setup.complete', { mode: 'remote', serverUrl: 'ftp://x', loginKey: 'short' }), ErrorKey.VALIDATION)
    expect(bad.issues?.map((i) => i.path).sort()).toEqual(['loginKey', 'serverUrl'])
    // The test server keeps the development key; the console gets it from the form, not from its environment.
    expectOk(await core.dispatch('setup.complete', { mode: 'remote', serverUrl: `${remote.url}/`, loginKey: DEFAULT_LOGIN_AES_KEY }))
    expect(expectOk(await core.dispatch('settings.get', undefined))).toEqual({ serverMode: 'remote', serverUrl: remote.url })
    expectOk(await signIn(core, 'admin', demoAccounts.admin.password))

    const wrongKey = await firstRunCore(await tempDir())
    expectOk(await wrongKey.dispatch('setup.complete', { mode: 'remote', serverUrl: remote.url, loginKey: 'zxcvbnmasdfghjkl' }))
    expectFailure(await signIn(wrongKey, 'admin', demoAccounts.admin.password), ErrorKey.PAYLOAD_INVALID)
  })

  it('a standalone console switched to a server later signs in there with the environment’s key, not its own', async () => {
    const remote = await startTestServer()
    const core = await firstRunCore(await tempDir())
    expectOk(await core.dispatch('setup.complete', { mode: 'standalone', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
    expectOk(await core.dispatch('settings.set', { serverMode: 'remote', serverUrl: remote.url }))
    expectOk(await signIn(core, 'admin', demoAccounts.admin.password))
    expectOk(await core.dispatch('settings.set', { serverMode: 'standalone' }))
    expectOk(await signIn(core, 'admin', NEW_PASSWORD))
  })

  it('warns about a plain-http address of another computer, not about https or this computer', () => {
    expect(plainHttpWarning('http://192.168.1.10:8686')).toContain('未加密的 http')
    expect(plainHttpWarning('http://platform.example.cn')).toContain('未加密的 http')
    for (const fine of ['https://192.168.1.10', 'http://127.0.0.1:8686', 'http://localhost:8686', 'http://[::1]:8686', 'not a url']) {
      expect(plainHttpWarning(fine)).toBeNull()
    }
  })
})

describe('the update address in the settings', () => {
  afterAll(cleanUp)

  it('is kept when the server form saves without it, cleared when it is sent empty, and https only (this machine excepted)', async () => {
    const dataDir = await tempDir()
    const core = await firstRunCore(dataDir, { firstRun: false })
    const feed = 'https://updates.example.cn/console/'
    expect(expectOk(await core.dispatch('settings.set', { serverMode: 'standalone', updateUrl: feed }))).toEqual({ serverMode: 'standalone', updateUrl: feed })
    expect(expectOk(await core.dispatch('settings.set', { serverMode: 'standalone' }))).toEqual({ serverMode: 'standalone', updateUrl: feed })
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual({ serverMode: 'standalone', updateUrl: feed })
    expect(expectOk(await core.dispatch('settings.set', { serverMode: 'standalone', updateUrl: '' }))).toEqual({ serverMode: 'standalone' })
    for (const refused of ['ftp://x', 'http://updates.example.cn/console/']) {
      const bad = expectFailure(await core.dispatch('settings.set', { serverMode: 'standalone', updateUrl: refused }), ErrorKey.VALIDATION)
      expect(bad.issues).toEqual([{ path: 'updateUrl', message: '更新地址须为 https 地址（本机测试地址除外），例如 https://updates.example.cn/console/' }])
    }
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual({ serverMode: 'standalone' })
    const local = 'http://127.0.0.1:8089/feed/'
    expect(expectOk(await core.dispatch('settings.set', { serverMode: 'standalone', updateUrl: local }))).toEqual({ serverMode: 'standalone', updateUrl: local })
  })
})
