import type { Access, RouteDef } from '../../src-shared/contract'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { AuthUser } from '../auth/auth-user'

/**
 * Routes no console account opens: anybody's, and the member's own (the phone pages),
 * whose session the route mechanism checks with authenticateMember (member-auth.ts).
 */
export function withoutAccount(access: Access): boolean {
  return access === 'public' || access === 'member'
}

/**
 * The access rule of a route applied to the caller: throws the failure the client
 * should see, returns nothing when the call may proceed.
 */
export function authorize(access: Access, user: AuthUser | null): void {
  if (withoutAccount(access)) return
  if (!user) throw new AppError(ErrorKey.UNAUTHENTICATED)
  if (access === 'login') return
  if (user.roleId === null) throw new AppError(ErrorKey.NO_ROLE)
  const granted = typeof access === 'string' ? user.permissions.has(access) : access.some((key) => user.permissions.has(key))
  if (!granted) throw new AppError(ErrorKey.FORBIDDEN)
}

/** The refusal of every other route to an account that must change its password first. */
const PASSWORD_CHANGE_FIRST = '请先修改密码'

/**
 * An account whose password another administrator set may call only the routes that
 * declare `beforePasswordChange` (who am I, sign out, change the password) until it has
 * changed it: checked here once for every route, so no handler needs to.
 */
export function assertPasswordCurrent(route: RouteDef, user: AuthUser | null): void {
  if (user?.mustChangePassword && !route.beforePasswordChange) throw new AppError(ErrorKey.FORBIDDEN, PASSWORD_CHANGE_FIRST)
}
