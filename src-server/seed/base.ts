import { ROOT_ORG_CODE, permissionTree } from '../../src-shared/permissions'
import { nowText } from '../db/time'
import type { Db, NewOrg } from '../db/types'

export const SUPER_ROLE_TITLE = '超级管理员'
export const SUPER_USER_NAME = 'admin'

/** Every id of the permission tree, modules and screens (what a fully ticked tree stores). */
export function permissionIdsOf(moduleKeys?: readonly string[]): number[] {
  return permissionTree
    .filter((m) => !moduleKeys || moduleKeys.includes(m.key))
    .flatMap((m) => [m.id, ...m.children.map((s) => s.id)])
}

/**
 * Inserts an organisation and fills in its subtree path (`/…/<id>/`), which needs
 * the generated id. The top organisation of a direct child of the root is itself.
 */
export async function insertOrg(
  db: Db,
  org: Omit<NewOrg, 'path' | 'topOrgId' | 'parentId' | 'createdAt' | 'updatedAt'>,
  parent: { id: number; path: string; topOrgId: number | null; isRoot: boolean } | null,
): Promise<{ id: number; path: string; topOrgId: number | null; isRoot: boolean }> {
  const now = nowText()
  const { id } = await db
    .insertInto('org')
    .values({ ...org, parentId: parent?.id ?? null, path: '/', topOrgId: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const path = `${parent?.path ?? '/'}${id}/`
  const topOrgId = !parent ? null : parent.isRoot ? id : parent.topOrgId
  await db.updateTable('org').set({ path, topOrgId }).where('id', '=', id).execute()
  return { id, path, topOrgId, isRoot: !parent }
}

/** Inserts a role granting the given permission ids (as a ticked tree stores them); returns its id. */
export async function insertRole(db: Db, role: { title: string; remark: string }, permissionIds: readonly number[]): Promise<number> {
  const now = nowText()
  const { id } = await db
    .insertInto('role')
    .values({ ...role, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (permissionIds.length > 0) await db.insertInto('rolePermission').values(permissionIds.map((permissionId) => ({ roleId: id, permissionId }))).execute()
  return id
}

/**
 * What every installation starts with: the root organisation, role 1 with every
 * permission, and the super user `admin` (no member, so it sees the whole province).
 */
export async function seedFoundation(db: Db, adminPasswordHash: string) {
  const now = nowText()
  const root = await insertOrg(
    db,
    { orgCode: ROOT_ORG_CODE, name: '省直机关工委', shortName: '省直工委', orgType: '党委', areaName: '南京市', hasCommittee: 1, sortNumber: 1 },
    null,
  )
  const superRoleId = await insertRole(db, { title: SUPER_ROLE_TITLE, remark: '拥有全部菜单权限，不可编辑或删除' }, permissionIdsOf())
  await db
    .insertInto('admin')
    .values({ name: SUPER_USER_NAME, passwordHash: adminPasswordHash, roleId: superRoleId, createdAt: now, updatedAt: now })
    .execute()
  return { root }
}
