import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef, ScopeKind } from '../../src-shared/contract'
import { allScreens, type PermissionKey } from '../../src-shared/permissions'
import { testDatabases } from '../support/databases'
import { orgadminMember, foreignRecord, naming, request } from '../support/foreign-records'
import { dataFingerprint, roleAccount } from '../support/route-calls'
import { call, startTestServer, type TestServer } from './harness'

/**
 * The authorization matrix, generated from the route table: every route added later is
 * covered here without new test code.
 *  - every non-public route refuses a call without a token (401);
 *  - every member route (the phone pages) refuses a console account's token (401);
 *  - every permission route refuses a role that lacks its permission (403);
 *  - every input a route declares in `scope` answers NOT_FOUND to a member-linked account
 *    naming a record of another tree, and the call changes no table.
 * A new ScopeKind needs one entry in `foreignRecord` (a compile error says so).
 */

const entries = (Object.entries(routes) as [string, RouteDef][]).map(([name, route]) => ({ name, route }))
const guarded = entries.filter((e) => e.route.access !== 'public')
const memberOnly = entries.filter((e) => e.route.access === 'member')
const permissioned = entries.filter((e) => !['public', 'login', 'member'].includes(e.route.access as string))
/** Every (route, scoped input) pair of the table. */
const scopedInputs = entries.flatMap(({ name, route }) =>
  Object.entries(route.scope ?? {}).map(([input, kind]) => ({ name, route, input, kind: kind as ScopeKind })),
)

describe.each(testDatabases())('authorization matrix ($name)', (database) => {
  let server: TestServer
  const tokens = new Map<string, string>()

  /** A signed-in account (one per distinct `key`) whose role grants exactly `permissionIds`. */
  async function account(key: string, permissionIds: number[], memberId: number | null = null): Promise<string> {
    const cached = tokens.get(key)
    if (cached) return cached
    const token = await roleAccount(server, permissionIds, memberId)
    tokens.set(key, token)
    return token
  }

  beforeAll(async () => {
    server = await startTestServer(await database.url())
  })
  afterAll(() => server?.stop())

  it('covers every route of the table: each is public by name, or in exactly one tested class', () => {
    // Public on purpose, each for a reason (sign-in, the member pages' own sign-in and forms and
    // their script, the portal). A route made public by mistake is not in this list.
    expect(entries.filter((e) => e.route.access === 'public').map((e) => e.name).sort()).toEqual([
      'auth.captcha', 'auth.login', 'memberApp.login', 'memberApp.page', 'mobile.checkInPage', 'mobile.signUp', 'mobile.signUpPage',
      'phone.script', 'portal.get', 'portal.news',
    ])
    const signedIn = entries.filter((e) => e.route.access === 'login')
    expect(signedIn.length + memberOnly.length + permissioned.length).toBe(guarded.length)
    // Every permission a route names is a screen of the permission tree (a role can be given it).
    const screens = new Set(allScreens.map((s) => s.key))
    for (const { name, route } of permissioned) {
      for (const key of [route.access].flat()) expect(screens.has(key as PermissionKey), `${name}: ${String(key)}`).toBe(true)
    }
    expect(memberOnly.map((e) => e.name)).toContain('memberApp.exams')
    // The account routes carry the marker, so the scope part is never empty.
    expect(scopedInputs.map((e) => e.name)).toContain('admin.delete')
  })

  it.each(scopedInputs)('$name declares $input, an input it takes', ({ route, input }) => {
    expect(Object.keys({ ...route.params?.shape, ...route.query?.shape, ...route.body?.shape })).toContain(input)
  })

  it.each(guarded)('$name refuses a call without a token (401)', async ({ route }) => {
    const { path, query } = request(route, { id: 1 })
    const { status, body } = await call(server.url, route.method, path, { query })
    expect(status).toBe(401)
    expect(body).toMatchObject({ code: 401, error: 'UNAUTHENTICATED' })
  })

  it.each(memberOnly)('$name refuses a console account without a member session (401)', async ({ route }) => {
    const token = await account('m_all', allScreens.map((s) => s.id))
    const { path, query, body } = request(route, { id: 1 })
    const answer = await call(server.url, route.method, path, { token, query, body })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: 401, error: 'UNAUTHENTICATED' })
  })

  it.each(permissioned)('$name refuses a role without $route.access (403)', async ({ route }) => {
    // A list means "any of": the role lacks every one of them.
    const required: readonly PermissionKey[] = typeof route.access === 'string' ? [route.access as PermissionKey] : (route.access as readonly PermissionKey[])
    const others = allScreens.filter((s) => !(required as readonly string[]).includes(s.key)).map((s) => s.id)
    const token = await account(`m_${[...required].sort().join(',')}`, others)
    const { path, query } = request(route, { id: 1 })
    const { status, body } = await call(server.url, route.method, path, { token, query })
    expect(status).toBe(403)
    expect(body).toMatchObject({ code: 403, error: 'FORBIDDEN' })
  })

  const found = new Map<ScopeKind, number>()

  it.each(scopedInputs)('$name answers NOT_FOUND for another tree\'s record in $input, and changes nothing', async ({ route, input, kind }) => {
    const { db } = server
    const orgadmin = await orgadminMember(db)
    // Every screen: only the data scope can refuse the call.
    const token = await account('m_scoped', allScreens.map((s) => s.id), orgadmin.id)
    const foreign = found.get(kind) ?? (await foreignRecord[kind](db, orgadmin.topOrgId ?? 0))
    found.set(kind, foreign)
    const before = await dataFingerprint(db)
    const { path, query, body } = request(route, { [input]: naming(route, input, foreign) })
    const answer = await call(server.url, route.method, path, { token, query, body })
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ error: 'NOT_FOUND', message: expect.stringMatching(/不存在$/) })
    expect(await dataFingerprint(db)).toEqual(before)
  })
})
