import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every response (@fastify/helmet): nosniff, no referrer, and a
 * policy that lets no page frame ours and API answers load nothing. The member pages
 * (/m/*) and the API documentation send their own policy, each with
 * frame-ancestors 'none' too. HSTS only in production, where TLS sits in front.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: production,
  })
}
