import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { Bridge, RpcEventName, RpcEvents } from '../src-shared/ipc'
import { EVENT_CHANNEL, RPC_CHANNEL } from '../src-shared/ipc-channels'

interface EventMessage {
  event: RpcEventName
  payload: unknown
}

/**
 * `window.bridge`: one call (`invoke`) and one subscription (`on`) over the core's
 * channels, and nothing else of Electron or Node reaches the page.
 */
const bridge: Bridge = {
  invoke: (method, input) => ipcRenderer.invoke(RPC_CHANNEL, method, input),
  on(event, listener) {
    const forward = (_event: IpcRendererEvent, message: EventMessage) => {
      if (message.event === event) listener(message.payload as RpcEvents[typeof event])
    }
    ipcRenderer.on(EVENT_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward)
    }
  },
}

contextBridge.exposeInMainWorld('bridge', bridge)
