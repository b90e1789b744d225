import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Settings } from '../../src-shared/ipc'
import { LOGIN_KEY_BYTES, SetupFormSchema } from '../../src-shared/schemas/setup'
import type { ServerOptions } from '../../src-server/options'
import { writeFileAtomic } from './atomic-write'
import type { SettingsStore } from './settings'
import { parseOrThrow } from './validation'

/** What the first run decided, kept in `setup.json` (0600: it holds the login key). */
const SetupRecordSchema = z.object({
  mode: z.enum(['standalone', 'remote']),
  demo: z.boolean(),
  /** The LOGIN_AES_KEY the console encrypts sign-in with (and, standalone, its own server uses). */
  loginKey: z.string().refine((key) => Buffer.byteLength(key) === LOGIN_KEY_BYTES),
})
export type SetupRecord = z.infer<typeof SetupRecordSchema>

export const SETUP_FILE = 'setup.json'

export async function readSetup(dataDir: string): Promise<SetupRecord | null> {
  try {
    return SetupRecordSchema.parse(JSON.parse(await readFile(join(dataDir, SETUP_FILE), 'utf8')))
  } catch {
    return null
  }
}

/** A fresh 16-character key: each standalone console's own, never the published default. */
export function newLoginKey(): string {
  return randomBytes(12).toString('base64')
}

/**
 * The embedded server's options that the first run decides. A demo province is a
 * sample, not production: its server runs without the production refusals (its demo
 * accounts' passwords are published). `adminPassword` only while the database is
 * created; afterwards the accounts live in it.
 */
export function embeddedServerOptions(setup: SetupRecord | null, production: boolean, adminPassword?: string): Partial<ServerOptions> {
  if (!setup) return production ? { production } : {}
  return {
    // A console set up to connect that later runs standalone keeps the environment's key.
    ...(setup.mode === 'standalone' ? { loginAesKey: setup.loginKey } : {}),
    seedDemo: setup.demo,
    production: production && !setup.demo,
    adminPassword,
  }
}

export interface FirstRun {
  /** Reads `setup.json`; call once before anything else. */
  load(): Promise<void>
  /** True while a first-run console has not been set up (nothing else runs then). */
  needed(): boolean
  /**
   * The login key the first run chose for `serverMode`; undefined before it, on a console
   * without first run, or for the other mode (switched to later in 服务器设置), which
   * then uses LOGIN_AES_KEY of the environment.
   */
  loginKey(serverMode: Settings['serverMode']): string | undefined
  serverOptions(): Partial<ServerOptions>
  /** Validates the form, starts the chosen server, and only then records the setup. Returns the new settings. */
  complete(input: unknown): Promise<Settings>
}

export function createFirstRun(deps: {
  dataDir: string
  /** Production consoles (a packaged app) ask; a development console uses the demo defaults. */
  enabled: boolean
  production: boolean
  settingsStore: SettingsStore
  /** Points the server target at `settings` and throws when that server cannot be reached or started. */
  switchServer(settings: Settings): Promise<void>
}): FirstRun {
  let setup: SetupRecord | null = null
  let adminPassword: string | undefined

  return {
    async load() {
      setup = await readSetup(deps.dataDir)
    },
    needed: () => deps.enabled && setup === null,
    loginKey: (serverMode) => (setup?.mode === serverMode ? setup.loginKey : undefined),
    serverOptions: () => embeddedServerOptions(setup, deps.production, adminPassword),
    async complete(input) {
      if (setup) throw new AppError(ErrorKey.CONFLICT, '本机已完成首次设置')
      const form = parseOrThrow(SetupFormSchema, input)
      const chosen: SetupRecord =
        form.mode === 'standalone'
          ? { mode: 'standalone', demo: form.demo, loginKey: newLoginKey() }
          : { mode: 'remote', demo: false, loginKey: form.loginKey }
      const settings: Settings = form.mode === 'standalone' ? { serverMode: 'standalone' } : { serverMode: 'remote', serverUrl: form.serverUrl.replace(/\/+$/, '') }
      setup = chosen
      adminPassword = form.mode === 'standalone' ? form.password : undefined
      try {
        await deps.switchServer(settings)
      } catch (err) {
        // Nothing is recorded: the next attempt starts over.
        setup = null
        throw err
      } finally {
        adminPassword = undefined
      }
      await deps.settingsStore.set(settings)
      await writeFileAtomic(join(deps.dataDir, SETUP_FILE), JSON.stringify(chosen, null, 2) + '\n', 0o600)
      return settings
    },
  }
}
