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

export async function loadAuthUser(db: Db, adminId: number): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('admin')
    .leftJoin('member', 'member.id', 'admin.memberId')
    .select(['admin.id', 'admin.name', 'admin.roleId', 'member.id as memberId', 'member.orgId', 'member.topOrgId'])
    .where('admin.id', '=', adminId)
    .executeTakeFirst()
  if (!row) return null
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
