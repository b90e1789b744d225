import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { uploadKinds } from '../src-shared/schemas/files'
import { createPasswordGate, defaultGateSettings } from './auth/password-gate'
import type { Db } from './db/types'
import { registerDocs } from './http/docs'
import { installErrorHandling, installJsonParser } from './http/errors'
import { registerRateLimits } from './http/rate-limit'
import { registerRoutes } from './http/register'
import { registerSecurityHeaders } from './http/security-headers'
import { requestLogger } from './http/request-logger'
import { handlers } from './modules'
import { startOutbox } from './modules/sms/outbox'
import { currentProvider } from './modules/sms/settings'
import type { ServerOptions } from './options'

/**
 * The first `hops` proxies in front are trusted (proxy-addr's hop count, which Fastify's
 * types only accept as a function): the client address is the one they saw.
 */
const trustedHops = (hops: number) => (hops > 0 ? (_address: string, hop: number) => hop < hops : false)

const LARGEST_UPLOAD = Math.max(...Object.values(uploadKinds).map((k) => k.maxBytes))

/**
 * The platform API as a Fastify instance (not listening). Everything it keeps between
 * requests is in `db` and the upload folder, so instances can run side by side.
 */
export async function buildApp(options: ServerOptions, db: Db): Promise<FastifyInstance> {
  // Warnings and errors are always logged; request lines only when asked (LOG_REQUESTS=1).
  const app = Fastify({
    logger: { level: options.logger ? 'info' : 'warn' },
    childLoggerFactory: requestLogger,
    trustProxy: trustedHops(options.trustProxy ?? 0),
  })

  // Routes carry their zod schemas for the OpenAPI document: the route mechanism
  // validates the merged input itself and gives each route the serializer of its
  // answer (response.ts), so Fastify's own compilers just pass values through.
  app.setValidatorCompiler(() => (value) => ({ value }))
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))

  installJsonParser(app)
  installErrorHandling(app)
  registerSecurityHeaders(app, options.production)
  await registerDocs(app, options.production)
  await registerRateLimits(app, db, options.rateLimitScale)
  const passwords = createPasswordGate({ ...defaultGateSettings(options.workers), ...options.passwordGate })
  const deps = { db, options, passwords }
  // Multipart bodies are read by the upload route only: in a context of its own, the
  // plugin's hooks (two on every request) stay off all the other routes.
  await app.register(async (uploads) => {
    // Per-kind limits are applied per request; this is the ceiling for any request.
    await uploads.register(multipart, { limits: { fileSize: LARGEST_UPLOAD, files: 20, fields: 20, parts: 40 } })
    registerRoutes(uploads, deps, handlers, (route) => route.kind === 'upload')
  })
  registerRoutes(app, deps, handlers, (route) => route.kind !== 'upload')
  const outbox = await startOutbox(db, () => currentProvider(db, options), options.smsRetryMs)
  app.addHook('onClose', () => outbox.stop())
  return app
}
