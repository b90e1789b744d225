import { startServer } from '../../src-server/start'
import type { ParentPort, ToChild } from './server-process'

/**
 * The child's end of the embedded server's protocol (server-process.ts), run in the utility
 * process (src-main/electron/server-child.ts): the only place the desktop app loads the server.
 * Starts the server on request, stops it and says so.
 */
export function serveOverPort(port: ParentPort, log: (message: string, error: unknown) => void, exit: (code: number) => void): void {
  let server: { close(): Promise<void> } | null = null
  port.on('message', ({ data }) => {
    const message = data as ToChild
    if (message.type === 'start') {
      startServer(message.options).then(
        (running) => {
          server = running
          port.postMessage({ type: 'ready', url: running.url })
        },
        (err: unknown) => {
          log('内置服务启动失败', err)
          port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) })
        },
      )
    } else if (message.type === 'stop') {
      const closing = server ? server.close() : Promise.resolve()
      closing
        .catch((err: unknown) => log('内置服务关闭时出错', err))
        .finally(() => {
          port.postMessage({ type: 'stopped' })
          exit(0)
        })
    }
  })
}
