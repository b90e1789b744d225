import { isDeepStrictEqual } from 'node:util'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { routes, type RouteName } from '../../src-shared/api'
import { isLoggedRoute, type RouteDef } from '../../src-shared/contract'
import type { ApiSuccess } from '../../src-shared/errors'
import { assertEditable, lockedRecordOf } from '../db/locks'
import { withoutEmptyValues } from '../../src-shared/schemas/common'
import type { Db } from '../db/types'
import type { ServerOptions } from '../options'
import { assertIssuedPaths } from '../files/uploaded'
import { assertProvinceLevel, assertScopedInputs } from '../scope/enforce'
import { AuditTrail } from './audit'
import { authenticate } from './authenticate'
import { accessDoc } from './access-doc'
import { assertPasswordCurrent, authorize, withoutAccount } from './authorize'
import type { Handlers, RequestContext } from './context'
import { failureOf } from './errors'
import { assertSafeInput } from './input-guard'
import { authenticateMember } from './member-auth'
import type { PasswordGate } from '../auth/password-gate'
import { compiledSerializer } from './response'
import { recordBefore, recordCreated, declaredRecord } from './route-records'
import { parseValue, zodFailure } from './validation'
import { inRouteTransaction } from './write-transaction'

export const SUCCESS_MESSAGE = '操作成功'

/** `/api/member/{id}` → `/api/member/:id` */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/**
 * Parses params + query (or body) with the route's schemas; the merge is the
 * handler's input. Every issue of every part is reported at once.
 */
export function parseInput(route: RouteDef, req: FastifyRequest): Record<string, unknown> {
  assertSafeInput(req.params, req.query, req.body)
  const parts: [z.ZodObject | undefined, unknown][] = [
    [route.params, req.params],
    [route.query, withoutEmptyValues(req.query)],
    [route.body, req.body ?? {}],
  ]
  const input: Record<string, unknown> = {}
  const issues: z.core.$ZodIssue[] = []
  for (const [schema, value] of parts) {
    if (!schema) continue
    const result = parseValue(schema, value ?? {})
    if (result.success) Object.assign(input, result.data)
    else issues.push(...result.issues)
  }
  if (issues.length > 0) throw zodFailure(issues)
  return input
}

