import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, session, type BrowserWindow } from 'electron'
import { createCore, type AppCore } from '../core/app-core'
import { registerBridge } from './bridge'
import { nativeDialogs } from './dialogs'
import { safeStorageSecretStore } from './secret-store'
import { hardenSession } from './security'
import { electronSettingsStore } from './settings-store'
import { createMainWindow } from './window'

// Built layout: out/main/index.js beside out/preload/ and out/renderer/.
const rendererFile = join(__dirname, '../renderer/index.html')
const rendererUrl = pathToFileURL(rendererFile).href
const preloadFile = join(__dirname, '../preload/index.js')

// The console is Chinese only: native date and time pickers and context menus follow
// this switch (set before the app is ready), not the system's language.
app.commandLine.appendSwitch('lang', 'zh-CN')

let mainWindow: BrowserWindow | null = null

async function start(): Promise<AppCore> {
  const dataDir = app.getPath('userData')
  hardenSession(session.defaultSession)
  const core = createCore({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    env: process.env,
    secretStore: safeStorageSecretStore(join(dataDir, 'session-token.bin')),
    settingsStore: await electronSettingsStore(dataDir),
    dialogs: nativeDialogs(() => mainWindow),
  })
  registerBridge(core, rendererUrl, () => mainWindow)
  mainWindow = createMainWindow({ rendererFile, rendererUrl, preloadFile })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
  return core
}

/** Stops the embedded server before the process ends, once. */
function closeOnQuit(core: Promise<AppCore>): void {
  let closed = false
  app.on('will-quit', (event) => {
    if (closed) return
    event.preventDefault()
    core
      .then((c) => c.close())
      .catch((err: unknown) => console.error('关闭时出错', err))
      .finally(() => {
        closed = true
        app.quit()
      })
  })
}

if (process.env.APP_DATA_DIR) app.setPath('userData', process.env.APP_DATA_DIR)

// One console per user: a second launch brings the first window forward.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('window-all-closed', () => app.quit())
  const core = app.whenReady().then(start)
  core.catch((err: unknown) => {
    console.error('控制台启动失败', err)
    app.exit(1)
  })
  closeOnQuit(core)
}
