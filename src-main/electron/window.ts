import { BrowserWindow } from 'electron'
import { SYSTEM_NAME } from '../../src-shared/product'
import { isAppUrl } from './security'

/**
 * The console's one window: isolated, sandboxed renderer with the bridge preload. It
 * never navigates away from the app's page and never opens other windows.
 */
export function createMainWindow(paths: { rendererFile: string; rendererUrl: string; preloadFile: string }): BrowserWindow {
  const win = new BrowserWindow({
    title: SYSTEM_NAME,
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
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
  win.once('ready-to-show', () => win.show())
  // The window keeps the system name whatever the page's <title> says.
  win.on('page-title-updated', (event) => event.preventDefault())
  const stayInApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url, paths.rendererUrl)) event.preventDefault()
  }
  win.webContents.on('will-navigate', stayInApp)
  win.webContents.on('will-redirect', stayInApp)
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  void win.loadFile(paths.rendererFile)
  return win
}
