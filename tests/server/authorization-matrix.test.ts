import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { z } from 'zod'
import { splitInput, type RouteDef, type ScopeKind } from '../../src-shared/contract'
import { allScreens, type PermissionKey } from '../../src-shared/permissions'
import { hashPassword } from '../../src-server/auth/passwords'
import { nowText } from '../../src-server/db/time'
import type { Db } from '../../src-server/db/types'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { insertPaper } from '../support/exam'
import { tableFingerprint } from '../support/table-fingerprint'
import { daysFromNow } from '../support/training'
import { login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

/**
 * The authorization matrix, generated from the route table: every route added later is
 * covered here without new test code.
 *  - every non-public route refuses a call without a token (401);
 *  - every permission route refuses a role that lacks its permission (403);
 *  - every input a route declares in `scope` answers NOT_FOUND to a member-linked account
 *    naming a record of another tree, and the call changes no table.
 * A new ScopeKind needs one entry in `foreignRecord` (a compile error says so).
 */

const entries = (Object.entries(routes) as [string, RouteDef][]).map(([name, route]) => ({ name, route }))
const guarded = entries.filter((e) => e.route.access !== 'public')
const permissioned = entries.filter((e) => e.route.access !== 'public' && e.route.access !== 'login')
/** Every (route, scoped input) pair of the table. */
const scopedInputs = entries.flatMap(({ name, route }) =>
  Object.entries(route.scope ?? {}).map(([input, kind]) => ({ name, route, input, kind: kind as ScopeKind })),
)

const PASSWORD = 'Matrix@123'

type Finder = (db: Db, topOrgId: number) => Promise<number>

/** A training hosted outside the tree of `orgadmin` (省财政厅机关党委). */
const foreignTrain: Finder = async (db, topOrgId) =>
  (
    await db
      .selectFrom('train')
      .innerJoin('org as host', 'host.id', 'train.orgId')
      .select('train.id')
      .where((eb) => eb.or([eb('host.topOrgId', '!=', topOrgId), eb('host.topOrgId', 'is', null)]))
      .orderBy('train.id')
      .executeTakeFirstOrThrow()
  ).id

const foreignMember: Finder = async (db, topOrgId) =>
  (await db.selectFrom('member').select('id').where('topOrgId', '!=', topOrgId).orderBy('id').executeTakeFirstOrThrow()).id

const foreignExam: Finder = async (db, topOrgId) => {
  const now = nowText()
  const paperId = await insertPaper(db, '矩阵试卷')
  const exam = { type: 2, title: '矩阵考试', content: '', trainId: await foreignTrain(db, topOrgId), joinType: 1, joinNum: null, startTime: daysFromNow(1), endTime: daysFromNow(2) }
  const settings = { countdown: 60, passLine: 60, retestNum: 0, canLookAnswer: 0, paperId, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null }
  return (await db.insertInto('exam').values({ ...exam, ...settings, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id
}

/** A record of each kind that lies outside the tree of `orgadmin`, made when the demo data has none. */
const foreignRecord: Record<ScopeKind, Finder> = {
  admin: async (db) => (await db.selectFrom('admin').select('id').where('name', '=', demoAccounts.admin.username).executeTakeFirstOrThrow()).id,
  org: async (db, topOrgId) => (await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()).id,
  member: foreignMember,
  train: foreignTrain,
  signUp: async (db, topOrgId) =>
    (await db.selectFrom('trainSignUp').select('id').where('trainId', '=', await foreignTrain(db, topOrgId)).orderBy('id').executeTakeFirstOrThrow()).id,
  seat: async (db, topOrgId) =>
    (
      await db
        .insertInto('trainMemberLocation')
        .values({ trainId: await foreignTrain(db, topOrgId), rowNumber: 1, columnNumber: 1, groupNumber: null, signUpId: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  seatPicture: async (db, topOrgId) =>
    (
      await db
        .insertInto('trainLocationPicture')
        .values({ trainId: await foreignTrain(db, topOrgId), imagePath: '2026/01/matrix.png', createdAt: nowText() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  exam: foreignExam,
  memberExam: async (db, topOrgId) =>
    (
      await db
        .insertInto('memberExam')
        .values({ examId: await foreignExam(db, topOrgId), memberId: await foreignMember(db, topOrgId), status: 'WAIT', startTime: null, endTime: null, score: null, createdAt: nowText() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  notice: async (db, topOrgId) => {
    const owner = await db.selectFrom('org').select('id').where('topOrgId', '!=', topOrgId).executeTakeFirstOrThrow()
    const now = nowText()
    return (await db.insertInto('notice').values({ name: '矩阵通知', content: '<p>正文</p>', status: 1, ownerOrgId: owner.id, createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()).id
  },
}

/** The value of an input naming `id`: the id itself, or a list holding it where the input takes a list. */
function naming(route: RouteDef, input: string, id: number): unknown {
  const field = { ...route.params?.shape, ...route.query?.shape, ...route.body?.shape }[input] as z.ZodType
  return field.safeParse(id).success ? id : [id]
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
    const name = `matrix${tokens.size}`
    const now = nowText()
    const { db } = server
    const { id: roleId } = await db.insertInto('role').values({ title: name, remark: '矩阵测试', createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    if (permissionIds.length > 0) await db.insertInto('rolePermission').values(permissionIds.map((permissionId) => ({ roleId, permissionId }))).execute()
    await db.insertInto('admin').values({ name, passwordHash: await hashPassword(PASSWORD), roleId, memberId, createdAt: now, updatedAt: now }).execute()
    const token = await login(server.url, name, PASSWORD)
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
    const orgadmin = await db
      .selectFrom('admin')
      .innerJoin('member', 'member.id', 'admin.memberId')
      .select(['member.id', 'member.topOrgId'])
      .where('admin.name', '=', demoAccounts.orgadmin.username)
      .executeTakeFirstOrThrow()
    // Every screen: only the data scope can refuse the call.
    const token = await account('m_scoped', allScreens.map((s) => s.id), orgadmin.id)
    const foreign = found.get(kind) ?? (await foreignRecord[kind](db, orgadmin.topOrgId ?? 0))
    found.set(kind, foreign)
    const before = await tableFingerprint(db)
    const { path, query, body } = request(route, { [input]: naming(route, input, foreign) })
    const answer = await call(server.url, route.method, path, { token, query, body })
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ error: 'NOT_FOUND', message: expect.stringMatching(/不存在$/) })
    expect(await tableFingerprint(db)).toEqual(before)
  })
})
