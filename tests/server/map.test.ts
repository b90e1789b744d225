import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

describe.each(testDatabases())('map provider script ($name)', (database) => {
  let server: TestServer
  let token: string
  const before = process.env.MAP_SCRIPT_URL

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
  })
  afterAll(() => server?.stop())
  afterEach(() => {
    if (before === undefined) delete process.env.MAP_SCRIPT_URL
    else process.env.MAP_SCRIPT_URL = before
  })

  it('answers an empty script URL when no provider is configured, so the client offers manual entry', async () => {
    delete process.env.MAP_SCRIPT_URL
    const { status, body } = await call(server.url, 'GET', '/api/map/script', { token })
    expect(status).toBe(200)
    expect(body).toMatchObject({ code: 0, data: { scriptUrl: '' } })
  })

  it('answers the configured MAP_SCRIPT_URL', async () => {
    process.env.MAP_SCRIPT_URL = ' https://api.map.baidu.com/getscript?v=3.0&ak=demo '
    const { body } = await call(server.url, 'GET', '/api/map/script', { token })
    expect(body.data).toEqual({ scriptUrl: 'https://api.map.baidu.com/getscript?v=3.0&ak=demo' })
  })

  it('refuses a caller without a session', async () => {
    const { status, body } = await call(server.url, 'GET', '/api/map/script')
    expect(status).toBe(401)
    expect(body.code).not.toBe(0)
  })
})
