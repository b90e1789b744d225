import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Db } from '../db/types'
import { scopeIds } from '../scope/kinds'
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

/** Refuses (FORBIDDEN) an organisation outside the scope, e.g. the target of an edit. */
export async function assertOrgInScope(db: Db, scope: DataScope, orgId: number): Promise<void> {
  const found = await scopeIds.org(db, scope).where('org.id', '=', orgId).executeTakeFirst()
  if (!found) throw new AppError(ErrorKey.FORBIDDEN, '无权操作本单位以外的组织')
}
