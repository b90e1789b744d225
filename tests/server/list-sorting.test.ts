import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { sortableColumns, type SortOrder } from '../../src-shared/list-sort'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import type { Db } from '../../src-server/db/types'
import { memberChunks, memberPlan } from '../../src-server/modules/member/queries'
import { MemberFilterSchema } from '../../src-shared/schemas/member'
import { testDatabases } from '../support/databases'
import { login } from '../support/login'
import { messageOf, sendRoute } from '../support/route-calls'
import { startTestServer, type TestServer } from './harness'

/*
 * Sorting by column (issue 31), generated over the route table: every list route whose
 * query declares sortable columns (list-sort.ts), on both dialects, read page by page in
 * each declared column and direction. The pages together hold every row of the unsorted
 * list once (nothing skipped, nothing repeated), in the order of the column and then the
 * id (the tie-breaker) — compared by code point, as both databases sort. An undeclared
 * column or direction is refused in Chinese.
 */

type Row = Record<string, unknown> & { id: number }

/** Values that sort apart and alike: Latin capitals before small letters before Chinese, by code point; repeated for ties. */
const NAMES = ['张伟', 'Zoe', 'abc', '阿里', '张伟', 'Zoe']
const TIMES = ['2024-05-01 09:00:00', '2023-12-31 18:30:00', '2024-05-01 09:00:00']
const NOW = '2024-06-01 10:00:00'

/**
 * Rows each sorting list gets so that its sorted columns have ties (equal values, for
 * the tie-breaker to order) — copies of a demo row with only what must stay unique
 * changed, or rows of their own where the demo has none — and the filters its list is
 * also read with. A route that declares sorting needs an entry here (checked below).
 */
const fixtures: Record<string, { seed(db: Db): Promise<void>; filters: Record<string, unknown>[] }> = {
  'member.list': {
    // Copies in the organisation administrator's tree: both accounts see them.
    seed: async (db) =>
      copies(db, 'member', (i) => ({ name: NAMES[i], telephone: `1990000${String(i).padStart(4, '0')}`, idcard: null }), await topOrgOf(db)),
    filters: [{}, { name: '张' }, { orgId: 'top' }, { enabled: true }],
  },
  'train.list': { seed: (db) => copies(db, 'train', (i) => ({ name: NAMES[i], trainStartTime: TIMES[i % TIMES.length] })), filters: [{}, { name: 'Zoe' }] },
  'news.list': {
    seed: (db) => rows(db, 'news', (i) => ({ title: NAMES[i], comeFrom: '测试', entryTime: TIMES[i % TIMES.length].slice(0, 10), content: '<p>新闻</p>', status: 1 })),
    filters: [{}],
  },
  'course.list': {
    seed: async (db) => {
      const teacher = await db.insertInto('teacher').values({ name: '讲师', avatarUrl: '', content: '', createTime: NOW, updatedAt: NOW }).returning('id').executeTakeFirstOrThrow()
      await rows(db, 'course', (i) => ({ name: NAMES[i], teacherId: teacher.id, content: '<p>课程</p>', status: 1, createTime: TIMES[i % TIMES.length] }))
    },
    filters: [{}],
  },
}

const PAGE_SIZE = 7

/** The list routes (paged) whose query declares sortable columns. */
const sorting = (Object.entries(routes) as [string, RouteDef][]).filter(([, route]) => route.query?.shape.pageNum && sortableColumns(route.query).length > 0)

it('finds the sorting lists in the route table, each with its fixture', () => {
  expect(sorting.map(([name]) => name).sort()).toEqual(Object.keys(fixtures).sort())
})

