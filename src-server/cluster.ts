import cluster, { type Worker } from 'node:cluster'
import type { ServerOptions } from './options'
import { prepareDatabase, startServer } from './start'

/** What `launch` hands back to the process that prints the address and stops on a signal. */
export interface LaunchedServer {
  url: string
  close(): Promise<void>
}

const RESTART_DELAY_MS = 1000

interface ReadyMessage {
  ready: string
}

const isReady = (message: unknown): message is ReadyMessage =>
  typeof message === 'object' && message !== null && typeof (message as ReadyMessage).ready === 'string'

/** A worker process: serves on the port its primary shares, reports its address, and stops on SIGTERM. */
async function runWorker(options: ServerOptions): Promise<void> {
  // Ctrl+C in a terminal reaches every process of the group: the primary stops the
  // workers itself (SIGTERM, requests in flight finished), so a worker waits for that.
  process.on('SIGINT', () => undefined)
  const server = await startServer(options, { databaseReady: true })
  process.once('SIGTERM', () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
  process.send?.({ ready: server.url } satisfies ReadyMessage)
}

/**
 * The primary of WORKERS > 1: prepares the database once, forks the workers (they share
 * the listening socket; the operating system spreads connections over them), replaces
 * one that dies, and stops them all on close.
 */
async function runPrimary(options: ServerOptions): Promise<LaunchedServer> {
  await prepareDatabase(options)
  let closing = false
  const fork = () =>
    new Promise<{ worker: Worker; url: string }>((resolve, reject) => {
      const worker = cluster.fork()
      worker.once('exit', (code) => reject(new Error(`平台服务工作进程启动失败（退出码 ${code}）`)))
      worker.on('message', (message: unknown) => {
        if (!isReady(message)) return
        worker.removeAllListeners('exit')
        worker.once('exit', (code) => {
          if (closing) return
          console.error(`平台服务工作进程 ${worker.process.pid} 意外退出（${code}），${RESTART_DELAY_MS / 1000} 秒后重新启动`)
          // A pause, so a worker that dies at once (database gone) is not restarted in a tight loop.
          setTimeout(() => {
            if (!closing) void fork().catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
          }, RESTART_DELAY_MS)
        })
        resolve({ worker, url: message.ready })
      })
    })
  const started = await Promise.all(Array.from({ length: options.workers }, fork))
  return {
    url: started[0].url,
    close: async () => {
      closing = true
      await Promise.all(
        Object.values(cluster.workers ?? {}).map(
          (worker) =>
            new Promise<void>((done) => {
              if (!worker || worker.isDead()) return done()
              worker.once('exit', () => done())
              worker.kill('SIGTERM')
            }),
        ),
      )
    },
  }
}

/**
 * Starts the platform server as configured: one process, or with WORKERS > 1 a primary
 * and that many workers. In a worker it serves and returns null: the primary speaks
 * for the group.
 */
export async function launch(options: ServerOptions): Promise<LaunchedServer | null> {
  if (cluster.isWorker) {
    await runWorker(options)
    return null
  }
  if (options.workers > 1) return runPrimary(options)
  return startServer(options)
}
