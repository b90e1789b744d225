import { AppError, ErrorKey } from '../../src-shared/errors'
import type { ScopedResource } from '../../src-shared/contract'
import { startsWith } from '../db/prefix'
import type { Db } from '../db/types'
import type { AuthUser, DataScope } from './auth-user'

export type { DataScope } from './auth-user'

/** The data scope of the signed-in caller of a route. */
export function callerScope(ctx: { user: AuthUser | null }): DataScope {
  if (!ctx.user) throw new Error('callerScope() called on a public route')
  return dataScopeOf(ctx.user)
}

/** The caller's scope, read with its session; refused when its organisation is gone. */
export function dataScopeOf(user: AuthUser): DataScope {
  if (!user.scope) throw new AppError(ErrorKey.FORBIDDEN, '账号所属组织不存在，请联系管理员')
  return user.scope
}

/**
 * Ids of the organisations inside the scope, as a subquery:
 * `.where('member.orgId', 'in', orgIdsInScope(db, scope))`.
 */
export function orgIdsInScope(db: Db, scope: DataScope) {
  return db.selectFrom('org').select('org.id').where((eb) => startsWith(eb, 'org.path', scope.path))
}

/** Refuses (FORBIDDEN) an organisation outside the scope, e.g. the target of an edit. */
export async function assertOrgInScope(db: Db, scope: DataScope, orgId: number): Promise<void> {
  const found = await db.selectFrom('org').select('id').where('id', '=', orgId).where((eb) => startsWith(eb, 'org.path', scope.path)).executeTakeFirst()
  if (!found) throw new AppError(ErrorKey.FORBIDDEN, '无权操作本单位以外的组织')
}

/**
 * Whether a record of a scoped kind lies in the scope. Accounts belong to the tree of
 * their linked member; accounts without one (super users) only to the root's scope.
 */
const recordInScope: Record<ScopedResource, (db: Db, scope: DataScope, id: number) => Promise<boolean>> = {
  org: async (db, scope, id) =>
    (await db
      .selectFrom('org')
      .select('id')
      .where((eb) => eb.and([eb('id', '=', id), startsWith(eb, 'org.path', scope.path)]))
      .executeTakeFirst()) !== undefined,
  member: async (db, scope, id) =>
    (await db
      .selectFrom('member')
      .select('id')
      .where((eb) => eb.and([eb('id', '=', id), startsWith(eb, 'member.orgPath', scope.path)]))
      .executeTakeFirst()) !== undefined,
  // A training belongs to the tree of its host organisation, a sign-up to its training's.
  train: async (db, scope, id) =>
    (await db
      .selectFrom('train')
      .innerJoin('org as host', 'host.id', 'train.orgId')
      .select('train.id')
      .where((eb) => eb.and([eb('train.id', '=', id), startsWith(eb, 'host.path', scope.path)]))
      .executeTakeFirst()) !== undefined,
  signUp: async (db, scope, id) =>
    (await db
      .selectFrom('trainSignUp as s')
      .innerJoin('train', 'train.id', 's.trainId')
      .innerJoin('org as host', 'host.id', 'train.orgId')
      .select('s.id')
      .where((eb) => eb.and([eb('s.id', '=', id), startsWith(eb, 'host.path', scope.path)]))
      .executeTakeFirst()) !== undefined,
  admin: async (db, scope, id) => {
    const account = await db.selectFrom('admin').select('memberId').where('id', '=', id).executeTakeFirst()
    if (!account) return false
    if (scope.superUser) return true
    return account.memberId !== null && recordInScope.member(db, scope, account.memberId)
  },
}

const notFoundMessage: Record<ScopedResource, string> = {
  admin: '账号不存在',
  org: '组织不存在',
  member: '党员不存在',
  train: '培训班不存在',
  signUp: '报名记录不存在',
}

/**
 * The check the route mechanism makes for routes with a `scope` marker: a record
 * outside the caller's tree answers NOT_FOUND, exactly as one that does not exist,
 * so ids of other trees reveal nothing. The super user's scope is the whole province.
 */
export async function assertInScope(db: Db, user: AuthUser, resource: ScopedResource, id: number): Promise<void> {
  const scope = dataScopeOf(user)
  if (!(await recordInScope[resource](db, scope, id))) throw new AppError(ErrorKey.NOT_FOUND, notFoundMessage[resource])
}

/** Whether the scope is the whole province (its organisation is the root): province-wide settings are changed only from there. */
export function coversProvince(scope: DataScope): boolean {
  return scope.path.split('/').filter(Boolean).length === 1
}
