import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { PasswordChangeRequired } from './PasswordDialog'
import { loginPathFrom } from '../lib/redirect'
import { hasRole, useSession } from '../components/session'

/**
 * Pages behind sign-in: without an account, the login page, which comes back here afterwards;
 * an account whose password another administrator set changes it before any page opens.
 */
export function RequireUser() {
  const { user, signedOut } = useSession()
  const location = useLocation()
  if (!user) return <Navigate replace to={signedOut ? '/login' : loginPathFrom(location.pathname + location.search)} />
  if (user.mustChangePassword) return <PasswordChangeRequired />
  return <Outlet />
}

/** Pages that need an operating role: an account without one sees the no-role page. */
export function RequireRole() {
  const { user } = useSession()
  if (user && !hasRole(user)) return <Navigate replace to="/403" />
  return <Outlet />
}
