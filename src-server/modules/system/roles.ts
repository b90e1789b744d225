import { AppError, ErrorKey } from '../../../src-shared/errors'
import { permissionTree, type ModuleNode } from '../../../src-shared/permissions'
import type { Page } from '../../../src-shared/schemas/common'
import { PROTECTED_ROLE_ID, roleResource, screenIdsOf, type RoleRow } from '../../../src-shared/schemas/system'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { signedIn, type DomainHandlers } from '../../http/context'
import { applyFilters } from '../../http/resource-handlers'
import { assertRoleWithinCaller, assertWithinCaller, permissionIdsOfRoles } from './grants'
import { onePage } from '../../db/paging'

const NOT_WITHIN = '不能授予超出自身权限的菜单'
const ROLE_NOT_FOUND = '角色不存在'
const TITLE_TAKEN = '角色名称已存在'

type RoleFields = { id: number; title: string; remark: string | null; createdAt: string }


async function rolesWithPermissions(db: Db, rows: RoleFields[]): Promise<RoleRow[]> {
  const permissions = await permissionIdsOfRoles(db, rows.map((r) => r.id))
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    remark: r.remark,
    createTime: r.createdAt,
    permissionIdList: screenIdsOf(permissions.get(r.id) ?? []),
  }))
}

/**
 * Roles belong to a tree (issue 16): a role made by a member-linked account is its top
 * organisation's (`ownerOrgId`), one made by the super user province-wide (null). A
 * member-linked account manages only its tree's roles, so what it changes reaches no
 * account of another tree (roles of a tree are given only to that tree's accounts, see
 * admins.ts); it may give its accounts province-wide roles, never change them.
 */
export function rolesManagedBy(db: Db, user: AuthUser) {
  return db.selectFrom('role').where('role.id', 'in', scopeIds.role(db, dataScopeOf(user)))
}

/** The owner a new role of this caller gets. */
const ownerOf = (user: AuthUser): number | null => {
  const scope = dataScopeOf(user)
  return scope.superUser ? null : scope.orgId
}

async function assertTitleFree(db: Db, ownerOrgId: number | null, title: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('role').select('id').where('title', '=', title)
  query = ownerOrgId === null ? query.where('ownerOrgId', 'is', null) : query.where('ownerOrgId', '=', ownerOrgId)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw new AppError(ErrorKey.VALIDATION, TITLE_TAKEN, [{ path: 'title', message: TITLE_TAKEN }])
}

export async function roleById(db: Db, id: number): Promise<RoleRow | undefined> {
  const row = await db.selectFrom('role').select(['id', 'title', 'remark', 'createdAt']).where('id', '=', id).executeTakeFirst()
  return row && (await rolesWithPermissions(db, [row]))[0]
}

async function existingRole(db: Db, id: number): Promise<RoleRow> {
  const role = await roleById(db, id)
  if (!role) throw new AppError(ErrorKey.NOT_FOUND, ROLE_NOT_FOUND)
  return role
}

/** A role with its owner (the route's `scope` declaration has checked that the caller manages it). */
async function ownedRole(db: Db, id: number): Promise<RoleRow & { ownerOrgId: number | null }> {
  const row = await db.selectFrom('role').select('ownerOrgId').where('id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, ROLE_NOT_FOUND)
  return { ...(await existingRole(db, id)), ownerOrgId: row.ownerOrgId }
}

async function replacePermissions(db: Db, roleId: number, permissionIdList: readonly number[]): Promise<void> {
  await db.deleteFrom('rolePermission').where('roleId', '=', roleId).execute()
  await db
    .insertInto('rolePermission')
    .values(screenIdsOf(permissionIdList).map((permissionId) => ({ roleId, permissionId })))
    .execute()
}

function refuseProtected(id: number, action: '修改' | '删除'): void {
  if (id === PROTECTED_ROLE_ID) throw new AppError(ErrorKey.FORBIDDEN, `超级管理员角色不可${action}`)
}

export const roleHandlers = {
  'role.list': async (input, ctx): Promise<Page<RoleRow>> => {
    const filtered = applyFilters(rolesManagedBy(ctx.db, signedIn(ctx)), 'role', roleResource.filters, input)
    const page = await onePage(filtered.select(['role.id', 'role.title', 'role.remark', 'role.createdAt']).orderBy('role.id'), filtered, input)
    return { records: await rolesWithPermissions(ctx.db, page.records as RoleFields[]), total: page.total }
  },

  // The roles an account may be given: the caller's tree's and the province-wide ones.
  'role.all': async (_input, ctx) => {
    const owner = ownerOf(signedIn(ctx))
    let query = ctx.db.selectFrom('role').select(['id', 'title'])
    if (owner !== null) query = query.where((eb) => eb.or([eb('ownerOrgId', '=', owner), eb('ownerOrgId', 'is', null)]))
    return query.orderBy('id').execute()
  },

  'role.create': async ({ title, remark, permissionIdList }, ctx) => {
    const user = signedIn(ctx)
    assertWithinCaller(user, permissionIdList, NOT_WITHIN)
    const ownerOrgId = ownerOf(user)
    await assertTitleFree(ctx.db, ownerOrgId, title)
    const now = nowText()
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('role').values({ title, remark, ownerOrgId, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
      await replacePermissions(trx, row.id, permissionIdList)
      return row.id
    })
    return existingRole(ctx.db, id)
  },

  'role.update': async ({ id, title, remark, permissionIdList }, ctx) => {
    refuseProtected(id, '修改')
    const user = signedIn(ctx)
    const current = await ownedRole(ctx.db, id)
    assertWithinCaller(user, current.permissionIdList, NOT_WITHIN)
    await assertTitleFree(ctx.db, current.ownerOrgId, title, id)
    assertWithinCaller(user, permissionIdList, NOT_WITHIN)
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('role').set({ title, remark, updatedAt: nowText() }).where('id', '=', id).execute()
      await replacePermissions(trx, id, permissionIdList)
    })
    return existingRole(ctx.db, id)
  },

  'role.delete': async ({ id }, ctx) => {
    refuseProtected(id, '删除')
    await assertRoleWithinCaller(ctx.db, signedIn(ctx), id, NOT_WITHIN)
    // Refused while accounts hold it (src-shared/references.ts).
    await deleteRecords(ctx.db, 'role', [id])
    return null
  },
} satisfies DomainHandlers<'role'>

export const permissionHandlers = {
  'permission.mine': async (_input, ctx) => {
    const user = signedIn(ctx)
    const ids = (permissionTree as readonly ModuleNode[]).flatMap((m) => m.children).filter((s) => user.permissions.has(s.key))
    return { permissionIdList: ids.map((s) => s.id), permissions: ids.map((s) => s.key) }
  },

  'permission.tree': async () =>
    (permissionTree as readonly ModuleNode[]).map((m) => ({ id: m.id, key: m.key, title: m.title, children: [...m.children] })),

  'permission.list': async () =>
    (permissionTree as readonly ModuleNode[]).flatMap((m) => [
      { id: m.id, key: m.key, title: m.title, parentId: null },
      ...m.children.map((s) => ({ id: s.id, key: s.key, title: s.title, parentId: m.id })),
    ]),
} satisfies DomainHandlers<'permission'>
