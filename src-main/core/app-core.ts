import { installFallbackMessages } from '../../src-shared/schemas/messages'
import { ErrorKey } from '../../src-shared/errors'
import type { AppInfo, Settings } from '../../src-shared/ipc'
import { optionsFromEnv, type ServerOptions } from '../../src-server/options'
import { createApiClient } from './api-client'
import { createDispatcher, type Dispatch } from './dispatcher'
import { createServerTarget } from './embedded-server'
import { createEvents, type CoreEvents } from './events'
import { createFirstRun } from './first-run'
import { createDocumentMethods, type PrintPort } from './documents/methods'
import { createCoreFiles, type FileDialogPort } from './files'
import { createSession, TokenKeeper, type SecretStore } from './session'
import { DEFAULT_SETTINGS, settingsOrDefault, validSettings, type SettingsStore } from './settings'
import { createOfflineSide } from './sync/offline-handlers'

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
  /** The desktop's print dialog (Electron); without it 打印 hands the PDF to the browser. */
  printer?: PrintPort
  /** The packaged app's resources folder (fonts for the PDFs); absent in a checkout. */
  resourcesDir?: string
  log?: (message: string, error: unknown) => void
  /** A production console (packaged app, NODE_ENV=production): its own server runs with the production refusals. */
  production?: boolean
  /** Ask for the mode and the admin password on a new data folder (production consoles; FIRST_RUN=1). */
  firstRun?: boolean
  /** Starts the embedded server elsewhere than in this process (the desktop app: a utility process). */
  startEmbeddedServer?: (options: ServerOptions) => Promise<{ url: string; close(): Promise<void> }>
}

export interface AppCore {
  dispatch: Dispatch
  events: CoreEvents
  /** Settles once settings are read, the server target is up and the session restored. */
  ready(): Promise<void>
  close(): Promise<void>
}

/** What a console still to be set up answers; everything else waits for the first run. */
const FIRST_RUN_METHODS = new Set(['setup.status', 'setup.complete', 'app.info'])

const consoleLog = (message: string, error: unknown) => console.error(message, error)

/**
 * The desktop core both hosts run: one server target, one session, one dispatcher.
 * Nothing here imports electron; the hosts hand in what differs (secret and settings
 * storage, native dialogs).
 */
export function createCore(options: CoreOptions): AppCore {
  // Short Chinese words for any problem a schema leaves unworded, like the renderer's.
  installFallbackMessages()
  const log = options.log ?? consoleLog
  const events = createEvents()
  const target = createServerTarget({
    dataDir: options.dataDir,
    env: options.env,
    log,
    overrides: () => firstRun.serverOptions(),
    start: options.startEmbeddedServer,
  })
  const firstRun = createFirstRun({
    dataDir: options.dataDir,
    enabled: options.firstRun ?? false,
    production: options.production ?? false,
    settingsStore: options.settingsStore,
    switchServer: async (next) => {
      await target.switchTo(next)
      target.url()
    },
  })
  const tokens = new TokenKeeper(options.secretStore, events)
  const client = createApiClient({
    baseUrl: () => target.url(),
    token: () => tokens.current(),
    onUnauthenticated: (sentToken, error) => tokens.rejected(sentToken, error),
  })
  const envLoginKey = optionsFromEnv(options.env).loginAesKey
  const session = createSession({ client, tokens, loginAesKey: () => firstRun.loginKey(settings.serverMode) ?? envLoginKey })
  const files = createCoreFiles({ client, dialogs: options.dialogs, events })
  // Rule 7: reads cached, seat saves through the outbox, sign-in with the last session offline.
  const offline = createOfflineSide({ dataDir: options.dataDir, client, baseUrl: () => target.url(), events, session, tokens, files })
  let settings: Settings = DEFAULT_SETTINGS

  const started = (async () => {
    settings = settingsOrDefault(await options.settingsStore.get().catch(() => null))
    await firstRun.load()
    // A console still to be set up starts no server: the first run says which one.
    await Promise.all([firstRun.needed() ? undefined : target.switchTo(settings), tokens.load()])
    if (!firstRun.needed()) offline.start()
  })()

  async function changeSettings(input: Settings): Promise<Settings> {
    // A caller that does not name the update address leaves it as it was; an empty one clears it.
    const next = validSettings('updateUrl' in input ? input : { ...input, updateUrl: settings.updateUrl })
    const sameServer = next.serverMode === settings.serverMode && (next.serverMode === 'standalone' || next.serverUrl === settings.serverUrl)
    // Queued saves belong to this server, and its data must not be shown as another's: see decisions.md.
    if (!sameServer) offline.leaveServer()
    await options.settingsStore.set(next)
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
    forward: offline.gateway.forward,
    handlers: {
      ...offline.handlers,
      ...offline.drafts,
      'settings.get': async () => settings,
      'settings.set': changeSettings,
      'app.info': async () => appInfo(),
      'setup.status': async () => ({ needed: firstRun.needed() }),
      'setup.complete': async (form) => {
        settings = await firstRun.complete(form)
        offline.start()
        return null
      },
      'files.pickAndUpload': files.pickAndUpload,
      'files.uploadBytes': files.uploadBytes,
      'files.cancel': files.cancel,
      'files.download': files.download,
      'files.saveBytes': files.saveBytes,
      ...createDocumentMethods({ files, resourcesDir: options.resourcesDir, printer: options.printer }),
    },
  })

  return {
    dispatch: async (method, input) => {
      await started
      if (firstRun.needed() && !FIRST_RUN_METHODS.has(String(method))) {
        return { ok: false, error: { key: ErrorKey.VALIDATION, message: '请先完成首次设置' } }
      }
      return dispatchNow(method, input)
    },
    events,
    ready: () => started,
    close: async () => {
      await started.catch(() => undefined)
      offline.gateway.close()
      await target.close()
    },
  }
}
