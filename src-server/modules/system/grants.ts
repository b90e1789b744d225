import { AppError, ErrorKey } from '../../../src-shared/errors'
import { keysOfPermissionIds } from '../../../src-shared/permissions'
import type { AuthUser } from '../../auth/auth-user'
import type { Db } from '../../db/types'

/** Screen ids a role grants, by role. */
export async function permissionIdsOfRoles(db: Db, roleIds: readonly number[]): Promise<Map<number, number[]>> {
  const byRole = new Map<number, number[]>(roleIds.map((id) => [id, []]))
  if (roleIds.length === 0) return byRole
  const rows = await db
    .selectFrom('rolePermission')
    .select(['roleId', 'permissionId'])
    .where('roleId', 'in', [...roleIds])
    .orderBy('permissionId')
    .execute()
  for (const row of rows) byRole.get(row.roleId)?.push(row.permissionId)
  return byRole
}

/**
 * Nobody hands out more than they hold: a role may grant, and an account may be given
 * (or, when edited or deleted, already have) only a role whose screens the caller has
 * too. Otherwise an account manager could create a super user, or reset one's password.
 */
export function assertWithinCaller(user: AuthUser, permissionIds: readonly number[], message: string): void {
  if (keysOfPermissionIds(permissionIds).some((key) => !user.permissions.has(key))) throw new AppError(ErrorKey.FORBIDDEN, message)
}

export async function assertRoleWithinCaller(db: Db, user: AuthUser, roleId: number | null, message: string): Promise<void> {
  if (roleId === null) return
  const ids = (await permissionIdsOfRoles(db, [roleId])).get(roleId) ?? []
  assertWithinCaller(user, ids, message)
}
