import { readFile, rm } from 'node:fs/promises'
import { safeStorage } from 'electron'
import { writeFileAtomic } from '../core/atomic-write'
import type { SecretStore } from '../core/session'

/**
 * Real encryption only: on Linux without a keyring safeStorage falls back to a fixed
 * key ('basic_text'), which hides nothing.
 */
function canEncrypt(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false
  return !(process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
}

/**
 * The token encrypted by the operating system's key store (DPAPI, Keychain,
 * libsecret) in a 0600 file. Where none is available the token is not written at
 * all: the user signs in again at the next launch.
 */
export function safeStorageSecretStore(path: string): SecretStore {
  return {
    async get() {
      if (!canEncrypt()) return null
      try {
        return safeStorage.decryptString(await readFile(path)) || null
      } catch {
        return null
      }
    },
    async set(value) {
      if (canEncrypt()) await writeFileAtomic(path, safeStorage.encryptString(value), 0o600)
    },
    clear: () => rm(path, { force: true }),
  }
}