/** Code point order of two values (text) or their numeric order. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const [x, y] = [String(a), String(b)]
  return x < y ? -1 : x > y ? 1 : 0
}

describe.each(testDatabases())('sorting by column ($name)', (database) => {
  let server: TestServer
  const tokens: Record<string, string> = {}

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    tokens.admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    tokens.orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    for (const fixture of Object.values(fixtures)) await fixture.seed(server.db)
  }, 120_000)
  afterAll(() => server?.stop())

  async function list(route: RouteDef, token: string, input: Record<string, unknown>) {
    const answer = await sendRoute(server.url, route, input, { Token: token })
    const body = JSON.parse(answer.bytes.toString()) as { code: number; message: string; data: { records: Row[]; total: number; totalCapped?: boolean } }
    expect(body.code, body.message).toBe(0)
    return body.data
  }

  /** Every row of the list, page by page. */
  async function allPages(route: RouteDef, token: string, input: Record<string, unknown>): Promise<Row[]> {
    const rows: Row[] = []
    for (let pageNum = 1; ; pageNum++) {
      const page = await list(route, token, { ...input, pageNum, pageSize: PAGE_SIZE })
      rows.push(...page.records)
      if (page.records.length < PAGE_SIZE) return rows
    }
  }

  it.each(sorting)('%s: pages in each sorted order hold every row once, by the column then the id', async (name, route) => {
    let ties = 0
    for (const [account, token] of Object.entries(tokens)) {
      // The organisation administrator sees one tree of the member list; the other lists are the province's screens.
      if (account === 'orgadmin' && name !== 'member.list') continue
      for (const given of fixtures[name].filters) {
        const filters = given.orgId === 'top' ? { ...given, orgId: await topOrgOf(server.db) } : given
        const unsorted = await allPages(route, token, filters)
        expect(unsorted.length, `${name} ${JSON.stringify(filters)}`).toBeGreaterThan(1)
        for (const column of sortableColumns(route.query)) {
          for (const order of ['asc', 'desc'] as SortOrder[]) {
            const sorted = await allPages(route, token, { ...filters, orderBy: column, order })
            const sign = order === 'asc' ? 1 : -1
            const expected = [...unsorted].sort((a, b) => sign * (compare(a[column], b[column]) || a.id - b.id))
            const where = `${account} ${name} ${JSON.stringify(filters)} by ${column} ${order}`
            expect(sorted.map((r) => [r[column], r.id]), where).toEqual(expected.map((r) => [r[column], r.id]))
            ties += sorted.filter((r, i) => i > 0 && compare(r[column], sorted[i - 1][column]) === 0).length
          }
        }
      }
    }
    // The fixture's copies gave the tie-breaker work to do.
    expect(ties).toBeGreaterThan(0)
  }, 120_000)

  it('member export: its keyset chunks follow the sort across chunk boundaries, for either tree', async () => {
    const member = routes['member.list'] as RouteDef
    for (const [account, orgId] of [['admin', await rootOf(server.db)], ['orgadmin', await topOrgOf(server.db)]] as const) {
      const org = await server.db.selectFrom('org').select(['id', 'path']).where('id', '=', orgId).executeTakeFirstOrThrow()
      const scope = { orgId: org.id, path: org.path, superUser: account === 'admin' }
      for (const filters of [{}, { name: '张' }, { orgId: String(await topOrgOf(server.db)) }]) {
        for (const orderBy of sortableColumns(member.query) as ('name' | 'telephone')[]) {
          for (const order of ['asc', 'desc'] as const) {
            const plan = await memberPlan(server.db, scope, MemberFilterSchema.parse({ ...filters, orderBy, order }))
            const chunked: number[] = []
            for await (const chunk of memberChunks(server.db, plan, 3)) chunked.push(...chunk.map((row) => row.id))
            const listed = await allPages(member, tokens[account], { ...filters, orderBy, order })
            expect(chunked, `${account} ${JSON.stringify(filters)} by ${orderBy} ${order}`).toEqual(listed.map((row) => row.id))
          }
        }
      }
    }
  }, 120_000)

  it.each(sorting)('%s: an undeclared column or direction is refused in Chinese', async (_name, route) => {
    for (const [input, message] of [
      [{ orderBy: 'nosuchcolumn' }, /^不能按此列排序（可排序的列：/],
      [{ orderBy: 'id' }, /^不能按此列排序/],
      [{ orderBy: sortableColumns(route.query)[0], order: 'sideways' }, /^排序方向应为 asc（升序）或 desc（降序）/],
    ] as const) {
      const answer = await sendRoute(server.url, route, input, { Token: tokens.admin })
      expect(answer.status).toBe(400)
      expect(messageOf(answer.bytes)).toMatch(message)
    }
  })
})

// Tables named at run time: the builder is untyped here, the rows are what the database holds.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Db) => db as unknown as Kysely<any>

/** Copies of the table's first row (of those under `topOrgId`), one per name, changed by `vary`. */
async function copies(db: Db, table: string, vary: (i: number) => Record<string, unknown>, topOrgId?: number): Promise<void> {
  let query = untyped(db).selectFrom(table).selectAll().orderBy('id').limit(1)
  if (topOrgId !== undefined) query = query.where('topOrgId', '=', topOrgId)
  const first = (await query.executeTakeFirstOrThrow()) as Row
  const { id: _id, ...values } = first
  for (const i of NAMES.keys()) await untyped(db).insertInto(table).values({ ...values, ...vary(i) }).execute()
}

/** New rows, one per name, with their time stamps. */
async function rows(db: Db, table: string, values: (i: number) => Record<string, unknown>): Promise<void> {
  for (const i of NAMES.keys()) await untyped(db).insertInto(table).values({ createTime: NOW, updatedAt: NOW, ...values(i) }).execute()
}

/** The root organisation (the super user's scope). */
async function rootOf(db: Db): Promise<number> {
  return (await db.selectFrom('org').select('id').where('parentId', 'is', null).executeTakeFirstOrThrow()).id
}

/** The organisation administrator's top organisation, for the subtree filter: within both accounts' trees. */
async function topOrgOf(db: Db): Promise<number> {
  return (await db.selectFrom('org').select('id').where('name', '=', ORG_ADMIN_TOP_ORG).executeTakeFirstOrThrow()).id
}
