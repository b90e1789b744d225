import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RpcEvents } from '../../src-shared/ipc'
import type { UserInfo } from '../../src-shared/schemas/auth'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { cleanUp, expectFailure, expectOk, rawCall, remoteCore, SECRET_FILE, signIn, startTestServer } from './harness'

const { admin, norole } = demoAccounts

describe.each(testDatabases())('session through the core ($name)', (database) => {
  let serverUrl: string

  beforeAll(async () => {
    serverUrl = (await startTestServer(await database.url())).url
  })
  afterAll(cleanUp)

  const tokenIn = (dataDir: string) => readFile(join(dataDir, SECRET_FILE), 'utf8')

  it('signs in, keeps the token out of every answer and in a file only its owner can read', async () => {
    const { core, dataDir } = await remoteCore(serverUrl)
    const login = await signIn(core, admin.username, admin.password)
    const user = expectOk<UserInfo>(login)
    expect(user.name).toBe(admin.username)
    expect(user.permissions.length).toBeGreaterThan(0)

    const token = await tokenIn(dataDir)
    expect(token.length).toBeGreaterThan(16)
    expect((await stat(join(dataDir, SECRET_FILE))).mode & 0o777).toBe(0o600)
    // The file holds the real token: the server accepts it.
    expect((await rawCall(serverUrl, 'GET', '/api/user/info', token)).code).toBe(0)

    const answers = [login, await core.dispatch('session.current', undefined), await core.dispatch('auth.userInfo', undefined)]
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(token)
  })

  it('resumes the session in a second core on the same data folder', async () => {
    const first = await remoteCore(serverUrl)
    expectOk(await signIn(first.core, admin.username, admin.password))
    const second = await remoteCore(serverUrl, { dataDir: first.dataDir })
    expect(expectOk<UserInfo | null>(await second.core.dispatch('session.current', undefined))?.name).toBe(admin.username)
  })

  it('signs out: the token is gone from the file and refused by the server', async () => {
    const { core, dataDir } = await remoteCore(serverUrl)
    expectOk(await signIn(core, admin.username, admin.password))
    const token = await tokenIn(dataDir)

    expect(expectOk(await core.dispatch('session.logout', undefined))).toBeNull()
    await expect(stat(join(dataDir, SECRET_FILE))).rejects.toThrow()
    expect(expectOk(await core.dispatch('session.current', undefined))).toBeNull()
    expect((await rawCall(serverUrl, 'GET', '/api/user/info', token)).error).toBe('UNAUTHENTICATED')
  })

  it('ends a session the server no longer knows: UNAUTHENTICATED, session.expired, then no user', async () => {
    const { core, dataDir } = await remoteCore(serverUrl)
    expectOk(await signIn(core, admin.username, admin.password))
    const expired: RpcEvents['session.expired'][] = []
    core.events.on('session.expired', (payload) => expired.push(payload))

    // Signed out elsewhere: the same token is revoked by another client.
    expect((await rawCall(serverUrl, 'POST', '/api/logout', await tokenIn(dataDir))).code).toBe(0)

    expectFailure(await core.dispatch('auth.userInfo', undefined), 'UNAUTHENTICATED')
    expect(expired).toHaveLength(1)
    expect(expired[0].message).toMatch(/登录/)
    expect(expectOk(await core.dispatch('session.current', undefined))).toBeNull()
    await expect(stat(join(dataDir, SECRET_FILE))).rejects.toThrow()
  })

  it('reports a wrong password with the server message and keeps no token', async () => {
    const { core, dataDir } = await remoteCore(serverUrl)
    expectFailure(await signIn(core, admin.username, 'Wrong@123'), 'BAD_CREDENTIALS', '用户名或密码错误')
    await expect(stat(join(dataDir, SECRET_FILE))).rejects.toThrow()
    expect(expectOk(await core.dispatch('session.current', undefined))).toBeNull()
  })

  it('signs in an account without a role so the renderer can show the no-role page', async () => {
    const { core } = await remoteCore(serverUrl)
    const user = expectOk<UserInfo>(await signIn(core, norole.username, norole.password))
    expect(user.roleId).toBeNull()
    expect(user.permissions).toEqual([])
  })
})
