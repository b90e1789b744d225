import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

/**
 * Security headers on every response (helmet): nosniff, no referrer, and a policy that
 * lets no page frame ours and API answers load nothing. The member pages (/m/*) and the
 * API documentation send their own policy, each with frame-ancestors 'none' too. HSTS
 * only in production, where TLS sits in front. The middleware is built once: the
 * Fastify plugin built a new one, parsing the policy again, for every request (3 % of
 * a member-list request's CPU in the profile of issue 16).
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: production,
  })
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)))
}
