import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, dialog, Menu, session, shell, utilityProcess, type BrowserWindow } from 'electron'
import { SYSTEM_NAME } from '../../src-shared/product'
import type { ServerOptions } from '../../src-server/options'
import { createCore, type AppCore } from '../core/app-core'
import { fileLog, logFolder } from '../desktop/logs'
import { menuTemplate } from '../desktop/menu-template'
import { startInChild } from '../desktop/server-process'
import { registerBridge } from './bridge'
import { nativeDialogs } from './dialogs'
import { electronPrinter } from './printer'
import { safeStorageSecretStore } from './secret-store'
import { hardenSession } from './security'
import { electronSettingsStore } from './settings-store'
import { createUpdater } from './updater'
import { createMainWindow } from './window'

// Built layout: out/main/index.js beside out/main/server-child.js, out/preload/ and out/renderer/.
const rendererFile = join(__dirname, '../renderer/index.html')
const rendererUrl = pathToFileURL(rendererFile).href
const preloadFile = join(__dirname, '../preload/index.js')
const serverChildFile = join(__dirname, 'server-child.js')

// The console is Chinese only: native date and time pickers and context menus follow
// this switch (set before the app is ready), not the system's language.
app.commandLine.appendSwitch('lang', 'zh-CN')

let mainWindow: BrowserWindow | null = null

/** The embedded server in a utility process. */
function startServerProcess(dataDir: string) {
  return (options: ServerOptions) => {
    const child = utilityProcess.fork(serverChildFile, [], {
      serviceName: '内置服务',
      env: { ...process.env, APP_DATA_DIR: dataDir },
    })
    return startInChild(child, options)
  }
}

async function start(): Promise<AppCore> {
  const dataDir = app.getPath('userData')
  const mainLog = fileLog(dataDir, 'main')
  const coreLog = fileLog(dataDir, 'core')
  process.on('uncaughtException', (error) => mainLog.error('主进程未捕获的错误', error))
  hardenSession(session.defaultSession)
  const settingsStore = await electronSettingsStore(dataDir)
  // A packaged app is production: it asks how it works on first run and its own server refuses demo passwords.
  const production = app.isPackaged || process.env.NODE_ENV === 'production'
  const core = createCore({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    env: process.env,
    secretStore: safeStorageSecretStore(join(dataDir, 'session-token.bin')),
    settingsStore,
    dialogs: nativeDialogs(() => mainWindow),
    printer: electronPrinter(() => mainWindow),
    // The installer copies the PDF fonts into resources/fonts (package.json build.extraResources).
    resourcesDir: app.isPackaged ? process.resourcesPath : undefined,
    log: (message, error) => coreLog.error(message, error),
    production,
    firstRun: production || process.env.FIRST_RUN === '1',
    startEmbeddedServer: startServerProcess(dataDir),
  })
  registerBridge(core, rendererUrl, () => mainWindow)

  const updater = createUpdater({
    feedUrl: async () => (await settingsStore.get()).updateUrl ?? process.env.UPDATE_URL,
    log: mainLog,
    window: () => mainWindow,
  })
  const menu = menuTemplate({
    packaged: app.isPackaged,
    platform: process.platform,
    appName: SYSTEM_NAME,
    actions: {
      openLogFolder: () => void shell.openPath(logFolder(dataDir)),
      checkForUpdates: () => void updater.check(true),
      showAbout: () => void dialog.showMessageBox({ type: 'info', title: '关于', message: SYSTEM_NAME, detail: `版本 ${app.getVersion()}`, buttons: ['确定'] }),
    },
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(menu as Electron.MenuItemConstructorOptions[]))

  mainWindow = await createMainWindow({ rendererFile, rendererUrl, preloadFile, dataDir, onError: (error) => mainLog.error('保存窗口位置失败', error) })
  mainWindow.on('closed', () => {
    mainWindow = null
  })
  mainLog.info(`控制台 ${app.getVersion()} 已启动（${app.isPackaged ? '安装版' : '开发版'}）`)
  void updater.check(false)
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
    fileLog(app.getPath('userData'), 'main').error('控制台启动失败', err)
    dialog.showErrorBox('控制台启动失败', err instanceof Error ? err.message : String(err))
    app.exit(1)
  })
  closeOnQuit(core)
}
