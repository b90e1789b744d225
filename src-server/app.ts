import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { uploadKinds } from '../src-shared/schemas/files'
import type { Db } from './db/types'
import { registerDocs } from './http/docs'
import { installErrorHandling, installJsonParser } from './http/errors'
import { registerRoutes } from './http/register'
import { handlers } from './modules'
import type { ServerOptions } from './options'

const LARGEST_UPLOAD = Math.max(...Object.values(uploadKinds).map((k) => k.maxBytes))

/**
 * The platform API as a Fastify instance (not listening). Everything it keeps between
 * requests is in `db` and the upload folder, so instances can run side by side.
 */
export async function buildApp(options: ServerOptions, db: Db): Promise<FastifyInstance> {
  // Warnings and errors are always logged; request lines only when asked (LOG_REQUESTS=1).
  const app = Fastify({ logger: { level: options.logger ? 'info' : 'warn' }, trustProxy: options.trustProxy ?? false })

  // Routes carry their zod schemas for the OpenAPI document only: the route mechanism
  // validates the merged input itself and already parses every response, so Fastify's
  // own compilers just pass values through.
  app.setValidatorCompiler(() => (value) => ({ value }))
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))

  installJsonParser(app)
  installErrorHandling(app)
  // Per-kind limits are applied per request; this is the ceiling for any request.
  await app.register(multipart, { limits: { fileSize: LARGEST_UPLOAD, files: 20, fields: 20, parts: 40 } })
  await registerDocs(app)
  registerRoutes(app, { db, options }, handlers)
  return app
}
