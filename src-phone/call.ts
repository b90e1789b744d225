import { routeInputSchema, splitInput, type RouteDef, type RouteInput, type RouteOutput } from '../src-shared/contract'
import { toFailure, type ApiEnvelope, type ApiSuccess } from '../src-shared/errors'
import { phoneRoutes } from '../src-shared/routes/phone'
import { validationError } from '../src-shared/validation'
import { session } from './session'

/** What the phone pages call: a row of the phone's route table, never a written path. */
export type PhoneRoute = keyof typeof phoneRoutes
type Row<N extends PhoneRoute> = (typeof phoneRoutes)[N]

/** What every phone page says when the server cannot be reached (issue 32: never the browser's "Failed to fetch"). */
export const NETWORK_DOWN = '网络未连接，请检查网络后重试'

/**
 * Calls a route of the table: the input is checked with the route's own schema first (a
 * problem answers as the server would, VALIDATION with each field's Chinese message,
 * without a request), then sent as the route says, with the member's session. Answers the
 * server's envelope, or throws a Chinese message: NETWORK_DOWN when nothing answers, the
 * HTTP status when something that is not the server answers (a proxy's error page).
 */
export async function call<N extends PhoneRoute>(name: N, input?: RouteInput<Row<N>>): Promise<ApiEnvelope<RouteOutput<Row<N>>>> {
  const route: RouteDef = phoneRoutes[name]
  const parsed = routeInputSchema(route).safeParse(input)
  if (!parsed.success) return toFailure(validationError(parsed.error.issues))
  const { path, query, body } = splitInput(route, input as Record<string, unknown> | undefined)
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>)}` : ''
  const token = session.token()
  let response: Response | undefined
  try {
    response = await fetch(path + search, {
      method: route.method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { MemberToken: token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return (await response.json()) as ApiEnvelope<RouteOutput<Row<N>>>
  } catch {
    throw new Error(response ? `服务器暂时无法访问（HTTP ${response.status}），请稍后重试` : NETWORK_DOWN)
  }
}

/** The server (or the schema) accepted: narrows an answer to its data. */
export const ok = <T>(env: ApiEnvelope<T>): env is ApiSuccess<T> => env.code === 0
