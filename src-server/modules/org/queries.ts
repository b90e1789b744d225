import type { ExpressionBuilder, Selectable } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Department, Org, OrgNode, OrgSearchHit } from '../../../src-shared/schemas/org'
import type { DataScope } from '../../auth/scope'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import { inRange, prefixRange, startsWith } from '../../db/prefix'
import { containsText } from '../../db/sql-text'
import type { Database, Db, OrgTable } from '../../db/types'
import { onePage } from '../../db/paging'

type OrgEb = ExpressionBuilder<Database & { o: OrgTable }, 'o'>

/** Full or short name contains the text (`LIKE` with its wildcards escaped). */
export function nameContains(eb: OrgEb, text: string) {
  return eb.or([containsText('o.name', text), containsText('o.shortName', text)])
}

/** Organisations with everything a row shows: parent and top names, number of children. */
export function orgRows(db: Db) {
  return db
    .selectFrom('org as o')
    .leftJoin('org as p', 'p.id', 'o.parentId')
    .leftJoin('org as t', 't.id', 'o.topOrgId')
    .selectAll('o')
    .select(['p.name as parentName', 't.name as topOrgName'])
}

type OrgRow = Selectable<OrgTable> & { parentName: string | null; topOrgName: string | null }

export function toOrg(row: OrgRow): Org {
  return {
    ...toOrgNode(row),
    parentName: row.parentName,
    areaName: row.areaName,
    hasCommittee: row.hasCommittee,
    committeeCreate: row.committeeCreate,
    contacter: row.contacter,
    postAddress: row.postAddress,
    topOrgName: row.topOrgName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

export const ORG_NOT_FOUND = '组织不存在'

/** Where an organisation sits in the tree: what scope checks, moves and new codes need of it. */
export type OrgPlace = Pick<Selectable<OrgTable>, 'id' | 'orgCode' | 'parentId' | 'topOrgId' | 'path' | 'childrenCount'>

// Columns named, not `*`: PostgreSQL refuses a prepared statement whose result columns
// changed under it, which a migration adding a column would do to running servers.
const orgWithin = preparedQuery((db, p: QueryParams<{ id: number; pathFrom: string; pathTo: string }>) =>
  db
    .selectFrom('org as o')
    .select(['o.id', 'o.orgCode', 'o.parentId', 'o.topOrgId', 'o.path', 'o.childrenCount'])
    .where('o.id', '=', p.id)
    .where((eb) => inRange(eb, 'o.path', p.pathFrom, p.pathTo)),
)

/**
 * An organisation inside the caller's tree. One outside it answers exactly like one
 * that does not exist, so ids of other trees reveal nothing. Prepared: list filters
 * and the tree check one on nearly every request.
 */
export async function orgInScope(db: Db, scope: DataScope, id: number, message = ORG_NOT_FOUND): Promise<OrgPlace> {
  const { from, to } = prefixRange(scope.path)
  const org = await orgWithin.first(db, { id, pathFrom: from, pathTo: to })
  if (!org) throw new AppError(ErrorKey.NOT_FOUND, message)
  return org
}

/** Where an organisation sits, read inside a write's transaction (its route's scope marker has checked the tree). */
export async function orgPlace(db: Db, id: number): Promise<OrgPlace> {
  const org = await db.selectFrom('org as o').select(['o.id', 'o.orgCode', 'o.parentId', 'o.topOrgId', 'o.path', 'o.childrenCount']).where('o.id', '=', id).executeTakeFirst()
  if (!org) throw new AppError(ErrorKey.NOT_FOUND, ORG_NOT_FOUND)
  return org
}

/** An organisation's record (its route's scope marker has checked the tree). */
export async function orgDetail(db: Db, id: number): Promise<Org> {
  const row = await orgRows(db).where('o.id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, ORG_NOT_FOUND)
  return toOrg(row)
}

export async function listOrgs(
  db: Db,
  scope: DataScope,
  q: { name?: string; parentId?: number; pageNum: number; pageSize: number },
): Promise<{ records: Org[]; total: number }> {
  const parent = q.parentId === undefined ? undefined : await orgInScope(db, scope, q.parentId)
  const where = (eb: OrgEb) =>
    eb.and([
      startsWith(eb, 'o.path', parent?.path ?? scope.path),
      ...(parent ? [eb('o.id', '<>', parent.id)] : []),
      ...(q.name ? [nameContains(eb, q.name)] : []),
    ])
  const { records, total } = await onePage(orgRows(db).where(where).orderBy('o.sortNumber').orderBy('o.id'), db.selectFrom('org as o').where(where), q)
  return { records: records.map(toOrg), total }
}

/** What every view of an organisation in the tree names it by. */
const nodeColumns = ['o.id', 'o.orgCode', 'o.name', 'o.shortName', 'o.parentId', 'o.sortNumber'] as const

/** Tree nodes (OrgNodeSchema) with their number of children. */
function orgNodes(db: Db) {
  return db
    .selectFrom('org as o')
    .select(nodeColumns)
    .select(['o.orgType', 'o.secretary', 'o.contactPhone', 'o.topOrgId', 'o.childrenCount'])
}

type OrgNodeRow = Pick<OrgRow, keyof OrgNode & keyof OrgRow>

function toOrgNode(row: OrgNodeRow): OrgNode {
  return {
    id: row.id,
    orgCode: row.orgCode,
    name: row.name,
    shortName: row.shortName,
    parentId: row.parentId,
    orgType: row.orgType,
    secretary: row.secretary,
    contactPhone: row.contactPhone,
    sortNumber: row.sortNumber,
    topOrgId: row.topOrgId,
    childrenCount: row.childrenCount,
    hasChildren: row.childrenCount > 0,
  }
}

/** A page of a node's children in display order (sort number, then id): prepared, the tree reads it on every expand. */
const childrenPage = preparedQuery((db, p: QueryParams<{ parentId: number; limit: number; offset: number }>) =>
  orgNodes(db).where('o.parentId', '=', p.parentId).orderBy('o.sortNumber').orderBy('o.id').limit(p.limit).offset(p.offset),
)

/**
 * Direct children of a node, a page at a time. Without a node: the top of the
 * caller's tree as the only record.
 */
export async function childrenOf(
  db: Db,
  scope: DataScope,
  q: { parentId?: number; orgCode?: string; pageNum: number; pageSize: number },
): Promise<{ records: OrgNode[]; total: number }> {
  let parentId = q.parentId
  if (parentId === undefined && q.orgCode !== undefined) {
    const byCode = await db.selectFrom('org').select('id').where('orgCode', '=', q.orgCode).executeTakeFirst()
    if (!byCode) throw new AppError(ErrorKey.NOT_FOUND, ORG_NOT_FOUND)
    parentId = byCode.id
  }
  if (parentId === undefined) {
    return { records: [toOrgNode(await orgNodes(db).where('o.id', '=', scope.orgId).executeTakeFirstOrThrow())], total: 1 }
  }
  // The scope check reads the parent, and with it how many children it has.
  const parent = await orgInScope(db, scope, parentId)
  const rows = await childrenPage.rows(db, { parentId, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize })
  return { records: rows.map(toOrgNode), total: parent.childrenCount }
}

/** Ids along a stored path: `/1/7/23/` → [1, 7, 23]. */
export function idsOfPath(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number)
}

/**
 * Organisations whose name contains the text, each with the chain of names from the
 * top of the caller's tree down to it, so the tree can open the way to a match whose
 * ancestors are not loaded yet.
 */
export async function searchOrgs(db: Db, scope: DataScope, name: string, limit: number): Promise<OrgSearchHit[]> {
  const hits = await db
    .selectFrom('org as o')
    .select([...nodeColumns, 'o.path', 'o.childrenCount'])
    .where((eb) => eb.and([startsWith(eb, 'o.path', scope.path), nameContains(eb, name)]))
    .orderBy('o.sortNumber')
    .orderBy('o.id')
    .limit(limit)
    .execute()
  const depth = idsOfPath(scope.path).length - 1
  const chains = hits.map((h) => idsOfPath(h.path).slice(depth))
  const ids = [...new Set(chains.flat())]
  const names = new Map(
    ids.length === 0 ? [] : (await db.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).execute()).map((o) => [o.id, o.name]),
  )
  return hits.map((h, i) => ({
    id: h.id,
    orgCode: h.orgCode,
    name: h.name,
    shortName: h.shortName,
    parentId: h.parentId,
    sortNumber: h.sortNumber,
    hasChildren: h.childrenCount > 0,
    path: chains[i].map((id) => ({ id, name: names.get(id) ?? '' })),
  }))
}

/** Top organisations the caller may pick: the root's children for the super user, its own otherwise. */
export async function departmentsOf(db: Db, scope: DataScope, name: string | undefined): Promise<Department[]> {
  return db
    .selectFrom('org as o')
    .select(['o.id', 'o.orgCode', 'o.name', 'o.shortName', 'o.sortNumber'])
    .where((eb) =>
      eb.and([
        scope.superUser ? eb('o.parentId', '=', scope.orgId) : eb('o.id', '=', scope.orgId),
        ...(name ? [nameContains(eb, name)] : []),
      ]),
    )
    .orderBy('o.sortNumber')
    .orderBy('o.id')
    .execute()
}
