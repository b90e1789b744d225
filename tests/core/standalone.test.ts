import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppInfo } from '../../src-shared/ipc'
import type { UserInfo } from '../../src-shared/schemas/auth'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { CAPTCHA, cleanUp, coreIn, expectOk, SETTINGS_FILE, signIn, startTestServer, tempDir } from './harness'

const { admin } = demoAccounts

const standaloneCore = (dataDir: string) => coreIn(dataDir, { env: { CAPTCHA_TEST_CODE: CAPTCHA } })

const reachable = (url: string) =>
  axios.get(`${url}/api/captcha`).then(
    () => true,
    () => false,
  )

describe('the embedded server and switching servers', () => {
  let remoteUrl: string

  beforeAll(async () => {
    remoteUrl = (await startTestServer()).url
  })
  afterAll(cleanUp)

  it('runs the platform server itself by default, on SQLite in the data folder', async () => {
    const dataDir = await tempDir()
    const core = await standaloneCore(dataDir)
    const info = expectOk<AppInfo>(await core.dispatch('app.info', undefined))
    expect(info.serverMode).toBe('standalone')
    expect(info.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await stat(join(dataDir, 'platform.sqlite'))).isFile()).toBe(true)
    expect(expectOk(await core.dispatch('settings.get', undefined))).toEqual({ serverMode: 'standalone' })
    // The demo province is there on first run.
    expect(expectOk<UserInfo>(await signIn(core, admin.username, admin.password)).permissions.length).toBeGreaterThan(0)
  })

  it('switches to a remote server and back: the session ends, the embedded server stops and starts again', async () => {
    const dataDir = await tempDir()
    const core = await standaloneCore(dataDir)
    expectOk(await signIn(core, admin.username, admin.password))
    const embeddedUrl = expectOk<AppInfo>(await core.dispatch('app.info', undefined)).serverUrl

    const saved = expectOk(await core.dispatch('settings.set', { serverMode: 'remote', serverUrl: `${remoteUrl}/` }))
    expect(saved).toEqual({ serverMode: 'remote', serverUrl: remoteUrl })
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual(saved)
    expect(expectOk<AppInfo>(await core.dispatch('app.info', undefined)).serverUrl).toBe(remoteUrl)
    expect(expectOk(await core.dispatch('session.current', undefined))).toBeNull()
    expect(await reachable(embeddedUrl)).toBe(false)
    expectOk(await signIn(core, admin.username, admin.password))

    // Saving the same server again keeps the session.
    expectOk(await core.dispatch('settings.set', { serverMode: 'remote', serverUrl: remoteUrl }))
    expect(expectOk(await core.dispatch('session.current', undefined))).not.toBeNull()

    // Back to standalone: the remote address is remembered for the settings form.
    expect(expectOk(await core.dispatch('settings.set', { serverMode: 'standalone', serverUrl: remoteUrl }))).toEqual({
      serverMode: 'standalone',
      serverUrl: remoteUrl,
    })
    expect(expectOk(await core.dispatch('session.current', undefined))).toBeNull()
    const restarted = expectOk<AppInfo>(await core.dispatch('app.info', undefined)).serverUrl
    expect(await reachable(restarted)).toBe(true)
    expectOk(await signIn(core, admin.username, admin.password))
  })
})
