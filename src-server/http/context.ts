import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RouteName, Routes } from '../../src-shared/api'
import type { RouteDef, RouteOutput, RouteParsedInput } from '../../src-shared/contract'
import type { AuthUser } from '../auth/auth-user'
import type { Db } from '../db/types'
import type { PasswordGate } from '../auth/password-gate'
import type { ServerOptions } from '../options'
import type { Audit } from './audit'

/** What a handler gets besides its parsed input. */
export interface RequestContext {
  db: Db
  options: ServerOptions
  /** The signed-in account; null on `public` and `member` routes. */
  user: AuthUser | null
  /** The signed-in member's id on `member` routes (the phone pages), else null. */
  memberId: number | null
  ip: string
  /** The raw request: `upload` routes read their multipart body from it. */
  req: FastifyRequest
  /** `download` routes send their stream through it. */
  reply: FastifyReply
  /** Names the records a write changes, for the operation log (see audit.ts). */
  audit: Audit
  /** Every password check goes through it: a bounded queue (auth/password-gate.ts). */
  passwords: PasswordGate
}

export type Handler<R extends RouteDef> = (input: RouteParsedInput<R>, ctx: RequestContext) => Promise<RouteOutput<R>>

/** One handler per route of the table: a route without a handler does not compile. */
export type Handlers = { [K in RouteName]: Handler<Routes[K]> }

/** The handlers of one domain, e.g. `DomainHandlers<'auth'>` for every `auth.*` route. */
export type DomainHandlers<Domain extends string> = {
  [K in RouteName as K extends `${Domain}.${string}` ? K : never]: Handler<Routes[K]>
}

/** The signed-in user of a non-public route (the mechanism guarantees there is one). */
export function signedIn(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw new Error('signedIn() called on a public route')
  return ctx.user
}

/** The signed-in member of a `member` route (the mechanism guarantees there is one). */
export function signedInMember(ctx: RequestContext): number {
  if (ctx.memberId === null) throw new Error('signedInMember() called on a route without member access')
  return ctx.memberId
}

/**
 * Aborted when the client goes away before its answer is written (the phone gave up,
 * closed the page): queued work for it is dropped (auth/password-gate.ts).
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController()
  const response = reply.raw
  if (response.destroyed || response.socket?.destroyed) gone.abort()
  else response.once('close', () => {
    if (!response.writableFinished) gone.abort()
  })
  return gone.signal
}
