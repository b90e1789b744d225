import { sql } from 'kysely'
import { keysOfPermissionIds, ROOT_ORG_CODE } from '../../src-shared/permissions'
import type { Db } from '../db/types'

/**
 * The organisation tree an account may see and change (spec 000 §6, ARCHITECTURE
 * rule 6): an account linked to a member sees its top organisation's tree; one
 * without a member is the super user and sees the tree from the root 320101.
 */
export interface DataScope {
  orgId: number
  /** Subtree path prefix of `orgId`, e.g. `/1/10/`. */
  path: string
  superUser: boolean
}

/** The signed-in account as every handler sees it. */
export interface AuthUser {
  adminId: number
  name: string
  roleId: number | null
  /** Screen permission keys granted by the role (empty without a role); shared between requests, never changed. */
  permissions: ReadonlySet<string>
  /** The party member the account is linked to; null for the super user. */
  member: { id: number; orgId: number; topOrgId: number } | null
  /** The tree the account works in; null when its organisation is gone (it may then do nothing scoped). */
  scope: DataScope | null
  /** Another administrator set the password: until it is changed, only the routes that say so open. */
  mustChangePassword: boolean
}

/**
 * The account with its member, the top of its data scope and its role's permission ids
 * (comma-separated), as one query the session lookup can join onto: this runs on every
 * request, and each extra round trip to PostgreSQL costs more than the query itself.
 * `string_agg` is both dialects' (SQLite since 3.44).
 */
export function accountWithMember(db: Db) {
  return db
    .selectFrom('admin')
    .leftJoin('member', 'member.id', 'admin.memberId')
    .leftJoin('org as scopeOrg', (join) =>
      join.on((eb) =>
        eb(
          'scopeOrg.id',
          '=',
          eb.fn.coalesce('member.topOrgId', 'member.orgId', eb.selectFrom('org as root').select('root.id').where('root.orgCode', '=', ROOT_ORG_CODE)),
        ),
      ),
    )
    .select(['admin.id', 'admin.name', 'admin.roleId', 'admin.mustRenew', 'member.id as memberId', 'member.orgId', 'member.topOrgId'])
    .select(['scopeOrg.id as scopeOrgId', 'scopeOrg.path as scopePath'])
    .select((eb) =>
      eb
        .selectFrom('rolePermission')
        .select(sql<string | null>`string_agg(cast(${sql.ref('rolePermission.permissionId')} as text), ',')`.as('ids'))
        .whereRef('rolePermission.roleId', '=', 'admin.roleId')
        .as('permissionIds'),
    )
}

type AccountRow = {
  id: number
  name: string
  roleId: number | null
  mustRenew: number
  memberId: number | null
  orgId: number | null
  topOrgId: number | null
  scopeOrgId: number | null
  scopePath: string | null
  permissionIds: string | null
}

/**
 * Permission keys by the text of a role's permission ids ("101,102,…"): every request
 * reads that text with its session, and there are only as many distinct texts as roles
 * with distinct grants, so each is turned into keys once. Bounded all the same: a
 * database with more variety than this only loses the reuse.
 */
const permissionsByIds = new Map<string, ReadonlySet<string>>()
const REMEMBERED_GRANTS = 1000
const NO_PERMISSIONS: ReadonlySet<string> = new Set()

function permissionsOf(ids: string | null): ReadonlySet<string> {
  if (!ids) return NO_PERMISSIONS
  let keys = permissionsByIds.get(ids)
  if (!keys) {
    keys = new Set(keysOfPermissionIds(ids.split(',').map(Number)))
    if (permissionsByIds.size >= REMEMBERED_GRANTS) permissionsByIds.clear()
    permissionsByIds.set(ids, keys)
  }
  return keys
}

/** An account row as the signed-in user. */
export function toAuthUser(row: AccountRow): AuthUser {
  return {
    adminId: row.id,
    name: row.name,
    roleId: row.roleId,
    permissions: row.roleId === null ? NO_PERMISSIONS : permissionsOf(row.permissionIds),
    member:
      row.memberId !== null && row.orgId !== null
        ? { id: row.memberId, orgId: row.orgId, topOrgId: row.topOrgId ?? row.orgId }
        : null,
    scope: row.scopeOrgId !== null && row.scopePath !== null ? { orgId: row.scopeOrgId, path: row.scopePath, superUser: row.memberId === null } : null,
    mustChangePassword: row.mustRenew === 1,
  }
}

export async function loadAuthUser(db: Db, adminId: number): Promise<AuthUser | null> {
  const row = await accountWithMember(db).where('admin.id', '=', adminId).executeTakeFirst()
  return row ? toAuthUser(row) : null
}
