import { randomBytes } from 'node:crypto'
import { resolve, sep } from 'node:path'

/**
 * Uploads live under the upload folder as `yyyy/mm/<32 hex>.<ext>`: the server picks
 * every part of the path, so a client name can never choose where a file lands.
 */
export function newStoredPath(extension: string, now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  return `${now.getFullYear()}/${month}/${randomBytes(16).toString('hex')}.${extension}`
}

/** Absolute location of a stored path; refuses anything that would leave the folder. */
export function absoluteStoredPath(uploadDir: string, storedPath: string): string {
  const root = resolve(uploadDir)
  const full = resolve(root, storedPath)
  if (!full.startsWith(root + sep)) throw new Error(`Stored path escapes the upload folder: ${storedPath}`)
  return full
}

/** The client's file name without any folder part, as shown back to users. */
export function displayName(clientName: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? ''
  return base.trim().slice(-255) || 'file'
}
