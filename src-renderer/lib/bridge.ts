import type { Bridge, RpcArgs, RpcEventName, RpcEvents, RpcName, RpcOutput } from '../../src-shared/ipc'
import { fromFailure } from '../../src-shared/errors'
import { createWebBridge } from './web-bridge'

/** Electron's preload exposes `window.bridge`; in a plain browser the web host is the bridge. */
const bridge: Bridge = (window as Window & { bridge?: Bridge }).bridge ?? createWebBridge()

/** Calls a core method or forwarded API route; failures are thrown as `AppError`. */
export async function call<K extends RpcName>(method: K, ...args: RpcArgs<K>): Promise<RpcOutput<K>> {
  const result = await bridge.invoke(method, args[0])
  if (result.ok) return result.data as RpcOutput<K>
  const { key, message, issues } = result.error
  throw fromFailure({ error: key, message, data: issues ? { issues } : null })
}

/** Subscribes to an event of the core; returns the unsubscribe function. */
export function onEvent<E extends RpcEventName>(event: E, listener: (payload: RpcEvents[E]) => void): () => void {
  return bridge.on(event, listener)
}
