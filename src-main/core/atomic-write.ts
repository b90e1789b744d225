import { randomBytes } from 'node:crypto'
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Writes a file so that a crash never leaves it half-written: the text goes to a
 * temporary file in the same folder (created with `mode`), which then replaces the
 * target. The chmod covers a target that existed with looser permissions.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, data, { mode })
  await chmod(temp, mode)
  await rename(temp, path)
}
