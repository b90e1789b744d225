import { ipcMain, type BrowserWindow } from 'electron'
import { ErrorKey } from '../../src-shared/errors'
import { EVENT_CHANNEL, RPC_CHANNEL, type RpcResult } from '../../src-shared/ipc'
import type { AppCore } from '../core/app-core'
import { isAppUrl } from './security'

/**
 * The one IPC channel: only the app's own page may call the core; the core's events
 * go back to the window on the event channel.
 */
export function registerBridge(core: AppCore, rendererUrl: string, window: () => BrowserWindow | null): void {
  ipcMain.handle(RPC_CHANNEL, async (event, method: unknown, input: unknown): Promise<RpcResult<unknown>> => {
    if (!isAppUrl(event.senderFrame?.url, rendererUrl)) {
      return { ok: false, error: { key: ErrorKey.FORBIDDEN, message: '拒绝访问' } }
    }
    return core.dispatch(method, input)
  })
  core.events.onAny((event, payload) => {
    const win = window()
    if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, { event, payload })
  })
}
