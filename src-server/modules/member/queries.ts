import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { MEMBER_COUNT_CAP, type Member, type MemberFilterSchema } from '../../../src-shared/schemas/member'
import type { z } from 'zod'
import type { DataScope } from '../../auth/scope'
import { startsWith } from '../../db/prefix'
import type { Database, Db } from '../../db/types'
import { orgInScope } from '../org/queries'

export type MemberFilter = z.output<typeof MemberFilterSchema>
type MemberEb = ExpressionBuilder<Database, 'member'>

/** Members with their organisation's and top organisation's names, as rows show them. */
export function memberRows(db: Db) {
  return db
    .selectFrom('member')
    .leftJoin('org', 'org.id', 'member.orgId')
    .leftJoin('org as top', 'top.id', 'member.topOrgId')
    .select([
      'member.id',
      'member.name',
      'member.gender',
      'member.telephone',
      'member.idcard',
      'member.nation',
      'member.avatarUrl',
      'member.orgId',
      'org.name as orgName',
      'org.orgCode as orgCode',
      'member.topOrgId',
      'top.name as topOrgName',
      'member.department',
      'member.jobs',
      'member.partyJobs',
      'member.tenureTime',
      'member.sameTenureYear',
      'member.enabled',
      'member.createdAt',
      'member.updatedAt',
    ])
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof memberRows>['executeTakeFirstOrThrow']>>

export function toMember({ orgCode: _orgCode, enabled, ...row }: MemberRow): Member {
  return { ...row, enabled: enabled === 1 }
}

export const MEMBER_NOT_FOUND = '党员不存在'

/** The caller's members: all for the super user, else those of its top organisation. */
function inScope(eb: MemberEb, scope: DataScope): Expression<SqlBool> {
  return scope.superUser ? eb.lit(true) : eb('member.topOrgId', '=', scope.orgId)
}

/** A member of the caller's tree; one of another tree answers as not found. */
export async function memberInScope(db: Db, scope: DataScope, id: number) {
  const row = await db
    .selectFrom('member')
    .select(['id', 'orgId', 'telephone'])
    .where((eb) => eb.and([eb('member.id', '=', id), inScope(eb, scope)]))
    .executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, MEMBER_NOT_FOUND)
  return row
}

export type OrderColumn = 'member.name' | 'member.telephone' | 'member.orgPath' | 'member.id'

/**
 * How a filtered member list is read: its conditions, and an order that an index
 * already has, so the first page never sorts millions of rows
 * (see the indexes of migration 0002):
 * - a name prefix: (top_org_id,) name, id;
 * - else a telephone prefix: (top_org_id,) telephone;
 * - else the organisation subtree (the caller's, or `orgId`'s): org_path, id —
 *   members grouped by organisation in tree order.
 */
export interface MemberPlan {
  where: (eb: MemberEb) => Expression<SqlBool>
  order: readonly OrderColumn[]
}

export async function memberPlan(db: Db, scope: DataScope, f: MemberFilter): Promise<MemberPlan> {
  const subtree = f.orgId === undefined ? undefined : (await orgInScope(db, scope, f.orgId)).path
  if (f.topOrgId !== undefined) await orgInScope(db, scope, f.topOrgId)
  const byText = f.name !== undefined || f.telephone !== undefined
  const where = (eb: MemberEb) =>
    eb.and([
      // With a text prefix the scope is its top organisation (the leading column of
      // the prefix index); without one, the subtree range is both scope and order.
      byText ? inScope(eb, scope) : startsWith(eb, 'member.orgPath', subtree ?? scope.path),
      ...(byText && subtree ? [startsWith(eb, 'member.orgPath', subtree)] : []),
      ...(f.topOrgId !== undefined ? [eb('member.topOrgId', '=', f.topOrgId)] : []),
      ...(f.name !== undefined ? [startsWith(eb, 'member.name', f.name)] : []),
      ...(f.telephone !== undefined ? [startsWith(eb, 'member.telephone', f.telephone)] : []),
      ...(f.enabled !== undefined ? [eb('member.enabled', '=', f.enabled ? 1 : 0)] : []),
    ])
  const order: readonly OrderColumn[] =
    f.name !== undefined ? ['member.name', 'member.id'] : f.telephone !== undefined ? ['member.telephone'] : ['member.orgPath', 'member.id']
  return { where, order }
}

/**
 * Matching rows counted up to the cap only: an exact count of a broad filter would
 * read millions of index entries on every page (docs/decisions.md).
 */
async function cappedCount(db: Db, plan: MemberPlan): Promise<number> {
  const limited = db.selectFrom('member').select('member.id').where(plan.where).limit(MEMBER_COUNT_CAP + 1)
  const { n } = await db
    .selectFrom(limited.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

export async function listMembers(
  db: Db,
  scope: DataScope,
  q: MemberFilter & { pageNum: number; pageSize: number },
): Promise<{ records: Member[]; total: number; totalCapped: boolean }> {
  const plan = await memberPlan(db, scope, q)
  let rows = memberRows(db).where(plan.where)
  for (const column of plan.order) rows = rows.orderBy(column)
  const [records, counted] = await Promise.all([
    rows.limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize).execute(),
    cappedCount(db, plan),
  ])
  return { records: records.map(toMember), total: Math.min(counted, MEMBER_COUNT_CAP), totalCapped: counted > MEMBER_COUNT_CAP }
}

export async function memberDetail(db: Db, scope: DataScope, id: number): Promise<Member> {
  await memberInScope(db, scope, id)
  return toMember(await memberRows(db).where('member.id', '=', id).executeTakeFirstOrThrow())
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
    let query = memberRows(db)
      .select(['member.orgPath'])
      .where((eb) => (after ? keyAfter(eb, plan.order, after) : eb.lit(true)))
      .where(plan.where)
    for (const column of plan.order) query = query.orderBy(column)
    const rows = await query.limit(chunkSize).execute()
    if (rows.length === 0) return
    yield rows
    if (rows.length < chunkSize) return
    after = rows[rows.length - 1]
  }
}

function keyAfter(eb: MemberEb, order: readonly OrderColumn[], key: SortKey): Expression<SqlBool> {
  const value = (column: OrderColumn) => key[column.slice('member.'.length) as keyof SortKey]
  if (order.length === 1) return eb(order[0], '>', value(order[0]))
  const [first, second] = order
  return sql<SqlBool>`(${eb.ref(first)}, ${eb.ref(second)}) > (${value(first)}, ${value(second)})`
}
