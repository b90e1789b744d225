import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import { splitInput, type RouteDef, type ScopedResource } from '../../src-shared/contract'
import { routeInputSchema } from '../../src-shared/ipc'
import { allScreens, type PermissionKey } from '../../src-shared/permissions'
import type { Db } from '../../src-server/db/types'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { roleAccount } from '../support/route-calls'
import { call, startTestServer, type TestServer } from './harness'

/**
 * The authorization matrix, generated from the route table: every route added later is
 * covered here without new test code.
 *  - every non-public route refuses a call without a token (401);
 *  - every member route (the phone pages) refuses a console account's token (401);
 *  - every permission route refuses a role that lacks its permission (403);
 *  - every `scope` route whose input is just the record's id answers NOT_FOUND to a
 *    member-linked account naming a record of another tree (and changes nothing).
 * A new ScopedResource kind needs one entry in `foreignRecord` (a compile error says so).
 */

const entries = (Object.entries(routes) as [string, RouteDef][]).map(([name, route]) => ({ name, route }))
const guarded = entries.filter((e) => e.route.access !== 'public')
const memberOnly = entries.filter((e) => e.route.access === 'member')
const permissioned = entries.filter((e) => !['public', 'login', 'member'].includes(e.route.access as string))
const scopedById = entries.filter(
  (e) => e.route.scope !== undefined && routeInputSchema(e.route).safeParse({ id: 1 }).success,
)

/** A record of the kind that lies outside the tree of `orgadmin` (省财政厅机关党委). */
const foreignRecord: Record<ScopedResource, (db: Db, topOrgId: number) => Promise<{ table: 'admin' | 'org' | 'member' | 'train' | 'trainSignUp'; id: number }>> = {
  admin: async (db) => ({
    table: 'admin',
    id: (await db.selectFrom('admin').select('id').where('name', '=', demoAccounts.admin.username).executeTakeFirstOrThrow()).id,
  }),
  org: async (db, topOrgId) => ({
    table: 'org',
    id: (await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()).id,
  }),
  train: async (db, topOrgId) => ({
    table: 'train',
    id: (
      await db
        .selectFrom('train')
        .innerJoin('org as host', 'host.id', 'train.orgId')
        .select('train.id')
        .where((eb) => eb.or([eb('host.topOrgId', '!=', topOrgId), eb('host.topOrgId', 'is', null)]))
        .executeTakeFirstOrThrow()
    ).id,
  }),
  member: async (db, topOrgId) => ({
    table: 'member',
    id: (await db.selectFrom('member').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()).id,
  }),
  signUp: async (db, topOrgId) => ({
    table: 'trainSignUp',
    id: (
      await db
        .selectFrom('trainSignUp')
        .innerJoin('train', 'train.id', 'trainSignUp.trainId')
        .select('trainSignUp.id')
        .where('train.orgId', '!=', topOrgId)
        .executeTakeFirstOrThrow()
    ).id,
  }),
}

function request(route: RouteDef, input: Record<string, unknown>) {
  const { path, query, body } = splitInput(route, input)
  const textQuery = query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return { path, query: textQuery, body: route.body ? body : undefined }
}

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

  it('covers every route of the table', () => {
    expect(guarded.length + entries.filter((e) => e.route.access === 'public').length).toBe(entries.length)
    expect(permissioned.length).toBeGreaterThan(0)
    expect(memberOnly.map((e) => e.name)).toContain('memberApp.exams')
    // The account routes carry the marker, so the scope part is never empty.
    expect(scopedById.map((e) => e.name)).toContain('admin.delete')
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

  it.each(scopedById)('$name answers NOT_FOUND for a record of another tree, and changes nothing', async ({ route }) => {
    const { db } = server
    const orgadmin = await db
      .selectFrom('admin')
      .innerJoin('member', 'member.id', 'admin.memberId')
      .select(['member.id', 'member.topOrgId'])
      .where('admin.name', '=', demoAccounts.orgadmin.username)
      .executeTakeFirstOrThrow()
    // Every screen: only the data scope can refuse the call.
    const token = await account('m_scoped', allScreens.map((s) => s.id), orgadmin.id)
    const foreign = await foreignRecord[route.scope as ScopedResource](db, orgadmin.topOrgId ?? 0)
    const { path, query, body } = request(route, { id: foreign.id })
    const answer = await call(server.url, route.method, path, { token, query, body })
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ error: 'NOT_FOUND' })
    const still = await db.selectFrom(foreign.table).select('id').where('id', '=', foreign.id).executeTakeFirst()
    expect(still).toBeDefined()
  })
})
