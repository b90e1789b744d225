import type { RouteDef } from './contract'
import { authRoutes } from './routes/auth'
import { examRoutes } from './routes/exam'
import { fileRoutes } from './routes/files'
import { mapRoutes } from './routes/map'
import { memberRoutes } from './routes/member'
import { orgRoutes } from './routes/org'
import { seatingRoutes } from './routes/seating'
import { paperRoutes } from './routes/paper'
import { questionRoutes } from './routes/question'
import { signUpRoutes } from './routes/signup'
import { statisticsRoutes } from './routes/statistics'
import { trainingRoutes } from './routes/training'
import { systemRoutes } from './routes/system'
import { contentRoutes } from './routes/content'
import { courseRoutes } from './routes/course'
import { smsRoutes, smsSettingRoutes } from './routes/sms'
import { referenceRoutes } from './routes/references'
import { phoneRoutes } from './routes/phone'

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
  ...seatingRoutes,
  ...statisticsRoutes,
  ...systemRoutes,
  ...mapRoutes,
  ...examRoutes,
  ...questionRoutes,
  ...paperRoutes,
  ...contentRoutes,
  ...courseRoutes,
  ...smsRoutes,
  ...referenceRoutes,
  ...smsSettingRoutes,
  ...phoneRoutes,
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
