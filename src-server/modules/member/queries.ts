import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { MEMBER_COUNT_AHEAD_PAGES, type Member, type MemberListItem, type MemberFilterSchema } from '../../../src-shared/schemas/member'
import type { z } from 'zod'
import type { DataScope } from '../../auth/scope'
import { preparedQueryFamily, valuesAsParams, type QueryParams } from '../../db/prepared'
import { orderedBy, sortTerms, type OrderTerm } from '../../db/list-order'
import { inRange, prefixRange } from '../../db/prefix'
import type { Database, Db } from '../../db/types'
import { orgInScope } from '../org/queries'

export type MemberFilter = z.output<typeof MemberFilterSchema>
type MemberEb = ExpressionBuilder<Database, 'member'>

/** Members with the names of their organisation and top organisation at hand. */
function membersWithOrgs(db: Db) {
  return db.selectFrom('member').leftJoin('org', 'org.id', 'member.orgId').leftJoin('org as top', 'top.id', 'member.topOrgId')
}

/** What a row of the list shows (MemberListItemSchema). */
const listColumns = [
  'member.id',
  'member.name',
  'member.gender',
  'member.telephone',
  'member.orgId',
  'org.name as orgName',
  'member.topOrgId',
  'top.name as topOrgName',
  'member.enabled',
] as const

/** Members as list rows show them. */
function memberListRows(db: Db) {
  return membersWithOrgs(db).select(listColumns)
}

/** Members with every field of the record (MemberSchema), and their organisation's code. */
export function memberRows(db: Db) {
  return memberListRows(db).select([
    'member.idcard',
    'member.nation',
    'member.avatarUrl',
    'org.orgCode as orgCode',
    'member.department',
    'member.jobs',
    'member.partyJobs',
    'member.tenureTime',
    'member.sameTenureYear',
    'member.createdAt',
    'member.updatedAt',
  ])
}

type MemberListRow = Awaited<ReturnType<ReturnType<typeof memberListRows>['executeTakeFirstOrThrow']>>

function toMemberListItem(row: MemberListRow): MemberListItem {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    telephone: row.telephone,
    orgId: row.orgId,
    orgName: row.orgName,
    topOrgId: row.topOrgId,
    topOrgName: row.topOrgName,
    enabled: row.enabled === 1,
  }
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof memberRows>['executeTakeFirstOrThrow']>>

