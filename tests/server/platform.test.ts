import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { ROOT_ORG_CODE } from '../../src-shared/permissions'
import { mobile } from '../../src-shared/schemas/identity'
import { loadAuthUser, type AuthUser } from '../../src-server/auth/auth-user'
import { assertOrgInScope, dataScopeOf } from '../../src-server/auth/scope'
import { scopeIds } from '../../src-server/scope/kinds'
import { authorize } from '../../src-server/http/authorize'
import { DEMO_ADMIN_PASSWORD, optionsFromEnv } from '../../src-server/options'
import { DEMO_PASSWORDS } from '../../src-shared/published-passwords'
import { EMPTY_DATABASE_NEEDS_PASSWORD } from '../../src-server/seed'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { startupProblems } from '../../src-server/startup-checks'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { attemptLogin, login, TEST_CAPTCHA_CODE } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

describe.each(testDatabases())('platform ($name)', (database) => {
  let server: TestServer
  let databaseUrl: string

  beforeAll(async () => {
    databaseUrl = await database.url()
    server = await startTestServer(databaseUrl)
  })
  afterAll(() => server?.stop())

  describe('HTTP conventions', () => {
    it('describes every route of the table in OpenAPI at /api/docs/json, with a browsable page', async () => {
      const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
        paths: Record<string, Record<string, { operationId: string; description: string; security?: Record<string, string[]>[] }>>
        components: { securitySchemes: Record<string, { in: string; name: string }> }
      }
      for (const [name, route] of Object.entries(routes) as [string, RouteDef][]) {
        expect(doc.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(name)
      }
      // The phone pages' own session: described as such, with its header, never as open to anyone.
      expect(doc.components.securitySchemes.memberToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'MemberToken' })
      const memberRoutes = Object.values(routes as Record<string, RouteDef>).filter((r) => r.access === 'member')
      expect(memberRoutes.length).toBeGreaterThanOrEqual(4)
      for (const route of memberRoutes) {
        expect(doc.paths[route.path][route.method.toLowerCase()]).toMatchObject({ description: '需要党员登录', security: [{ memberToken: [] }] })
      }
      const page = await fetch(`${server.url}/api/docs/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('swagger')
    })

    it('answers an unknown route with the NOT_FOUND envelope', async () => {
      expect(await call(server.url, 'GET', '/api/no-such-thing')).toEqual({
        status: 404,
        body: { code: 404, message: '接口不存在', error: 'NOT_FOUND', data: null },
      })
    })

    it('answers a malformed body with a VALIDATION envelope, and takes an empty JSON body as none', async () => {
      const response = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"data":' })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 400, error: 'VALIDATION', message: '请求格式错误' })

      const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
      const logout = await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { 'Content-Type': 'application/json', Token: token } })
      expect(await logout.json()).toEqual({ code: 0, message: '操作成功', data: null })
    })
  })

  describe('demo province', () => {
    it('has the root organisation and five top organisations with branches on three levels', async () => {
      const orgs = await server.db.selectFrom('org').selectAll().execute()
      const root = orgs.find((o) => o.orgCode === ROOT_ORG_CODE)
      expect(root).toMatchObject({ name: '省直机关工委', shortName: '省直工委', parentId: null, path: `/${root?.id}/` })
      const tops = orgs.filter((o) => o.parentId === root?.id)
      expect(tops.map((t) => t.name)).toContain('省财政厅机关党委')
      expect(tops.length).toBeGreaterThanOrEqual(4)
      for (const top of tops) {
        expect(top.orgCode.startsWith(ROOT_ORG_CODE)).toBe(true)
        const tree = orgs.filter((o) => o.path.startsWith(top.path))
        expect(new Set(tree.map((o) => o.orgType))).toEqual(new Set(['党委', '党总支', '党支部']))
        expect(allMatch(tree, (o) => o.topOrgId === top.id)).toBe(true)
        expect(Math.max(...tree.map((o) => o.path.split('/').length))).toBe(top.path.split('/').length + 2)
      }
    })

    it('has about sixty members with distinct valid mobiles in the branches', async () => {
      const members = await server.db.selectFrom('member').innerJoin('org', 'org.id', 'member.orgId').select(['member.telephone', 'member.idcard', 'org.orgType', 'member.name']).execute()
      expect(members.length).toBeGreaterThanOrEqual(55)
      expect(new Set(members.map((m) => m.telephone)).size).toBe(members.length)
      for (const m of members) {
        expect(mobile.safeParse(m.telephone).success).toBe(true)
        expect(m.orgType).toBe('党支部')
        expect(m.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/)
        expect(m.idcard).toMatch(/^3201\d{13}[\dX]$/)
      }
    })

    it('signs in every demo account', async () => {
      for (const account of Object.values(demoAccounts)) {
        expect((await attemptLogin(server.url, account)).body.code).toBe(0)
      }
    })

    it('spreads trainings, sign-ups and check-ins over this year and the two before, so the year filter offers three', async () => {
      const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
      const get = async <T>(path: string, query?: Record<string, string>) => dataOf((await call<T>(server.url, 'GET', path, { token, query })).body)
      const thisYear = new Date().getFullYear()
      const years = await get<number[]>('/api/statistic/years')
      expect(years).toEqual(expect.arrayContaining([thisYear, thisYear - 1, thisYear - 2]))
      for (const year of [thisYear - 1, thisYear - 2]) {
        const types = await get<{ trainsCount: number; peopleNum: number }[]>('/api/statistic/classType', { year: String(year) })
        expect(types.reduce((n, t) => n + t.trainsCount, 0)).toBe(2)
        expect(types.reduce((n, t) => n + t.peopleNum, 0)).toBeGreaterThan(10)
        // The checked-in people earned class hours that year: the ledger has figures, not a row of zeros.
        const ledger = await get<{ parent: { totalHours: number } }>('/api/ledger/org', { year: String(year) })
        expect(ledger.parent.totalHours).toBeGreaterThan(0)
      }
    })
  })

  describe('access and data scope with real accounts', () => {
    const userOf = async (username: string): Promise<AuthUser> => {
      const { id } = await server.db.selectFrom('admin').select('id').where('name', '=', username).executeTakeFirstOrThrow()
      const user = await loadAuthUser(server.db, id)
      if (!user) throw new Error(`no account ${username}`)
      return user
    }
    const refusal = (fn: () => void) => {
      try {
        fn()
        return null
      } catch (err) {
        return (err as { key?: string }).key
      }
    }

    it('applies public / login / permission access, and refuses a role-less account with NO_ROLE', async () => {
      const [admin, orgadmin, norole] = await Promise.all(['admin', 'orgadmin', 'norole'].map(userOf))
      expect(refusal(() => authorize('public', null))).toBeNull()
      expect(refusal(() => authorize('login', null))).toBe('UNAUTHENTICATED')
      expect(refusal(() => authorize('organization:member', null))).toBe('UNAUTHENTICATED')

      expect(refusal(() => authorize('system:role', admin))).toBeNull()
      expect(refusal(() => authorize('organization:member', orgadmin))).toBeNull()
      expect(refusal(() => authorize('system:admin', orgadmin))).toBe('FORBIDDEN')
      expect(refusal(() => authorize('login', norole))).toBeNull()
      expect(refusal(() => authorize('dashboard:index', norole))).toBe('NO_ROLE')
    })

    it('gives the super user the root tree and a member-linked account its top organisation tree', async () => {
      const adminScope = dataScopeOf(await userOf('admin'))
      const orgScope = dataScopeOf(await userOf('orgadmin'))
      const root = await server.db.selectFrom('org').select(['id', 'path']).where('orgCode', '=', ROOT_ORG_CODE).executeTakeFirstOrThrow()
      const finance = await server.db.selectFrom('org').select(['id', 'path']).where('name', '=', '省财政厅机关党委').executeTakeFirstOrThrow()
      expect(adminScope).toEqual({ orgId: root.id, path: root.path, superUser: true })
      expect(orgScope).toEqual({ orgId: finance.id, path: finance.path, superUser: false })

      const membersIn = async (scope: typeof adminScope) =>
        (await server.db.selectFrom('member').select('topOrgId').where('orgId', 'in', scopeIds.org(server.db, scope)).execute()).map((m) => m.topOrgId)
      const all = await server.db.selectFrom('member').select('id').execute()
      expect(await membersIn(adminScope)).toHaveLength(all.length)
      const financeMembers = await membersIn(orgScope)
      expect(financeMembers.length).toBeGreaterThan(0)
      expect(allMatch(financeMembers, (id) => id === finance.id)).toBe(true)

      const financeBranch = await server.db.selectFrom('org').select('id').where('topOrgId', '=', finance.id).where('orgType', '=', '党支部').executeTakeFirstOrThrow()
      await expect(assertOrgInScope(server.db, orgScope, financeBranch.id)).resolves.toBeUndefined()
      await expect(assertOrgInScope(server.db, orgScope, root.id)).rejects.toMatchObject({ key: 'FORBIDDEN' })
      await expect(assertOrgInScope(server.db, adminScope, financeBranch.id)).resolves.toBeUndefined()
    })
  })

  describe('start-up', () => {
    it('starts again on the same database without migrating or seeding twice', async () => {
      const count = async (s: TestServer, table: 'member' | 'admin' | 'org') => (await s.db.selectFrom(table).select('id').execute()).length
      const before = [await count(server, 'member'), await count(server, 'admin'), await count(server, 'org')]
      // A second instance on the same database, as behind a load balancer.
      const second = await startTestServer(databaseUrl)
      try {
        expect([await count(second, 'member'), await count(second, 'admin'), await count(second, 'org')]).toEqual(before)
        const token = await login(second.url, demoAccounts.admin.username, demoAccounts.admin.password)
        // A session opened on one instance is valid on the other.
        expect((await call(server.url, 'GET', '/api/user/info', { token })).body.code).toBe(0)
      } finally {
        await second.stop()
      }
    })

    it('without demo data, an empty database gets only the root organisation, role 1 and admin', async () => {
      const bare = await startTestServer(await database.url(), { seedDemo: false, adminPassword: 'Bare@2026' })
      try {
        expect(await bare.db.selectFrom('org').select(['orgCode', 'name']).execute()).toEqual([{ orgCode: ROOT_ORG_CODE, name: '省直机关工委' }])
        expect(await bare.db.selectFrom('role').select(['id', 'title']).execute()).toEqual([{ id: 1, title: '超级管理员' }])
        expect(await bare.db.selectFrom('admin').select(['name', 'roleId', 'memberId']).execute()).toEqual([{ name: 'admin', roleId: 1, memberId: null }])
        expect(await bare.db.selectFrom('member').select('id').execute()).toEqual([])
        expect((await attemptLogin(bare.url, { username: 'admin', password: 'Bare@2026' })).body.code).toBe(0)
      } finally {
        await bare.stop()
      }
    })

    it('refuses an empty database without an admin password', async () => {
      await expect(startTestServer(await database.url(), { adminPassword: undefined, seedDemo: false })).rejects.toThrow(EMPTY_DATABASE_NEEDS_PASSWORD)
    })
  })
})

/** A login key of the right size that is not the published default. */
const PRODUCTION_KEY = 'k3Y-0f-thi5-0ffi'

describe('start-up checks', () => {
  it('refuse CAPTCHA_TEST_CODE in production, and a login key that is not 16 bytes', () => {
    expect(startupProblems(optionsFromEnv({ CAPTCHA_TEST_CODE: '1234' }))).toEqual([])
    expect(startupProblems(optionsFromEnv({ NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY, PUBLIC_URL: 'https://px.example.cn', CAPTCHA_TEST_CODE: '1234' }))).toEqual([
      expect.stringContaining('CAPTCHA_TEST_CODE'),
    ])
    // Links in QR codes and notices come from configuration only.
    expect(startupProblems(optionsFromEnv({ NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY, HOST: '0.0.0.0' }))).toEqual([expect.stringContaining('PUBLIC_URL')])
    // The desktop's built-in server answers on loopback only and links to that address.
    expect(startupProblems(optionsFromEnv({ NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY }))).toEqual([])
    expect(startupProblems(optionsFromEnv({ LOGIN_AES_KEY: 'short' }))).toEqual([expect.stringContaining('LOGIN_AES_KEY')])
  })

  it('refuse in production the published login key, a weak or published admin password, and the demo province', () => {
    const production = { NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY, ADMIN_PASSWORD: 'Prod@2026' }
    expect(startupProblems(optionsFromEnv(production))).toEqual([])
    expect(startupProblems(optionsFromEnv({ ...production, LOGIN_AES_KEY: undefined }))).toEqual([expect.stringContaining('默认的 LOGIN_AES_KEY')])
    // Every published demo password passes the account rules and is refused all the same (one rule: ownAdminPassword).
    for (const weak of ['123456', 'password', ...Object.values(DEMO_PASSWORDS)]) {
      expect(startupProblems(optionsFromEnv({ ...production, ADMIN_PASSWORD: weak }))).toEqual([expect.stringContaining('ADMIN_PASSWORD 太弱')])
    }
    expect(startupProblems(optionsFromEnv({ ...production, SEED_DEMO: '1' }))).toEqual([expect.stringContaining('SEED_DEMO')])
    // Development keeps its demo defaults.
    expect(startupProblems(optionsFromEnv({}))).toEqual([])
  })

  /** `npm run server` as an operator runs it. */
  function runMain(env: Record<string, string>) {
    const child = spawn(join('node_modules', '.bin', 'tsx'), ['src-server/main.ts'], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    return { child, output: () => output, exited }
  }

  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'server-main-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('main refuses to start in production with CAPTCHA_TEST_CODE set', async () => {
    const run = runMain({ NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY, CAPTCHA_TEST_CODE: '1234', ADMIN_PASSWORD: 'Prod@2026', DATABASE_URL: join(folder, 'refused.sqlite'), PORT: '0' })
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('CAPTCHA_TEST_CODE')
  })

  it('main refuses a production start on an empty database without ADMIN_PASSWORD', async () => {
    const run = runMain({ NODE_ENV: 'production', LOGIN_AES_KEY: PRODUCTION_KEY, PUBLIC_URL: 'https://px.example.cn', DATABASE_URL: join(folder, 'empty.sqlite'), UPLOAD_DIR: join(folder, 'uploads'), PORT: '0' })
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('ADMIN_PASSWORD')
  })

  it('main prints the address it listens on and serves there', async () => {
    const run = runMain({ DATABASE_URL: join(folder, 'main.sqlite'), UPLOAD_DIR: join(folder, 'uploads'), PORT: '0' })
    try {
      await expect.poll(() => run.output(), { timeout: 20_000, interval: 100 }).toMatch(/http:\/\/127\.0\.0\.1:\d+/)
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(run.output())?.[0] ?? ''
      expect((await call(url, 'GET', '/api/captcha')).body.code).toBe(0)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  })

  it('main with WORKERS=2 serves from two processes that share sessions, replaces one that dies, and stops them all', async () => {
    const run = runMain({ DATABASE_URL: join(folder, 'workers.sqlite'), UPLOAD_DIR: join(folder, 'uploads'), PORT: '0', WORKERS: '2', CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE })
    try {
      await expect.poll(() => run.output(), { timeout: 30_000, interval: 100 }).toMatch(/http:\/\/127\.0\.0\.1:\d+.*2 个工作进程/)
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(run.output())?.[0] ?? ''
      // tsx runs the script in a child process: that one is the primary, and its children running main.ts the workers
      // (tsx's esbuild service is a child too).
      const childrenOf = (pid: string) => execFileSync('pgrep', ['-P', pid, '-f', 'src-server/main.ts'], { encoding: 'utf8' }).trim().split('\n')
      const [primary] = childrenOf(String(run.child.pid))
      expect(childrenOf(primary)).toHaveLength(2)
      // Whichever process answers, the session signed in on one is known to all: it lives in the database.
      const token = await login(url, 'admin', DEMO_ADMIN_PASSWORD)
      const answers = await Promise.all(Array.from({ length: 40 }, () => call(url, 'GET', '/api/user/info', { token })))
      expect(answers.map((a) => a.body.code)).toEqual(Array(40).fill(0))
      // A worker that dies is replaced; the other goes on answering meanwhile.
      const [victim, survivor] = childrenOf(primary)
      process.kill(Number(victim), 'SIGKILL')
      // A kept-alive connection to the dead worker is reset; the next one reaches the survivor.
      const answered = async () => (await call(url, 'GET', '/api/user/info', { token }).catch(() => null))?.body.code
      await expect.poll(answered, { timeout: 5_000, interval: 50 }).toBe(0)
      await expect.poll(() => childrenOf(primary).filter((pid) => pid !== victim), { timeout: 20_000, interval: 200 }).toHaveLength(2)
      expect(childrenOf(primary)).toContain(survivor)
      await expect.poll(answered, { timeout: 5_000, interval: 50 }).toBe(0)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  })

  it('main refuses WORKERS that is not a whole number from 1 to 64', async () => {
    const run = runMain({ DATABASE_URL: join(folder, 'refused-workers.sqlite'), PORT: '0', WORKERS: 'many' })
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('WORKERS 必须是 1–64 的整数')
  })
})
