import type { ServerOptions } from '../../src-server/options'

/**
 * The embedded server in a process of its own (Electron's utilityProcess), so that an
 * import or export never holds up the window's main process. Both ends speak this
 * small protocol over the process's message port; neither imports electron. This file is
 * the parent's end and loads no server code (the main process must start without it);
 * the child's end is server-child-port.ts.
 */
export type ToChild = { type: 'start'; options: ServerOptions } | { type: 'stop' }
export type FromChild = { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'stopped' }

/** The child's end: Electron's `process.parentPort`. */
export interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown
  postMessage(message: FromChild): void
}

/** The parent's end: Electron's UtilityProcess. */
export interface ChildProcessPort {
  on(event: 'message', listener: (message: unknown) => void): unknown
  once(event: 'exit', listener: (code: number) => void): unknown
  postMessage(message: ToChild): void
  kill(): boolean
}

const STOP_WAIT_MS = 10_000

/** Runs in the parent: starts the server in `child` and answers as startServer does. */
export function startInChild(child: ChildProcessPort, options: ServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  const replies: ((message: FromChild) => void)[] = []
  child.on('message', (message) => replies.shift()?.(message as FromChild))
  const next = () => Promise.race([new Promise<FromChild>((resolve) => replies.push(resolve)), exit.then((): FromChild => ({ type: 'failed', message: '内置服务进程意外退出' }))])

  async function close(): Promise<void> {
    if (exited) return
    child.postMessage({ type: 'stop' })
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())
    await Promise.race([exit, timeout])
    if (!exited) child.kill()
  }

  child.postMessage({ type: 'start', options })
  return next().then(async (reply) => {
    if (reply.type === 'ready') return { url: reply.url, close }
    await close()
    throw new Error(reply.type === 'failed' ? reply.message : '内置服务未能启动')
  })
}
