import type { Settings } from '../../src-shared/ipc'
import { settingsOrDefault, type SettingsStore } from '../core/settings'

/**
 * Settings in electron-store (`settings.json` in the data folder). The package is
 * ESM-only, so it is loaded with import() from the CommonJS main bundle.
 */
export async function electronSettingsStore(dataDir: string): Promise<SettingsStore> {
  const { default: Store } = await import('electron-store')
  const store = new Store<Settings>({ cwd: dataDir, name: 'settings' })
  return {
    get: async () => settingsOrDefault(store.store),
    set: async (settings) => {
      store.store = settings
    },
  }
}
