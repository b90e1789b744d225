import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Settings } from '../../src-shared/ipc'
import { optionsFromEnv, type ServerOptions } from '../../src-server/options'

/**
 * Which platform server the core talks to: in standalone mode one it runs itself,
 * in-process on 127.0.0.1 with an SQLite file in the data folder; in remote mode the
 * configured address.
 */
export interface ServerTarget {
  /** Base URL of the current server; throws AppError when it could not start. */
  url(): string
  /** Points at the server `settings` name, starting or stopping the embedded one. Serialised. */
  switchTo(settings: Settings): Promise<void>
  close(): Promise<void>
}

type Log = (message: string, error: unknown) => void

export function createServerTarget(deps: {
  dataDir: string
  env: NodeJS.ProcessEnv
  log: Log
  /** What the first run decided (login key, demo data, the admin password), over the environment's. */
  overrides?: () => Partial<ServerOptions>
  /** How the embedded server is started: in this process by default; the desktop app runs it in a utility process. */
  start?: (options: ServerOptions) => Promise<{ url: string; close(): Promise<void> }>
}): ServerTarget {
  // Loaded on first use only: the desktop app's main process never loads the server (its
  // utility process does), and the web host pays for it when it starts its server.
  const launch = deps.start ?? (async (options: ServerOptions) => (await import('../../src-server/start')).startServer(options))
  let current: { key: string; url: string | null } | null = null
  let embedded: { close(): Promise<void> } | null = null
  let queue: Promise<void> = Promise.resolve()

  async function stopEmbedded(): Promise<void> {
    const server = embedded
    embedded = null
    if (server) await server.close()
  }

  /** Why the last start failed, for the message: a missing native module is not a data-folder problem. */
  let failure = ''

  async function start(settings: Settings): Promise<string | null> {
    if (settings.serverMode === 'remote') return settings.serverUrl ?? null
    try {
      await mkdir(deps.dataDir, { recursive: true })
      const server = await launch({
        // LOGIN_AES_KEY, ADMIN_PASSWORD, CAPTCHA_TEST_CODE, TOKEN_TTL_MINUTES … pass through.
        ...optionsFromEnv(deps.env),
        ...deps.overrides?.(),
        host: '127.0.0.1',
        port: 0,
        databaseUrl: join(deps.dataDir, 'platform.sqlite'),
        uploadDir: join(deps.dataDir, 'uploads'),
        // The desktop's own server is one process inside the app, whatever WORKERS says.
        workers: 1,
      })
      embedded = server
      return server.url.replace(/\/+$/, '')
    } catch (err) {
      deps.log('内置服务启动失败', err)
      failure = err instanceof Error ? err.message : String(err)
      return null
    }
  }

  async function switchTo(settings: Settings): Promise<void> {
    const key = settings.serverMode === 'remote' ? `remote ${settings.serverUrl}` : 'standalone'
    // A standalone server that failed to start is tried again on the next switch.
    if (current?.key === key && current.url) return
    await stopEmbedded()
    current = { key, url: await start(settings) }
  }

  return {
    url() {
      if (current?.url) return current.url
      throw new AppError(ErrorKey.OFFLINE, `内置服务未能启动（${failure || '原因见日志'}），请查看日志文件夹，或在服务器设置中改用连接服务器`)
    },
    switchTo(settings) {
      const next = queue.then(() => switchTo(settings))
      queue = next.catch(() => undefined)
      return next
    },
    async close() {
      await queue
      current = null
      await stopEmbedded()
    },
  }
}
