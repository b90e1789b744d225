import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import axios from 'axios'
import { expect } from 'vitest'
import type { ErrorKey } from '../../src-shared/errors'
import type { RpcName, RpcOutput, RpcResult } from '../../src-shared/ipc'
import { optionsFromEnv } from '../../src-server/options'
import { startServer, type RunningServer } from '../../src-server/start'
import { createCore, type AppCore, type CoreOptions } from '../../src-main/core/app-core'
import { fileSecretStore } from '../../src-main/core/file-secret-store'
import { jsonFileSettingsStore } from '../../src-main/core/settings'

/** Every captcha's answer on the test servers. */
export const CAPTCHA = '2468'

export const SECRET_FILE = 'session-token'
export const SETTINGS_FILE = 'settings.json'

const cleanups: (() => Promise<void>)[] = []

/** Runs everything registered with `later`, newest first (call from afterAll). */
export async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!()
}

export function later(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup)
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'core-test-'))
  later(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A real platform server on 127.0.0.1 with its files in `dir`, at `port` (0: any free port); SQLite in `dir` unless a database URL is given. The caller closes it. */
export function serverIn(dir: string, port = 0, databaseUrl = join(dir, 'platform.sqlite')): Promise<RunningServer> {
  return startServer({ ...optionsFromEnv({}), databaseUrl, uploadDir: join(dir, 'uploads'), host: '127.0.0.1', port, captchaTestCode: CAPTCHA })
}

/** A real platform server in a temp folder, closed by `cleanUp`. */
export async function startTestServer(databaseUrl?: string): Promise<RunningServer & { uploadDir: string }> {
  const dir = await tempDir()
  const server = await serverIn(dir, 0, databaseUrl)
  later(() => server.close())
  return { ...server, uploadDir: join(dir, 'uploads') }
}

/**
 * The platform server of a test that loses it and gets it back: stopped and started again
 * on the same port and database in `dir` (the first start takes any free port).
 */
export class RestartableServer {
  server: RunningServer | null = null
  port = 0
  constructor(private readonly dir: string) {}

  async up(): Promise<string> {
    this.server = await serverIn(this.dir, this.port)
    this.port = Number(new URL(this.server.url).port)
    return this.server.url
  }

  async down(): Promise<void> {
    await this.server?.close()
    this.server = null
  }
}

/** A desktop core as the web host builds it, on the data folder `dataDir`; closed by `cleanUp`. */
export async function coreIn(dataDir: string, options: Partial<CoreOptions> = {}): Promise<AppCore> {
  const core = createCore({
    dataDir,
    host: 'web',
    version: '0.0.0-test',
    env: {},
    secretStore: fileSecretStore(join(dataDir, SECRET_FILE)),
    settingsStore: jsonFileSettingsStore(join(dataDir, SETTINGS_FILE)),
    ...options,
  })
  later(() => core.close())
  await core.ready()
  return core
}

/** A desktop core pointed at `serverUrl` (remote mode). */
export async function remoteCore(
  serverUrl: string,
  options: { dataDir?: string } & Partial<CoreOptions> = {},
): Promise<{ core: AppCore; dataDir: string }> {
  const dataDir = options.dataDir ?? (await tempDir())
  await jsonFileSettingsStore(join(dataDir, SETTINGS_FILE)).set({ serverMode: 'remote', serverUrl })
  return { core: await coreIn(dataDir, options), dataDir }
}

export function expectOk<T = unknown>(result: RpcResult<unknown>): T {
  if (!result.ok) expect.fail(`expected success, got ${result.error.key}: ${result.error.message}`)
  return result.data as T
}

/** Calls the core as the renderer does, expecting success. */
export const call = async <K extends RpcName>(core: AppCore, method: K, input?: unknown) => expectOk<RpcOutput<K>>(await core.dispatch(method, input))

export function expectFailure(result: RpcResult<unknown>, key: ErrorKey, message?: string) {
  if (result.ok) expect.fail(`expected ${key}, got success`)
  expect(result.error.key).toBe(key)
  if (message !== undefined) expect(result.error.message).toBe(message)
  return result.error
}

/** Signs in through the core the way the login page does: captcha first, then the form. */
export async function signIn(core: AppCore, username: string, password: string): Promise<RpcResult<unknown>> {
  const captcha = expectOk<{ id: string }>(await core.dispatch('auth.captcha', undefined))
  return core.dispatch('session.login', { username, password, checkCode: CAPTCHA, checkCodeId: captcha.id })
}

/** Calls the platform API directly, as another client would. */
export async function rawCall(serverUrl: string, method: 'GET' | 'POST', path: string, token: string) {
  const headers = { Token: token, 'Content-Type': false }
  const response = await axios.request({ method, url: serverUrl + path, headers, validateStatus: () => true })
  return response.data as { code: number; error?: string }
}

/** Waits until `condition` holds (looked at every 100 ms), failing after `ms`; answers how long it took. */
export async function eventually(what: string, ms: number, condition: () => Promise<boolean>): Promise<number> {
  const start = Date.now()
  while (!(await condition())) {
    if (Date.now() - start > ms) expect.fail(`${what}: not within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return Date.now() - start
}
