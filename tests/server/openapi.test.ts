import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { liveOpenApi, OPENAPI_COPY, openApiText } from '../../scripts/openapi'

/**
 * The API description integrators get: served at /api/docs/json by a non-production server,
 * copied into docs/openapi.json (`npm run openapi`), clean under redocly's recommended rules,
 * and saying what each route answers when it refuses.
 */
type Operation = { operationId: string; security?: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }
let live: { paths: Record<string, Record<string, Operation>> }
const operations = () => Object.values(live.paths).flatMap((byMethod) => Object.values(byMethod))
const routeOf = (op: Operation) => (routes as Record<string, RouteDef>)[op.operationId]

beforeAll(async () => {
  live = (await liveOpenApi()) as typeof live
})

describe('the OpenAPI description', () => {
  it('is in the repository as served: docs/openapi.json is current (`npm run openapi` rewrites it)', () => {
    expect(readFileSync(OPENAPI_COPY, 'utf8') === openApiText(live), 'docs/openapi.json differs from /api/docs/json: run `npm run openapi`').toBe(true)
  })

  it('describes every route of the table once', () => {
    expect(operations().map((op) => op.operationId).sort()).toEqual(Object.keys(routes).sort())
  })

  it('has no error under redocly’s recommended rules', () => {
    const root = join(__dirname, '../..')
    const run = spawnSync(join(root, 'node_modules/.bin/redocly'), ['lint', OPENAPI_COPY, '--format=json', '--max-problems=100000'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    const problems = (JSON.parse(run.stdout) as { problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] }).problems
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)
    expect(errors).toEqual([])
  }, 60_000)

  it('gives every route its 4xx answers as the error envelope: 401 where a session is needed, 403 where a permission is', () => {
    for (const op of operations()) {
      const route = routeOf(op)
      const clientErrors = Object.keys(op.responses).filter((status) => /^4\d\d$/.test(status))
      expect(clientErrors.length, op.operationId).toBeGreaterThan(0)
      for (const status of clientErrors) expect(op.responses[status].content!['application/json'].schema, `${op.operationId} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' })
      expect('401' in op.responses, op.operationId).toBe(route.access !== 'public')
      if (typeof route.access !== 'string' || route.access.includes(':')) expect(op.responses, op.operationId).toHaveProperty('403')
    }
  })

  it('declares who may call: the Token, the member’s MemberToken, or nothing for public routes', () => {
    for (const op of operations()) {
      const access = routeOf(op).access
      const expected = access === 'public' ? [] : access === 'member' ? [{ memberToken: [] }] : [{ token: [] }]
      expect(op.security, op.operationId).toEqual(expected)
    }
    expect(JSON.stringify(live)).toContain('"name":"MemberToken"')
  })

  it('describes the upload’s multipart body and what every download sends', () => {
    const upload = live.paths['/api/upload'].post
    expect(upload.requestBody!.content['multipart/form-data'].schema.properties).toHaveProperty('files')
    for (const op of operations().filter((o) => routeOf(o).kind === 'download')) {
      const types = Object.keys(op.responses['200'].content ?? {})
      expect(types.length, op.operationId).toBe(1)
      expect(types[0], op.operationId).not.toBe('application/json')
    }
    expect(Object.keys(live.paths['/m/exam'].get.responses['200'].content!)).toEqual(['text/html'])
    expect(Object.keys(live.paths['/api/member/export'].get.responses['200'].content!)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
  })
})
