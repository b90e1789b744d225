import type { RpcEventName, RpcEvents } from '../../src-shared/ipc'

type Listener<E extends RpcEventName> = (payload: RpcEvents[E]) => void
type AnyListener = <E extends RpcEventName>(event: E, payload: RpcEvents[E]) => void

/** The core's events for the renderer; each host forwards them over its bridge. */
export interface CoreEvents {
  on<E extends RpcEventName>(event: E, listener: Listener<E>): () => void
  /** Every event, for hosts that forward all of them over one channel. */
  onAny(listener: AnyListener): () => void
  emit<E extends RpcEventName>(event: E, payload: RpcEvents[E]): void
}

export function createEvents(): CoreEvents {
  const anyListeners = new Set<AnyListener>()
  return {
    on(event, listener) {
      const filtered: AnyListener = (name, payload) => {
        if ((name as RpcEventName) === event) (listener as Listener<RpcEventName>)(payload)
      }
      anyListeners.add(filtered)
      return () => anyListeners.delete(filtered)
    },
    onAny(listener) {
      anyListeners.add(listener)
      return () => anyListeners.delete(listener)
    },
    emit(event, payload) {
      for (const listener of [...anyListeners]) listener(event, payload)
    },
  }
}
