import { routes, type RouteName } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { ErrorKey } from '../../src-shared/errors'
import { RATE_LIMITS } from './rate-limit'

/**
 * Completes the OpenAPI document @fastify/swagger derives from the route table (docs.ts,
 * `transformObject`), so that it says what the server really answers (redocly's recommended
 * rules; docs/openapi.json is the copy in the repository):
 * - every operation's 4xx answers, each the error envelope `{code, message, error, data}`:
 *   400 for input, 401 without a session, 403 for a permission, 404 for a record or a path
 *   id, 409 for a write, 429 for a rate-limited route;
 * - the upload's multipart body, the downloads' bodies (xlsx, HTML pages, stored files);
 * - public routes declare that they need no security; the document names its server;
 * - schemas OpenAPI 3.0 cannot read as zod's converter writes them: `nullable` beside an
 *   `anyOf` moves into its branches, a one-branch `anyOf` becomes that branch.
 */
type Json = Record<string, unknown>
type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown>; requestBody?: unknown; parameters?: Json[] }

const ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' }

const ERROR_ENVELOPE = {
  type: 'object',
  description: '失败时的应答：HTTP 状态与 code 相同，message 为中文说明，error 为错误类别；输入有误时 data.issues 逐项说明字段',
  properties: {
    code: { type: 'integer', example: 400 },
    message: { type: 'string', example: '手机号格式错误' },
    error: { type: 'string', enum: Object.values(ErrorKey) },
    data: {
      type: 'object',
      nullable: true,
      properties: {
        issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } }, required: ['path', 'message'] } },
      },
    },
  },
  required: ['code', 'message', 'error', 'data'],
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const binary = { type: 'string', format: 'binary' }

function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: ENVELOPE_REF } } }
}

/** The 4xx answers a route can give, from its row of the route table. */
export function clientErrors(name: string, route: RouteDef): Record<string, ReturnType<typeof errorAnswer>> {
  const answers: Record<string, ReturnType<typeof errorAnswer>> = {}
  answers['400'] = errorAnswer(route.kind === 'upload' ? '输入或文件不符合要求（类型、大小、内容）' : '输入不符合要求（data.issues 逐项说明）')
  if (route.access === 'member') answers['401'] = errorAnswer('党员未登录或登录已失效（MemberToken）')
  else if (route.access !== 'public') answers['401'] = errorAnswer('未登录或登录已失效（Token）')
  if (route.access !== 'public' && route.access !== 'member' && route.access !== 'login') answers['403'] = errorAnswer('没有该功能的权限')
  else if (route.province) answers['403'] = errorAnswer('仅省级管理员可操作')
  if (route.scope || route.params || route.method !== 'GET' || name.endsWith('.get')) answers['404'] = errorAnswer('记录不存在或不在本单位管辖范围内')
  if (route.method !== 'GET') answers['409'] = errorAnswer('与现有记录冲突（重复、被引用或状态不允许）')
  if (RATE_LIMITS.some((limit) => limit.test(route.method, route.path.replace(/\{[^}]+\}/g, 'x')))) answers['429'] = errorAnswer('请求过于频繁，请稍后再试')
  return answers
}

/** What a download route's 200 carries. */
function downloadBody(route: RouteDef): Json {
  if (route.path.startsWith('/m/')) return { description: '手机页面（HTML）', content: { 'text/html': { schema: { type: 'string' } } } }
  const disposition = { 'Content-Disposition': { description: '附件文件名（attachment; filename*=UTF-8\'\'…）', schema: { type: 'string' } } }
  if (/xlsx/.test(route.summary)) return { description: 'Excel 工作簿（xlsx）', headers: disposition, content: { [XLSX]: { schema: binary } } }
  return { description: '文件内容，Content-Type 为文件自身的类型；支持 Range 分段读取', headers: disposition, content: { 'application/octet-stream': { schema: binary } } }
}

const UPLOAD_BODY = {
  required: true,
  description: 'multipart/form-data，文件字段名 files（可多个）；类型与大小按 kind 校验',
  content: { 'multipart/form-data': { schema: { type: 'object', properties: { files: { type: 'array', items: binary } }, required: ['files'] } } },
}

/** Rewrites what OpenAPI 3.0 cannot read (see above), in place. */
function fixSchema(node: unknown): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    node.forEach(fixSchema)
    return
  }
  const schema = node as Json
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as Json[] | undefined
    if (!Array.isArray(branches)) continue
    if (schema.nullable === true && schema.type === undefined) {
      delete schema.nullable
      for (const branch of branches) if (branch.type !== undefined || branch.enum !== undefined) branch.nullable = true
    }
    if (branches.length === 1) {
      delete schema[key]
      Object.assign(schema, branches[0])
    }
  }
  for (const value of Object.values(schema)) fixSchema(value)
}

export function completeDocument<T extends Json>(document: T): T {
  const doc = document as Json & { paths?: Record<string, Record<string, Operation>>; components?: Json; info?: Json }
  doc.servers = [{ url: '/', description: '本平台（与控制台、手机页面同一地址）' }]
  doc.info = { ...doc.info, license: { name: '内部使用，未公开授权' } }
  const components = (doc.components ??= {}) as Json
  components.schemas = { ...(components.schemas as Json | undefined), ErrorEnvelope: ERROR_ENVELOPE }
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const name = operation.operationId as RouteName | undefined
      const route = name ? (routes[name] as RouteDef | undefined) : undefined
      if (!name || !route) continue
      if (route.access === 'public') operation.security = []
      const responses = (operation.responses ??= {})
      if (route.kind === 'download') responses['200'] = downloadBody(route)
      if (route.kind === 'upload') operation.requestBody = UPLOAD_BODY
      Object.assign(responses, clientErrors(name, route))
      fixSchema(operation.parameters)
      fixSchema(operation.requestBody)
      fixSchema(responses)
    }
  }
  fixSchema(components.schemas)
  return document
}
