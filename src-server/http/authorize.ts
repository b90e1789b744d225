import type { Access } from '../../src-shared/contract'
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
