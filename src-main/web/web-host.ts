import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { ErrorKey } from '../../src-shared/errors'
import type { RpcResult } from '../../src-shared/ipc'
import { version } from '../../package.json'
import { createCore, type AppCore } from '../core/app-core'
import { contentSecurityPolicy, mapProviderFromEnv } from '../core/content-security-policy'
import { fileSecretStore } from '../core/file-secret-store'
import { jsonFileSettingsStore } from '../core/settings'
import { streamEvents } from './event-stream'
import { serveStatic } from './static-files'

export interface WebHostOptions {
  dataDir: string
  env: NodeJS.ProcessEnv
  /** 0 (default) picks a free port. */
  port?: number
  /** The built renderer; default `out/renderer`. */
  rendererDir?: string
  /** Ask for the mode and the admin password on a new data folder (a production console). */
  firstRun?: boolean
  production?: boolean
}

export interface WebHost {
  /** The page to open, carrying the per-launch secret: `http://127.0.0.1:PORT/?s=SECRET#/login`. */
  url: string
  core: AppCore
  close(): Promise<void>
}

export const SECRET_HEADER = 'x-bridge-secret'
export const OPEN_PRINTED_ADDRESS = '请使用启动时打印的地址打开控制台'
/** Larger bodies are refused before they are read (a string in V8 cannot exceed about 512 MB). */
const MAX_RPC_BODY_BYTES = 500 * 1024 * 1024

/** The headers of every answer; the policy lets the configured map provider in (content-security-policy.ts). */
const securityHeaders = (env: NodeJS.ProcessEnv) => ({
  'Content-Security-Policy': contentSecurityPolicy(mapProviderFromEnv(env)),
  'X-Content-Type-Options': 'nosniff',
  // The page address carries the secret: never send it on to anyone.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
})

function sameSecret(given: string | null | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

function sendJson(res: ServerResponse, status: number, body: RpcResult<unknown>): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message)
}

/** The method name in `/rpc/<name>`; an undecodable one is no method (the dispatcher refuses it). */
function methodOf(encoded: string): string {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return ''
  }
}

class BodyTooLarge extends Error {}

/** The request body as JSON; undefined when empty. Throws on bad JSON or a body over the limit. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_RPC_BODY_BYTES) throw new BodyTooLarge()
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text.trim() === '' ? undefined : JSON.parse(text)
}

/**
 * The desktop core behind a local web page: a Node http server on 127.0.0.1 that
 * serves the built renderer and answers the bridge's RPC. Only a page that knows the
 * per-launch secret may call, and only under the exact address it was given (a page
 * on another site, or one reached through a rebinding DNS name, is refused).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const rendererDir = resolve(options.rendererDir ?? 'out/renderer')
  const secret = randomBytes(32).toString('base64url')
  const core = createCore({
    dataDir: options.dataDir,
    host: 'web',
    version,
    env: options.env,
    secretStore: fileSecretStore(join(options.dataDir, 'session-token')),
    settingsStore: jsonFileSettingsStore(join(options.dataDir, 'settings.json')),
    firstRun: options.firstRun,
    production: options.production,
  })
  let origin = ''
  const headers = securityHeaders(options.env)

  async function handleRpc(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, '只接受 POST 请求')
    // A page opened without the printed address has no secret: say where the right one is.
    if (!sameSecret(req.headers[SECRET_HEADER] as string | undefined, secret)) {
      return sendJson(res, 403, { ok: false, error: { key: ErrorKey.FORBIDDEN, message: OPEN_PRINTED_ADDRESS } })
    }
    // A browser always names the page that sends; another site's page is refused.
    if (req.headers.origin !== undefined && req.headers.origin !== origin) return refuse(res, 403, '拒绝访问')
    const tooLarge = { ok: false, error: { key: ErrorKey.VALIDATION, message: '请求内容过大' } } as const
    if (Number(req.headers['content-length'] ?? 0) > MAX_RPC_BODY_BYTES) return sendJson(res, 413, tooLarge)
    let input: unknown
    try {
      input = await readJson(req)
    } catch (err) {
      if (err instanceof BodyTooLarge) return sendJson(res, 413, tooLarge)
      return sendJson(res, 400, { ok: false, error: { key: ErrorKey.VALIDATION, message: '请求格式错误' } })
    }
    sendJson(res, 200, await core.dispatch(method, input))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    // DNS rebinding: a foreign name that resolves to 127.0.0.1 still carries its own Host.
    if (req.headers.host !== origin.slice('http://'.length)) return refuse(res, 403, '拒绝访问')
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/rpc/events') {
      if (req.method !== 'GET') return refuse(res, 405, '只接受 GET 请求')
      // EventSource cannot send headers, so the secret comes in the query.
      if (!sameSecret(url.searchParams.get('s'), secret)) return refuse(res, 403, '拒绝访问')
      return streamEvents(core.events, res)
    }
    if (url.pathname.startsWith('/rpc/')) return handleRpc(req, res, methodOf(url.pathname.slice('/rpc/'.length)))
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, '只接受 GET 请求')
    return serveStatic(rendererDir, url.pathname, req, res)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, '服务器内部错误')
      else res.destroy()
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, '127.0.0.1', () => done())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  await core.ready()

  return {
    url: `${origin}/?s=${secret}#/login`,
    core,
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()))
      // Event streams stay open until told otherwise.
      server.closeAllConnections()
      await closed
      await core.close()
    },
  }
}