/** The documented (OpenAPI) shape of a route; validation itself is done by the mechanism. */
function docSchema(name: RouteName, route: RouteDef) {
  return {
    operationId: name,
    summary: route.summary,
    ...accessDoc(route.access),
    tags: [name.split('.')[0]],
    ...(route.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...(route.kind === 'download' ? {} : { response: { 200: envelopeOf(route) } }),
  }
}

/** The success envelope around a route's answer. */
function envelopeOf(route: RouteDef) {
  return z.object({ code: z.literal(0), message: z.string(), data: route.response })
}

/**
 * Under the tests (vitest) every answer is also parsed by its zod schema, so a handler
 * that breaks its contract fails them, and a compiled serializer must write exactly
 * what that parse gives.
 */
const CHECK_ANSWERS = process.env.VITEST !== undefined

type AnyHandler = (input: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>

/**
 * Registers the routes of the table (`which` of them): authenticate, authorize by `access`, parse the
 * input, check the records its `scope` inputs name (and a `province` route's caller) and that every stored path a
 * write names was issued by the upload route, call the handler, and wrap
 * its result in the envelope, written through the response schema (response.ts), so
 * fields the schema does not name, like hashes, never leave. Every write (non-GET) call is written to
 * the operation log, refused ones too, once the caller is known (public routes always);
 * the record a write declares (route-records.ts) is captured before and after by the
 * mechanism itself. A write's checks, handler and log entry run in one transaction
 * (write-transaction.ts): a refused write changes nothing.
 */
export function registerRoutes(
  app: FastifyInstance,
  deps: { db: Db; options: ServerOptions; passwords: PasswordGate },
  handlers: Handlers,
  which: (route: RouteDef) => boolean = () => true,
): void {
  for (const name of Object.keys(routes) as RouteName[]) {
    const route: RouteDef = routes[name]
    if (!which(route)) continue
    const handler = handlers[name] as unknown as AnyHandler
    const record = route.method === 'GET' ? undefined : declaredRecord(route)
    // Checks a route cannot need are not called at all: each is a promise awaited on every request.
    const scoped = route.scope !== undefined
    const lockable = lockedRecordOf(name, route) !== null
    // Only the declared fields leave: written by a serializer compiled from the schema,
    // else (a schema that changes values on the way out) parsed by zod on each answer.
    const serialize = route.kind === 'download' ? undefined : compiledSerializer(envelopeOf(route))
    const answerOf = (result: unknown): unknown => {
      if (serialize && !CHECK_ANSWERS) return result
      const parsed = route.response.safeParse(result)
      // A handler returned something its contract does not allow: a server bug, not bad input.
      if (!parsed.success) throw new Error(`Response of ${name} does not match its schema: ${parsed.error.message}`)
      if (!serialize) return parsed.data
      const written = serialize({ code: 0, message: SUCCESS_MESSAGE, data: result })
      // Same values; the order of keys may differ (the serializer writes required fields first).
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify({ code: 0, message: SUCCESS_MESSAGE, data: parsed.data }))))
        throw new Error(`Serializer of ${name} differs from its schema: ${written}`)
      return result
    }
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      schema: docSchema(name, route),
      ...(serialize ? { serializerCompiler: () => serialize } : {}),
      handler: async (req, reply) => {
        const user = withoutAccount(route.access) ? null : await authenticate(deps.db, req, deps.options.tokenTtlMinutes)
        const audit = new AuditTrail(deps.db)
        const logged = isLoggedRoute(route) && (user !== null || withoutAccount(route.access))
        const actor = user && { id: user.adminId, name: user.name }
        try {
          authorize(route.access, user)
          assertPasswordCurrent(route, user)
          const memberId = route.access === 'member' ? await authenticateMember(deps.db, req) : null
          // A write's checks, change and log entry commit together or not at all (write-transaction.ts).
          const data = await inRouteTransaction(route, deps.db, async (db) => {
            const trail = audit.within(db)
            // The declared scoped inputs first: a record of another tree is NOT_FOUND whatever else the input says.
            if (user) {
              if (route.province) assertProvinceLevel(user)
              if (scoped) await assertScopedInputs(db, user, route, req)
            }
            // A record read-only while referred to (src-shared/references.ts `locks`) refuses its edits.
            if (lockable) await assertEditable(db, name, route, req)
            const input = parseInput(route, req)
            if (route.method !== 'GET') await assertIssuedPaths(db, input)
            // The record a write names is logged before and after without the handler's help (route-records.ts).
            if (logged && record) await recordBefore(trail, db, record, input, user)
            const result = await handler(input, { db, options: deps.options, user, memberId, ip: req.ip, req, reply, audit: trail, passwords: deps.passwords })
            if (logged && record) recordCreated(trail, db, record, input, result)
            const answer = route.kind === 'download' ? undefined : answerOf(result)
            if (logged) await trail.write({ route: name, actor, ip: req.ip, ok: true, message: null })
            return answer
          })
          if (route.kind === 'download') return reply
          const envelope: ApiSuccess<unknown> = { code: 0, message: SUCCESS_MESSAGE, data }
          return envelope
        } catch (err) {
          // A refused anonymous call (bad link, wrong input, a flood) leaves no row; a refused
          // sign-in names its account and is kept.
          if (logged && (user !== null || audit.hasActor())) {
            // The refusal the caller sees matters more than its log line: a failing write is only reported.
            await audit
              .write({ route: name, actor, ip: req.ip, ok: false, message: failureOf(err).failure.message })
              .catch((logError: unknown) => req.log.error({ err: logError }, 'operation log write failed'))
          }
          throw err
        }
      },
    })
  }
}
