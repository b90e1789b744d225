import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiEnvelope } from '../../src-shared/errors'
import { DEFAULT_LOGIN_AES_KEY } from '../../src-shared/login-crypto'
import { DEMO_ADMIN_PASSWORD, type ServerOptions } from '../../src-server/options'
import { startServer, type RunningServer } from '../../src-server/start'
import { TEST_CAPTCHA_CODE } from '../support/login'

export interface TestServer extends RunningServer {
  uploadDir: string
  /** Stops the server and removes its upload folder. */
  stop(): Promise<void>
}

export function testOptions(databaseUrl: string, uploadDir: string, overrides: Partial<ServerOptions> = {}): ServerOptions {
  return {
    databaseUrl,
    host: '127.0.0.1',
    port: 0,
    uploadDir,
    loginAesKey: DEFAULT_LOGIN_AES_KEY,
    tokenTtlMinutes: 120,
    adminPassword: DEMO_ADMIN_PASSWORD,
    captchaTestCode: TEST_CAPTCHA_CODE,
    seedDemo: true,
    production: false,
    logger: false,
    workers: 1,
    // Tests sign in far more often from one address than any office: limits ×20
    // (tests/server/hardening.test.ts checks them at their real values).
    rateLimitScale: 20,
    ...overrides,
  }
}

/** A real platform server on a free port over the given database, with its own upload folder. */
export async function startTestServer(databaseUrl: string, overrides: Partial<ServerOptions> = {}): Promise<TestServer> {
  const uploadDir = await mkdtemp(join(tmpdir(), 'server-uploads-'))
  const server = await startServer(testOptions(databaseUrl, uploadDir, overrides))
  return {
    ...server,
    uploadDir,
    async stop() {
      await server.close()
      await rm(uploadDir, { recursive: true, force: true })
    },
  }
}

export interface Call {
  token?: string
  query?: Record<string, string>
  body?: unknown
  /** Further headers (a MemberToken, a proxy's X-Forwarded-For). */
  headers?: Record<string, string>
}

/** One HTTP call to the API; returns the status and the parsed envelope. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  { token, query, body, headers: extra }: Call = {},
): Promise<{ status: number; body: ApiEnvelope<T> }> {
  const url = new URL(path, baseUrl)
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v)
  const headers: Record<string, string> = { ...extra }
  if (token !== undefined) headers.Token = token
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as ApiEnvelope<T> }
}
