import { useNavigate } from 'react-router-dom'
import { useNotify } from './toast'
import { useSession } from './session'

/** 退出登录: ends the session in the core and shows the login page (without a way back). */
export function useSignOut(): () => Promise<void> {
  const { logout } = useSession()
  const navigate = useNavigate()
  const notify = useNotify()
  return async () => {
    try {
      await logout()
    } catch (error) {
      // The account is dropped here anyway; say why the server was not told.
      notify.error(error)
    }
    navigate('/login', { replace: true })
  }
}
