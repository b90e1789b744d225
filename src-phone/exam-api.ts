import type { RouteInput, RouteOutput } from '../src-shared/contract'
import type { phoneRoutes } from '../src-shared/routes/phone'
import { call, ok, type PhoneRoute } from './call'

type Row<N extends PhoneRoute> = (typeof phoneRoutes)[N]

/** The server refused (not a lost connection): `retryAfter` when a busy sign-in says when to come back. */
export class Refusal extends Error {
  constructor(message: string, readonly retryAfter: number | undefined) {
    super(message)
  }
}
export const isRefusal = (err: unknown): err is Refusal => err instanceof Refusal

let onSignedOut: () => void = () => {}
/** What the exam page does when the session has ended (401): sign-in again. */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

/** The exam page's calls: the answer's data, or a thrown Refusal (or the network's message). */
export async function api<N extends PhoneRoute>(name: N, input?: RouteInput<Row<N>>): Promise<RouteOutput<Row<N>>> {
  const env = await call(name, input)
  if (env.code === 401) {
    onSignedOut()
    throw new Error(env.message)
  }
  if (!ok(env)) throw new Refusal(env.message, env.data?.retryAfter)
  return env.data
}
