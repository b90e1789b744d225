import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SYSTEM_NAME } from '../src-shared/product'
import { createCore } from '../src-main/core/app-core'
import { fileSecretStore } from '../src-main/core/file-secret-store'
import { jsonFileSettingsStore } from '../src-main/core/settings'
import { fileLog } from '../src-main/desktop/logs'
import { menuTemplate } from '../src-main/desktop/menu-template'
import { startInChild, type ChildProcessPort } from '../src-main/desktop/server-process'
import { initialBounds, readWindowState } from '../src-main/desktop/window-state'

/**
 * The desktop main process's start path (src-main/electron/main.ts `start()`) up to the
 * window's creation, with its plain modules only: what needs Electron (the session, the
 * electron-store settings, the bridge, the BrowserWindow itself) is replaced by the web host's
 * plain stand-ins, and the utility process by a port that never answers (the server starts
 * beside the window, not before it). Bundled like out/main (dependencies external) and run in
 * a fresh Node process by bench/main-start.ts, it prints how long after the process started
 * the window would be created. Not a test file and not part of the app.
 */
async function start(): Promise<void> {
  const dataDir = process.env.APP_DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'main-start-')))
  const mainLog = fileLog(dataDir, 'main')
  const silentChild: ChildProcessPort = { on: () => undefined, once: () => undefined, postMessage: () => undefined, kill: () => true }
  const core = createCore({
    dataDir,
    host: 'electron',
    version: '0.0.0',
    env: {},
    secretStore: fileSecretStore(join(dataDir, 'session-token')),
    settingsStore: jsonFileSettingsStore(join(dataDir, 'settings.json')),
    log: (message, error) => mainLog.error(message, error),
    production: false,
    firstRun: false,
    startEmbeddedServer: (options) => startInChild(silentChild, options),
  })
  menuTemplate({ packaged: true, platform: 'win32', appName: SYSTEM_NAME, actions: { openLogFolder: () => undefined, checkForUpdates: () => undefined, showAbout: () => undefined } })
  initialBounds(await readWindowState(join(dataDir, 'window-state.json')), [{ x: 0, y: 0, width: 1920, height: 1080 }])
  // Here main.ts creates the BrowserWindow. performance.now() counts from the process's start.
  const windowAtMs = performance.now()
  const { user, system } = process.cpuUsage()
  const loaded = Object.keys(require.cache)
  console.log(JSON.stringify({ windowAtMs, cpuMs: (user + system) / 1000, modules: loaded.length, serverLoaded: loaded.some((file) => /[\\/]node_modules[\\/](fastify|kysely|exceljs)[\\/]/.test(file)) }))
  void core
  process.exit(0)
}

void start()
