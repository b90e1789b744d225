import type { RouteDef } from './contract'
import { authRoutes } from './routes/auth'
import { fileRoutes } from './routes/files'
import { mapRoutes } from './routes/map'
import { memberRoutes } from './routes/member'
import { orgRoutes } from './routes/org'
import { signUpRoutes } from './routes/signup'
import { trainingRoutes } from './routes/training'
import { systemRoutes } from './routes/system'

/**
 * The HTTP route table of the platform API: one row per route, grouped by domain
 * (src-shared/routes/*). The server registers exactly these, the core's client
 * calls exactly these, and RPC methods that forward a route are derived from here.
 */
export const routes = {
  ...authRoutes,
  ...fileRoutes,
  ...orgRoutes,
  ...memberRoutes,
  ...trainingRoutes,
  ...signUpRoutes,
  ...systemRoutes,
  ...mapRoutes,
} satisfies Record<string, RouteDef>

export type Routes = typeof routes
export type RouteName = keyof Routes

/** Routes the renderer may call through the bridge unchanged. */
export type ForwardedRouteName = {
  [K in RouteName]: Routes[K] extends { rpc: false } ? never : K
}[RouteName]

export const forwardedRouteNames = (Object.keys(routes) as RouteName[]).filter(
  (name) => (routes[name] as RouteDef).rpc !== false,
) as ForwardedRouteName[]
