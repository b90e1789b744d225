import { readFile } from 'node:fs/promises'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { SettingsSchema, type Settings } from '../../src-shared/ipc'
import { writeFileAtomic } from './atomic-write'
import { parseOrThrow } from './validation'

/** Where the core keeps its settings (a JSON file, or electron-store in Electron). */
export interface SettingsStore {
  get(): Promise<Settings>
  set(settings: Settings): Promise<void>
}

export const DEFAULT_SETTINGS: Settings = { serverMode: 'standalone' }

/**
 * Settings as the core uses them: checked with SettingsSchema, a remote mode must
 * name its server, and the address is kept without a trailing slash. A standalone
 * setting keeps the last address so the form can offer it again.
 */
export function validSettings(input: unknown): Settings {
  const blankUrl = typeof input === 'object' && input !== null && (input as Settings).serverUrl?.trim() === ''
  const settings = parseOrThrow(SettingsSchema, blankUrl ? { ...input, serverUrl: undefined } : input)
  const serverUrl = settings.serverUrl?.replace(/\/+$/, '')
  if (settings.serverMode === 'remote' && !serverUrl) {
    const message = '请填写服务器地址'
    throw new AppError(ErrorKey.VALIDATION, message, [{ path: 'serverUrl', message }])
  }
  const updateUrl = settings.updateUrl ? { updateUrl: settings.updateUrl } : {}
  return serverUrl ? { serverMode: settings.serverMode, serverUrl, ...updateUrl } : { serverMode: settings.serverMode, ...updateUrl }
}

/** Stored settings, or the defaults when there are none or they are unreadable. */
export function settingsOrDefault(stored: unknown): Settings {
  try {
    return validSettings(stored)
  } catch {
    return DEFAULT_SETTINGS
  }
}

export function jsonFileSettingsStore(path: string): SettingsStore {
  return {
    async get() {
      try {
        return settingsOrDefault(JSON.parse(await readFile(path, 'utf8')))
      } catch {
        return DEFAULT_SETTINGS
      }
    },
    set: (settings) => writeFileAtomic(path, JSON.stringify(validSettings(settings), null, 2) + '\n', 0o600),
  }
}
