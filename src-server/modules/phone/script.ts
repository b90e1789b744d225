import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The phone pages' one script (src-phone, built by `npm run build` to out/phone/phone.js),
 * read once per process. It is found by walking up from this module: from a checkout
 * (src-server/modules/phone) and from the packaged app (out/main in the asar) alike.
 */
export const PHONE_SCRIPT_FILE = join('out', 'phone', 'phone.js')

export interface PhoneScript {
  text: string
  /** A short hash of the text: the pages ask for `/m/phone.js?v=<version>`, so a phone keeps it until it changes. */
  version: string
}

function findScript(from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, PHONE_SCRIPT_FILE)
    if (existsSync(file)) return file
    if (dirname(dir) === dir) return null
  }
}

let loaded: PhoneScript | null = null

/** The built script, or null when it was never built (a checkout before `npm run build`). */
export function phoneScript(): PhoneScript | null {
  if (loaded) return loaded
  const file = findScript(dirname(fileURLToPath(import.meta.url)))
  if (!file) return null
  const text = readFileSync(file, 'utf8')
  loaded = { text, version: createHash('sha256').update(text).digest('hex').slice(0, 12) }
  return loaded
}
