import { AppError, ErrorKey } from '../../src-shared/errors'
import type { ScopedResource } from '../../src-shared/contract'
import { ROOT_ORG_CODE } from '../../src-shared/permissions'
import { startsWith } from '../db/prefix'
import type { Db } from '../db/types'
import type { AuthUser } from './auth-user'

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

/** The data scope of the signed-in caller of a route. */
export function callerScope(ctx: { db: Db; user: AuthUser | null }): Promise<DataScope> {
  if (!ctx.user) throw new Error('callerScope() called on a public route')
  return dataScopeOf(ctx.db, ctx.user)
}

export async function dataScopeOf(db: Db, user: AuthUser): Promise<DataScope> {
  const query = db.selectFrom('org').select(['id', 'path'])
  const org = await (user.member ? query.where('id', '=', user.member.topOrgId) : query.where('orgCode', '=', ROOT_ORG_CODE)).executeTakeFirst()
  if (!org) throw new AppError(ErrorKey.FORBIDDEN, '账号所属组织不存在，请联系管理员')
  return { orgId: org.id, path: org.path, superUser: user.member === null }
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
  const scope = await dataScopeOf(db, user)
  if (!(await recordInScope[resource](db, scope, id))) throw new AppError(ErrorKey.NOT_FOUND, notFoundMessage[resource])
}
