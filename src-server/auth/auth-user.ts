import { keysOfPermissionIds } from '../../src-shared/permissions'
import type { Db } from '../db/types'

/** The signed-in account as every handler sees it. */
export interface AuthUser {
  adminId: number
  name: string
  roleId: number | null
  /** Screen permission keys granted by the role (empty without a role). */
  permissions: Set<string>
  /** The party member the account is linked to; null for the super user. */
  member: { id: number; orgId: number; topOrgId: number } | null
}

/** The account with its member, as one query the session lookup can join onto. */
export function accountWithMember(db: Db) {
  return db
    .selectFrom('admin')
    .leftJoin('member', 'member.id', 'admin.memberId')
    .select(['admin.id', 'admin.name', 'admin.roleId', 'member.id as memberId', 'member.orgId', 'member.topOrgId'])
}

type AccountRow = { id: number; name: string; roleId: number | null; memberId: number | null; orgId: number | null; topOrgId: number | null }

/** Completes an account row with its role's permissions. */
export async function toAuthUser(db: Db, row: AccountRow): Promise<AuthUser> {
  const permissionIds =
    row.roleId === null
      ? []
      : (await db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', row.roleId).execute()).map(
          (r) => r.permissionId,
        )
  return {
    adminId: row.id,
    name: row.name,
    roleId: row.roleId,
    permissions: new Set(keysOfPermissionIds(permissionIds)),
    member:
      row.memberId !== null && row.orgId !== null
        ? { id: row.memberId, orgId: row.orgId, topOrgId: row.topOrgId ?? row.orgId }
        : null,
  }
}

export async function loadAuthUser(db: Db, adminId: number): Promise<AuthUser | null> {
  const row = await accountWithMember(db).where('admin.id', '=', adminId).executeTakeFirst()
  return row ? toAuthUser(db, row) : null
}
