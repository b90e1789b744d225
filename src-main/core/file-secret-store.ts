import { readFile, rm } from 'node:fs/promises'
import { writeFileAtomic } from './atomic-write'
import type { SecretStore } from './session'

/**
 * The token in a file readable only by its owner (mode 0600), for the web host and
 * tests. Electron keeps it encrypted with safeStorage instead.
 */
export function fileSecretStore(path: string): SecretStore {
  return {
    async get() {
      try {
        const value = (await readFile(path, 'utf8')).trim()
        return value || null
      } catch {
        return null
      }
    },
    set: (value) => writeFileAtomic(path, value, 0o600),
    clear: () => rm(path, { force: true }),
  }
}
