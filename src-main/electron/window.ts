import { join } from 'node:path'
import { BrowserWindow, dialog, screen } from 'electron'
import { SYSTEM_NAME } from '../../src-shared/product'
import { initialBounds, keepWindowState, MIN_SIZE, readWindowState } from '../desktop/window-state'
import { isAppUrl } from './security'

/**
 * The console's one window: isolated, sandboxed renderer with the bridge preload. It
 * never navigates away from the app's page and never opens other windows. It opens
 * where it was last closed (size, position, maximised), in `window-state.json`.
 */
export async function createMainWindow(paths: {
  rendererFile: string
  rendererUrl: string
  preloadFile: string
  dataDir: string
  onError(error: unknown): void
}): Promise<BrowserWindow> {
  const stateFile = join(paths.dataDir, 'window-state.json')
  const { bounds, maximized } = initialBounds(
    await readWindowState(stateFile),
    screen.getAllDisplays().map((d) => d.workArea),
  )
  const win = new BrowserWindow({
    title: SYSTEM_NAME,
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    webPreferences: {
      preload: paths.preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  keepWindowState(win, stateFile, paths.onError)
  win.once('ready-to-show', () => {
    if (maximized) win.maximize()
    win.show()
  })
  // The window keeps the system name whatever the page's <title> says.
  win.on('page-title-updated', (event) => event.preventDefault())
  const stayInApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url, paths.rendererUrl)) event.preventDefault()
  }
  win.webContents.on('will-navigate', stayInApp)
  win.webContents.on('will-redirect', stayInApp)
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  // A form with unsaved changes refuses the unload (useLeaveGuard); Electron then asks nobody and
  // simply stays, so 重新加载, Ctrl+R and closing the window ask here. preventDefault lets it go.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['离开', '留下'],
      defaultId: 1,
      cancelId: 1,
      title: SYSTEM_NAME,
      message: '有未保存的修改，确定要离开吗？',
      detail: '已填写的内容会保存为草稿，下次打开时可恢复。',
    })
    if (choice === 0) event.preventDefault()
  })
  void win.loadFile(paths.rendererFile)
  return win
}
