import type { Bridge, RpcEventName, RpcEvents, RpcResult } from '../../src-shared/ipc'
import { defaultMessageOf, ErrorKey } from '../../src-shared/errors'

const SECRET_PARAM = 's'
const SECRET_STORAGE_KEY = 'bridge-secret'

/**
 * The web host hands the per-launch secret over in the address (`?s=…`). It is kept in
 * sessionStorage so a reload still works, and removed from the address bar so it does
 * not end up in bookmarks or screenshots.
 */
function takeSecret(): string {
  const fromUrl = new URLSearchParams(window.location.search).get(SECRET_PARAM)
  if (fromUrl) {
    sessionStorage.setItem(SECRET_STORAGE_KEY, fromUrl)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.hash)
    return fromUrl
  }
  return sessionStorage.getItem(SECRET_STORAGE_KEY) ?? ''
}

function failure(key: ErrorKey, message = defaultMessageOf[key]): RpcResult<never> {
  return { ok: false, error: { key, message } }
}

type Listener = (payload: unknown) => void

/** The same Bridge as Electron's preload, over the web host's HTTP RPC and Server-Sent Events. */
export function createWebBridge(): Bridge {
  const secret = takeSecret()
  const listeners = new Map<RpcEventName, Set<Listener>>()
  let events: EventSource | null = null

  function openEvents(): void {
    if (events) return
    events = new EventSource(`/rpc/events?${SECRET_PARAM}=${encodeURIComponent(secret)}`)
    events.onmessage = (message: MessageEvent<string>) => {
      const { event, payload } = JSON.parse(message.data) as { event: RpcEventName; payload: unknown }
      listeners.get(event)?.forEach((listener) => listener(payload))
    }
  }

  return {
    async invoke(method, input) {
      let response: Response
      try {
        response = await fetch(`/rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          // No body (and no JSON content type) for methods called without input.
          headers: input === undefined ? { 'X-Bridge-Secret': secret } : { 'X-Bridge-Secret': secret, 'Content-Type': 'application/json' },
          body: input === undefined ? undefined : JSON.stringify(input),
        })
      } catch {
        return failure(ErrorKey.OFFLINE, '无法连接控制台服务，请重新打开控制台')
      }
      try {
        return (await response.json()) as RpcResult<unknown>
      } catch {
        return failure(ErrorKey.INTERNAL)
      }
    },
    on<E extends RpcEventName>(event: E, listener: (payload: RpcEvents[E]) => void) {
      openEvents()
      const set = listeners.get(event) ?? new Set<Listener>()
      listeners.set(event, set)
      const untyped = listener as Listener
      set.add(untyped)
      return () => set.delete(untyped)
    },
  }
}
