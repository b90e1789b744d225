import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Page } from '../../../src-shared/schemas/common'
import { adminResource, type AdminRow } from '../../../src-shared/schemas/system'
import type { AuthUser } from '../../auth/auth-user'
import { hashPassword } from '../../auth/passwords'
import { dataScopeOf } from '../../auth/scope'
import { endSessionsExcept } from '../../auth/sessions'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'
import { tokenOf } from '../../http/authenticate'
import { signedIn, type DomainHandlers } from '../../http/context'
import { applyFilters } from '../../http/resource-handlers'
import { assertRoleWithinCaller } from './grants'
import { onePage } from '../../db/paging'

const ROLE_NOT_WITHIN = '不能分配或修改超出自身权限的角色'

const ADMIN_COLUMNS = [
  'admin.id',
  'admin.name',
  'admin.roleId',
  'role.title as roleName',
  'admin.memberId',
  'member.name as memberName',
  'org.name as orgName',
  'admin.createdAt',
] as const

function adminRows(db: Db) {
  return db
    .selectFrom('admin')
    .leftJoin('role', 'role.id', 'admin.roleId')
    .leftJoin('member', 'member.id', 'admin.memberId')
    .leftJoin('org', 'org.id', 'member.orgId')
}

async function adminById(db: Db, id: number): Promise<AdminRow> {
  const row = await adminRows(db)
    .select(ADMIN_COLUMNS)
    .where('admin.id', '=', id)
    .executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '账号不存在')
  return toAdminRow(row)
}

function toAdminRow(row: {
  id: number
  name: string
  roleId: number | null
  roleName: string | null
  memberId: number | null
  memberName: string | null
  orgName: string | null
  createdAt: string
}): AdminRow {
  return {
    id: row.id,
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    memberId: row.memberId,
    memberDto: row.memberId !== null && row.memberName !== null ? { id: row.memberId, name: row.memberName, orgName: row.orgName } : null,
    createTime: row.createdAt,
  }
}

const nameTaken = () => new AppError(ErrorKey.CONFLICT, '账号已存在', [{ path: 'name', message: '账号已存在' }])

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('admin').select('id').where('name', '=', name)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw nameTaken()
}

/**
 * The role must exist and be within the caller's own rights; the member must be in the
 * caller's tree. A member-linked caller must link the account to a member: an account
 * without one is a super user, whose scope is the whole province.
 */
async function assertAssignable(db: Db, user: AuthUser, roleId: number, memberId: number | null): Promise<void> {
  const role = await db.selectFrom('role').select('ownerOrgId').where('id', '=', roleId).executeTakeFirst()
  const roleMissing = () => new AppError(ErrorKey.VALIDATION, '角色不存在', [{ path: 'roleId', message: '角色不存在' }])
  if (!role) throw roleMissing()
  await assertRoleWithinCaller(db, user, roleId, ROLE_NOT_WITHIN)
  const scope = dataScopeOf(user)
  if (memberId === null) {
    // An account without a member works province-wide: only province-wide roles.
    if (scope.superUser && role.ownerOrgId === null) return
    if (scope.superUser) throw roleMissing()
    throw new AppError(ErrorKey.VALIDATION, '请选择关联用户', [{ path: 'memberId', message: '请选择关联用户' }])
  }
  const found = await scopeIds.member(db, scope).select(['member.topOrgId', 'member.orgId']).where('member.id', '=', memberId).executeTakeFirst()
  if (!found) throw new AppError(ErrorKey.VALIDATION, '关联用户不存在', [{ path: 'memberId', message: '关联用户不存在' }])
  // A tree's role is held only by that tree's accounts: its administrator then reaches no other tree through it.
  if (role.ownerOrgId !== null && role.ownerOrgId !== (found.topOrgId ?? found.orgId)) throw roleMissing()
}

/**
 * A password another administrator sets is known to two people: its account must change
 * it at the next sign-in (issue 31). One set on the caller's own account is its own choice.
 */
async function passwordSetBy(user: AuthUser, adminId: number, password: string) {
  return { passwordHash: await hashPassword(password), mustRenew: adminId === user.adminId ? 0 : 1 }
}

export const adminHandlers = {
  'admin.list': async (input, ctx): Promise<Page<AdminRow>> => {
    const { db } = ctx
    const scope = dataScopeOf(signedIn(ctx))
    let query = adminRows(db)
    if (!scope.superUser) query = query.where('admin.memberId', 'in', scopeIds.member(db, scope))
    const filtered = applyFilters(query, 'admin', adminResource.filters, input)
    const page = await onePage(filtered.select(ADMIN_COLUMNS).orderBy('admin.id'), filtered, input)
    return { records: (page.records as Parameters<typeof toAdminRow>[0][]).map(toAdminRow), total: page.total }
  },

  'admin.create': async ({ name, password, roleId, memberId }, ctx) => {
    const { db } = ctx
    await assertNameFree(db, name)
    await assertAssignable(db, signedIn(ctx), roleId, memberId)
    const now = nowText()
    const { id } = await db
      .insertInto('admin')
      .values({ name, passwordHash: await hashPassword(password), mustRenew: 1, roleId, memberId, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return adminById(db, id)
  },

  'admin.update': async ({ id, name, password, roleId, memberId }, ctx) => {
    const { db } = ctx
    const user = signedIn(ctx)
    const current = await db.selectFrom('admin').select(['roleId']).where('id', '=', id).executeTakeFirst()
    if (!current) throw new AppError(ErrorKey.NOT_FOUND, '账号不存在')
    await assertRoleWithinCaller(db, user, current.roleId, ROLE_NOT_WITHIN)
    await assertNameFree(db, name, id)
    await assertAssignable(db, user, roleId, memberId)
    await db
      .updateTable('admin')
      .set({ name, roleId, memberId, updatedAt: nowText(), ...(password ? await passwordSetBy(user, id, password) : {}) })
      .where('id', '=', id)
      .execute()
    // The session making the change (the caller editing itself) stays.
    if (password || roleId !== current.roleId) await endSessionsExcept(db, id, tokenOf(ctx.req))
    return adminById(db, id)
  },

  'admin.delete': async ({ id }, ctx) => {
    const { db } = ctx
    const user = signedIn(ctx)
    if (id === user.adminId) throw new AppError(ErrorKey.FORBIDDEN, '不能删除当前登录的账号')
    const current = await db.selectFrom('admin').select('roleId').where('id', '=', id).executeTakeFirst()
    if (!current) throw new AppError(ErrorKey.NOT_FOUND, '账号不存在')
    await assertRoleWithinCaller(db, user, current.roleId, ROLE_NOT_WITHIN)
    // Its sessions go with it; what it created stays (src-shared/references.ts).
    await deleteRecords(db, 'admin', [id])
    return null
  },
} satisfies DomainHandlers<'admin'>
