import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { ServerOptions } from './options'

/**
 * The key that seals secrets the console saves in the database (the SMS provider's keys):
 * AES-256-GCM, so a copy of the database alone (a backup, a dump) does not give them away.
 * The key is SETTINGS_SECRET when set (servers on several hosts sharing one database must
 * share it), else a random key kept in a file beside the upload folder, made on first use.
 * Not LOGIN_AES_KEY: every console holds that one.
 */
type KeyOptions = Pick<ServerOptions, 'settingsSecret' | 'uploadDir'>

const FORMAT = 'v1'
const keys = new Map<string, Promise<Buffer>>()

/** The key file of a server without SETTINGS_SECRET: `settings.key` in the folder holding the uploads (data/, the desktop's data folder). */
export function settingsKeyFile(options: KeyOptions): string {
  return join(dirname(resolve(options.uploadDir)), 'settings.key')
}

async function keyFromFile(file: string): Promise<Buffer> {
  const read = async () => Buffer.from((await readFile(file, 'utf8')).trim(), 'hex')
  try {
    return await read()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  // Written aside and linked into place: processes starting together keep the first key.
  await mkdir(dirname(file), { recursive: true })
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(aside, randomBytes(32).toString('hex'), { mode: 0o600 })
  await link(aside, file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err
  })
  await rm(aside, { force: true })
  return read()
}

export function settingsKey(options: KeyOptions): Promise<Buffer> {
  const source = options.settingsSecret ? `secret:${options.settingsSecret}` : `file:${settingsKeyFile(options)}`
  let key = keys.get(source)
  if (!key) {
    key = options.settingsSecret
      ? Promise.resolve(Buffer.from(hkdfSync('sha256', options.settingsSecret, 'party-edu', 'settings', 32)))
      : keyFromFile(settingsKeyFile(options))
    keys.set(source, key)
    key.catch(() => keys.delete(source))
  }
  return key
}

/** `purpose` binds the sealed text to its place (a sealed text moved to another column does not open). */
export function seal(key: Buffer, purpose: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(purpose))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [FORMAT, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64'))).join('.')
}

/** The plain text, or an error when the key differs from the one that sealed it. */
export function unseal(key: Buffer, purpose: string, sealed: string): string {
  const [format, iv, tag, body] = sealed.split('.')
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('密文格式无效')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64')).setAAD(Buffer.from(purpose))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8')
}
