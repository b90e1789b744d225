import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { LoginForm, UserInfo } from '../../src-shared/schemas/auth'
import { useNotify } from './toast'
import { call, onEvent } from '../lib/bridge'
import { Splash } from './Splash'

export interface Session {
  /** The signed-in account, or null. */
  user: UserInfo | null
  /** True after 退出登录: the login page then opens without a `redirect` back. */
  signedOut: boolean
  /** `offline`: checked by the core against this computer's last online sign-in (no captcha). */
  login(form: LoginForm, offline?: boolean): Promise<UserInfo>
  logout(): Promise<void>
  /** 修改密码 succeeded: a change the account was asked for is done. */
  passwordChanged(): void
}

const SessionContext = createContext<Session | null>(null)

/**
 * Holds who is signed in. The core owns the token; the renderer asks it who the
 * current account is at start (showing a splash meanwhile) and drops the account
 * when the core reports the session expired — the route guard then sends the user
 * to the login page with the page they were on as `redirect`.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserInfo | null>(null)
  const [ready, setReady] = useState(false)
  const [signedOut, setSignedOut] = useState(false)
  const notify = useNotify()

  useEffect(() => {
    let live = true
    call('session.current')
      .then((current) => live && setUser(current))
      .catch((error: unknown) => live && notify.error(error))
      .finally(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [notify])

  useEffect(
    () =>
      onEvent('session.expired', ({ message }) => {
        setUser(null)
        notify.warning(message)
      }),
    [notify],
  )

  const login = useCallback(async (form: LoginForm, offline = false) => {
    const signedIn = offline ? await call('session.loginOffline', { username: form.username, password: form.password }) : await call('session.login', form)
    setUser(signedIn)
    setSignedOut(false)
    return signedIn
  }, [])

  const logout = useCallback(async () => {
    try {
      await call('session.logout')
    } finally {
      setSignedOut(true)
      setUser(null)
    }
  }, [])

  const passwordChanged = useCallback(() => setUser((current) => current && { ...current, mustChangePassword: false }), [])

  const session = useMemo(() => ({ user, signedOut, login, logout, passwordChanged }), [user, signedOut, login, logout, passwordChanged])

  if (!ready) return <Splash />
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession needs a SessionProvider above it')
  return session
}

/** The signed-in account, for screens behind the route guard. */
export function useUser(): UserInfo {
  const { user } = useSession()
  if (!user) throw new Error('useUser is only for screens behind the sign-in guard')
  return user
}

/** A role without any permission is no role (spec 000 §6: the no-role page). */
export function hasRole(user: UserInfo): boolean {
  return user.roleId !== null && user.permissions.length > 0
}