export function toMember(row: MemberRow): Member {
  return {
    ...toMemberListItem(row),
    idcard: row.idcard,
    nation: row.nation,
    avatarUrl: row.avatarUrl,
    department: row.department,
    jobs: row.jobs,
    partyJobs: row.partyJobs,
    tenureTime: row.tenureTime,
    sameTenureYear: row.sameTenureYear,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export const MEMBER_NOT_FOUND = '党员不存在'

/**
 * A member as stored. Routes naming a member carry the `member` scope marker: the route
 * mechanism has answered NOT_FOUND for one outside the caller's tree before this runs.
 */
export async function storedMember(db: Db, id: number) {
  const row = await db.selectFrom('member').select(['id', 'orgId', 'telephone']).where('member.id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, MEMBER_NOT_FOUND)
  return row
}

/** Which conditions a member filter has: the list's queries are prepared once per combination. */
export type MemberShape = {
  superUser: boolean
  name: boolean
  telephone: boolean
  /** `orgId` given: its subtree. */
  subtree: boolean
  topOrgId: boolean
  enabled: boolean
  /** Sorted by name (then id), by telephone (unique), descending: the user's sort (list-sort.ts); none of them, the filter's order. */
  sortName: boolean
  sortTelephone: boolean
  descending: boolean
}

/** The values of a filter's conditions (those its shape does not use are absent). */
export type MemberValues = {
  scopeOrgId: number
  /** The subtree range: `orgId`'s, else the caller's. */
  pathFrom: string
  pathTo: string
  nameFrom?: string
  nameTo?: string
  telephoneFrom?: string
  telephoneTo?: string
  topOrgId?: number
  enabled?: number
}

/**
 * How a filtered member list is read: its conditions, and an order that an index
 * already has, so the first page never sorts millions of rows
 * (see the indexes of migration 0002):
 * - sorted by the user (`orderBy` name or telephone, either direction): that column
 *   (and id), from (top_org_id,) name, id or (top_org_id,) telephone read forwards or
 *   backwards;
 * - else a name prefix: (top_org_id,) name, id;
 * - else a telephone prefix: (top_org_id,) telephone;
 * - else the organisation subtree (the caller's, or `orgId`'s): org_path, id —
 *   members grouped by organisation in tree order.
 */
export interface MemberPlan {
  shape: MemberShape
  values: MemberValues
  /** Only these members (an export of the selection), still within the filter and scope. */
  ids?: readonly number[]
}

export async function memberPlan(db: Db, scope: DataScope, f: MemberFilter): Promise<MemberPlan> {
  const subtree = f.orgId === undefined ? undefined : (await orgInScope(db, scope, f.orgId)).path
  if (f.topOrgId !== undefined) await orgInScope(db, scope, f.topOrgId)
  const path = prefixRange(subtree ?? scope.path)
  const name = f.name === undefined ? undefined : prefixRange(f.name)
  const telephone = f.telephone === undefined ? undefined : prefixRange(f.telephone)
  return {
    shape: {
      superUser: scope.superUser,
      name: name !== undefined,
      telephone: telephone !== undefined,
      subtree: subtree !== undefined,
      topOrgId: f.topOrgId !== undefined,
      enabled: f.enabled !== undefined,
      sortName: f.orderBy === 'name',
      sortTelephone: f.orderBy === 'telephone',
      descending: f.orderBy !== undefined && f.order === 'desc',
    },
    values: {
      scopeOrgId: scope.orgId,
      pathFrom: path.from,
      pathTo: path.to,
      nameFrom: name?.from,
      nameTo: name?.to,
      telephoneFrom: telephone?.from,
      telephoneTo: telephone?.to,
      topOrgId: f.topOrgId,
      enabled: f.enabled === undefined ? undefined : f.enabled ? 1 : 0,
    },
  }
}

function memberWhere(eb: MemberEb, shape: MemberShape, p: QueryParams<MemberValues>): Expression<SqlBool> {
  const byText = shape.name || shape.telephone || shape.sortName || shape.sortTelephone
  const inSubtree = inRange(eb, 'member.orgPath', p.pathFrom, p.pathTo)
  return eb.and([
    // With a text prefix or a text order the scope is its top organisation (the leading
    // column of the text's index); without one, the subtree range is both scope and order.
    byText ? (shape.superUser ? eb.lit(true) : eb('member.topOrgId', '=', p.scopeOrgId)) : inSubtree,
    ...(byText && shape.subtree ? [inSubtree] : []),
    ...(shape.topOrgId ? [eb('member.topOrgId', '=', p.topOrgId)] : []),
    ...(shape.name ? [inRange(eb, 'member.name', p.nameFrom, p.nameTo)] : []),
    ...(shape.telephone ? [inRange(eb, 'member.telephone', p.telephoneFrom, p.telephoneTo)] : []),
    ...(shape.enabled ? [eb('member.enabled', '=', p.enabled)] : []),
  ])
}

const MEMBER_SORT_COLUMNS = { name: 'member.name', telephone: 'member.telephone' }

function memberOrder(shape: MemberShape): readonly OrderTerm[] {
  const asked = shape.sortName ? 'name' : shape.sortTelephone ? 'telephone' : undefined
  const sorted = sortTerms({ orderBy: asked, order: shape.descending ? 'desc' : 'asc' }, MEMBER_SORT_COLUMNS, 'member.id', ['telephone'])
  if (sorted) return sorted
  const forwards = (columns: string[]) => columns.map((column) => ({ column, desc: false }))
  return forwards(shape.name ? ['member.name', 'member.id'] : shape.telephone ? ['member.telephone'] : ['member.orgPath', 'member.id'])
}

/** Matching members, at most `countLimit`: counting a broad filter exactly would read millions of index entries per page. */
function matchesUpTo(db: Db, shape: MemberShape, p: QueryParams<MemberValues & { countLimit: number }>) {
  return db
    .selectFrom(
      db
        .selectFrom('member')
        .select('member.id')
        .where((eb) => memberWhere(eb, shape, p))
        .limit(p.countLimit)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
}

/**
 * A page of the list with the capped count of all its matches on every row, one
 * statement for both (the count is an uncorrelated subquery, run once): a round trip
 * less per page on PostgreSQL.
 */
const memberPage = preparedQueryFamily(
  (db, p: QueryParams<MemberValues & { limit: number; offset: number; countLimit: number }>, shape: MemberShape) => {
    const rows = memberListRows(db)
      .select(() => matchesUpTo(db, shape, p).as('counted'))
      .where((eb) => memberWhere(eb, shape, p))
    return orderedBy(rows, memberOrder(shape)).limit(p.limit).offset(p.offset)
  },
)

/** The count alone, for a page past the last match (which has no row to carry it). */
const memberCount = preparedQueryFamily((db, p: QueryParams<MemberValues & { countLimit: number }>, shape: MemberShape) => matchesUpTo(db, shape, p))

export async function listMembers(
  db: Db,
  scope: DataScope,
  q: MemberFilter & { pageNum: number; pageSize: number },
): Promise<{ records: MemberListItem[]; total: number; totalCapped: boolean }> {
  const { shape, values } = await memberPlan(db, scope, q)
  const offset = (q.pageNum - 1) * q.pageSize
  // Counted ten pages past this page's start, and one more to know whether there are more still.
  const cap = offset + q.pageSize * MEMBER_COUNT_AHEAD_PAGES
  const countLimit = cap + 1
  const records = await memberPage.rows(db, shape, { ...values, limit: q.pageSize, offset, countLimit })
  const counted = records.length > 0 ? records[0].counted : offset === 0 ? 0 : (await memberCount.first(db, shape, { ...values, countLimit }))?.n
  const n = Number(counted ?? 0)
  return { records: records.map(toMemberListItem), total: Math.min(n, cap), totalCapped: n > cap }
}

/** A member's whole record (its route's scope marker has checked the tree). */
export async function memberDetail(db: Db, id: number): Promise<Member> {
  const row = await memberRows(db).where('member.id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, MEMBER_NOT_FOUND)
  return toMember(row)
}

type SortKey = { name: string; telephone: string; orgPath: string; id: number }

/**
 * Every matching row in the list's order, a chunk at a time, each chunk continuing
 * after the last key of the one before (keyset paging: no growing offsets, and the
 * same index as the first page), for exports of any size.
 */
export async function* memberChunks(db: Db, plan: MemberPlan, chunkSize: number): AsyncGenerator<MemberRow[]> {
  let after: SortKey | undefined
  for (;;) {
    // The key condition comes first: SQLite seeks the index with the first range it
    // meets on the order's leading column, and the filter's own prefix range would
    // restart every chunk from the beginning (measured: 1.7 s instead of 1 ms per
    // chunk three million rows in). PostgreSQL keeps the tighter bound either way.
    const order = memberOrder(plan.shape)
    let query = memberRows(db)
      .select(['member.orgPath'])
      .where((eb) => (after ? keyAfter(order, after) : eb.lit(true)))
      .where((eb) => memberWhere(eb, plan.shape, valuesAsParams(plan.values)))
    if (plan.ids) query = query.where('member.id', 'in', plan.ids)
    const rows = await orderedBy(query, order).limit(chunkSize).execute()
    if (rows.length === 0) return
    yield rows
    if (rows.length < chunkSize) return
    after = rows[rows.length - 1]
  }
}

/** Rows after `key` in `order` (both of its terms run one way: a sort's tie-breaker follows its column). */
function keyAfter(order: readonly OrderTerm[], key: SortKey): Expression<SqlBool> {
  const value = (term: OrderTerm) => key[term.column.slice('member.'.length) as keyof SortKey]
  const after = order[0].desc ? sql.raw('<') : sql.raw('>')
  if (order.length === 1) return sql<SqlBool>`${sql.ref(order[0].column)} ${after} ${value(order[0])}`
  const [first, second] = order
  return sql<SqlBool>`(${sql.ref(first.column)}, ${sql.ref(second.column)}) ${after} (${value(first)}, ${value(second)})`
}
