import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/**
 * The headers helmet sends with these options, as helmet itself computes them: they
 * do not depend on the request (no nonce, no per-request policy), so they are taken
 * once from a recording response.
 */
function helmetHeaders(production: boolean): Readonly<Record<string, string>> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: production,
  })
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/**
 * Security headers on every response (helmet): nosniff, no referrer, and a policy that
 * lets no page frame ours and API answers load nothing. The member pages (/m/*) and the
 * API documentation send their own policy, each with frame-ancestors 'none' too. HSTS
 * only in production, where TLS sits in front. Put on the reply, not the raw response:
 * running helmet's middleware chain on every request (a dozen closures, each raw
 * setHeader validated, then merged again at writeHead) was 6 % of a member-list
 * request's CPU in the profile of issue 16. A route's own header of the same name
 * still wins, as before.
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers = helmetHeaders(production)
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
}
