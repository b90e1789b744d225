import { useEffect } from 'react'
import { createRoutesFromElements, Navigate, Outlet, Route, useLocation } from 'react-router-dom'
import { allScreens, screenByKey } from '../../src-shared/permissions'
import { LoginPage } from '../features/auth/LoginPage'
import { CrashPage } from '../features/errors/CrashPage'
import { NoRolePage } from '../features/errors/NoRolePage'
import { NotFoundPage, SignedOutNotFoundPage } from '../features/errors/NotFoundPage'
import { RequireRole, RequireUser } from './guards'
import { navModules } from './nav'
import { ScreenGate } from './ScreenGate'
import { screens, subPages } from './screens'
import { ConfirmProvider } from '../components/confirm'
import { LeaveGuardProvider } from '../components/leaveGuard'
import { SessionProvider, useUser } from '../components/session'
import { SetupGate } from './SetupGate'
import { Shell } from './Shell'

const implemented = allScreens.flatMap((screen) => {
  const component = screens[screen.key as keyof typeof screens]
  return component ? [{ screen, component }] : []
})

/** `/` opens the first screen the account may use (the welcome page when it may use /index). */
function FirstScreen() {
  const user = useUser()
  const first = navModules(user.permissions)[0]?.screens[0]?.path
  return <Navigate replace to={user.permissions.includes('dashboard:index') || !first ? '/index' : first} />
}

/** What every page sits in: the confirmation dialog, the guard on leaving typed work, set-up and the session. */
function RouterRoot() {
  const { pathname } = useLocation()
  // The route now on screen, once its page has been drawn (a screen's code loads first, and
  // the page left stays until then): what a driver of the console waits for after going to a route.
  useEffect(() => {
    document.documentElement.dataset.route = pathname
  }, [pathname])
  return (
    <ConfirmProvider>
      <LeaveGuardProvider>
        <SetupGate>
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        </SetupGate>
      </LeaveGuardProvider>
    </ConfirmProvider>
  )
}

/**
 * Hash routes: login and error pages stand alone; every screen sits in the shell behind
 * sign-in and a role. Routes of a data router (createHashRouter), so that leaving a page
 * with unsaved changes can be blocked (`useBlocker`).
 */
export const appRoutes = createRoutesFromElements(
  <Route element={<RouterRoot />} errorElement={<CrashPage />}>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/404" element={<NotFoundPage />} />
    <Route path="/401" element={<SignedOutNotFoundPage />} />
    <Route element={<RequireUser />}>
      <Route path="/403" element={<NoRolePage />} />
      <Route element={<RequireRole />}>
        <Route index element={<FirstScreen />} />
        <Route element={<Shell />}>
          {implemented.map(({ screen, component }) => (
            <Route key={screen.key} path={screen.path} element={<ScreenGate screen={screen} component={component} titled />} />
          ))}
          {subPages.map((page) => {
            const screen = screenByKey.get(page.screen)
            return screen && <Route key={page.path} path={page.path} element={<ScreenGate screen={screen} component={page.component} />} />
          })}
        </Route>
      </Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>,
)
