import { z } from 'zod'
import type { AppInfo, Settings } from '../../src-shared/ipc'
import { optionsFromEnv } from '../../src-server/options'
import { createApiClient } from './api-client'
import { createDispatcher, type Dispatch } from './dispatcher'
import { createServerTarget } from './embedded-server'
import { createEvents, type CoreEvents } from './events'
import { createCoreFiles, type FileDialogPort } from './files'
import { createSession, TokenKeeper, type SecretStore } from './session'
import { DEFAULT_SETTINGS, settingsOrDefault, validSettings, type SettingsStore } from './settings'

export interface CoreOptions {
  /** The app's data folder: embedded database, uploads, settings and session files. */
  dataDir: string
  host: 'web' | 'electron'
  version: string
  /** Passed to the embedded server (LOGIN_AES_KEY, ADMIN_PASSWORD, CAPTCHA_TEST_CODE …). */
  env: NodeJS.ProcessEnv
  secretStore: SecretStore
  settingsStore: SettingsStore
  dialogs?: FileDialogPort
  log?: (message: string, error: unknown) => void
}

export interface AppCore {
  dispatch: Dispatch
  events: CoreEvents
  /** Settles once settings are read, the server target is up and the session restored. */
  ready(): Promise<void>
  close(): Promise<void>
}

const consoleLog = (message: string, error: unknown) => console.error(message, error)

/**
 * The desktop core both hosts run: one server target, one session, one dispatcher.
 * Nothing here imports electron; the hosts hand in what differs (secret and settings
 * storage, native dialogs).
 */
export function createCore(options: CoreOptions): AppCore {
  // Default messages of zod (a missing field, a wrong type) in Chinese, like the renderer's.
  z.config(z.locales.zhCN())
  const log = options.log ?? consoleLog
  const events = createEvents()
  const target = createServerTarget({ dataDir: options.dataDir, env: options.env, log })
  const tokens = new TokenKeeper(options.secretStore, events)
  const client = createApiClient({
    baseUrl: () => target.url(),
    token: () => tokens.current(),
    onUnauthenticated: (sentToken, error) => tokens.rejected(sentToken, error),
  })
  const session = createSession({ client, tokens, loginAesKey: optionsFromEnv(options.env).loginAesKey })
  const files = createCoreFiles({ client, dialogs: options.dialogs, events })
  let settings: Settings = DEFAULT_SETTINGS

  const started = (async () => {
    settings = settingsOrDefault(await options.settingsStore.get().catch(() => null))
    await Promise.all([target.switchTo(settings), tokens.load()])
  })()

  async function changeSettings(input: Settings): Promise<Settings> {
    const next = validSettings(input)
    await options.settingsStore.set(next)
    const sameServer = next.serverMode === settings.serverMode && (next.serverMode === 'standalone' || next.serverUrl === settings.serverUrl)
    settings = next
    if (!sameServer) {
      // A token belongs to the server that issued it.
      await session.forget()
      await target.switchTo(next)
    }
    return next
  }

  function appInfo(): AppInfo {
    let serverUrl = ''
    try {
      serverUrl = target.url()
    } catch {
      // The embedded server is not running; the empty address says so.
    }
    return { version: options.version, host: options.host, serverMode: settings.serverMode, serverUrl, nativeDialogs: Boolean(options.dialogs) }
  }

  const dispatchNow = createDispatcher({
    client,
    log,
    handlers: {
      'session.login': (form) => session.login(form),
      'session.logout': async () => {
        await session.logout()
        return null
      },
      'session.current': () => session.current(),
      'settings.get': async () => settings,
      'settings.set': changeSettings,
      'app.info': async () => appInfo(),
      'files.pickAndUpload': files.pickAndUpload,
      'files.uploadBytes': files.uploadBytes,
      'files.readAsDataUrl': files.readAsDataUrl,
      'files.download': files.download,
    },
  })

  return {
    dispatch: async (method, input) => {
      await started
      return dispatchNow(method, input)
    },
    events,
    ready: () => started,
    close: async () => {
      await started.catch(() => undefined)
      await target.close()
    },
  }
}
