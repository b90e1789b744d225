import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { SYSTEM_NAME } from '../../src-shared/product'
import { SECURITY_SCHEMES } from './access-doc'
import { completeDocument } from './openapi-document'

export const DOCS_PREFIX = '/api/docs'

/**
 * OpenAPI of the route table (the zod schemas of src-shared, converted on the fly)
 * at /api/docs, JSON at /api/docs/json. Must be registered before the routes.
 * Not served in production: the map of every route is for developers.
 */
export async function registerDocs(app: FastifyInstance, production: boolean): Promise<void> {
  if (production) return
  await app.register(swagger, {
    openapi: {
      info: { title: `${SYSTEM_NAME} 平台接口`, version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    // The 4xx answers, the upload and download bodies, what OpenAPI 3.0 cannot read as converted.
    transformObject: (document) => ('openapiObject' in document ? completeDocument(document.openapiObject) : document.swaggerObject),
  })
  // Its own page policy (scripts and styles of its own), replacing the API's default-src 'none'.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true, transformStaticCSP: (csp) => `${csp}; frame-ancestors 'none'` })
}
