import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { UserInfo } from '../../../src-shared/schemas/auth'
import type { LocalDb, ReadCache } from '../cache/local-store'

const NO_OFFLINE_ACCOUNT = '无法连接服务器：离线时只能用本机上次登录的账号和密码登录'

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>
const KEY_BYTES = 32
const FAILURES = 'offlineSignIn.failures'
const NEXT_AT = 'offlineSignIn.nextAt'

/** The wait before the next offline attempt after `failures` wrong ones: 1 s doubling, at most 30 s. */
export const offlineSignInDelay = (failures: number) => (failures > 0 ? Math.min(1000 * 2 ** (failures - 1), 30_000) : 0)

// Unref'd: a core closing during a wait must not be kept alive by it.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

async function verifierOf(password: string): Promise<string> {
  const salt = randomBytes(16)
  return `${salt.toString('hex')}:${(await scryptAsync(password, salt, KEY_BYTES)).toString('hex')}`
}

async function matches(verifier: string, password: string): Promise<boolean> {
  const [salt, hash] = verifier.split(':')
  const given = await scryptAsync(password, Buffer.from(salt, 'hex'), KEY_BYTES)
  return timingSafeEqual(given, Buffer.from(hash, 'hex'))
}

/**
 * The account that last signed in online on this computer, for signing in while the server
 * cannot be reached: a salted scrypt verifier of its password (never the password). Wrong
 * passwords are answered after a growing delay, kept in the local store so that a restart
 * does not reset it; attempts are checked one at a time, so parallel guesses wait in line.
 */
export function createOfflineSignIn(db: LocalDb, cache: ReadCache) {
  let queue: Promise<unknown> = Promise.resolve()
  const row = () => db.prepare<[], { username: string; verifier: string; user: string }>('SELECT username, verifier, user FROM last_account WHERE id = 1').get()

  function failed(): void {
    const failures = Number(cache.meta(FAILURES) ?? 0) + 1
    cache.setMeta(FAILURES, String(failures))
    cache.setMeta(NEXT_AT, String(Date.now() + offlineSignInDelay(failures)))
  }
  function succeeded(): void {
    cache.setMeta(FAILURES, '0')
    cache.setMeta(NEXT_AT, '0')
  }

  async function attempt(username: string, password: string): Promise<UserInfo> {
    const wait = Number(cache.meta(NEXT_AT) ?? 0) - Date.now()
    if (wait > 0) await sleep(wait)
    const last = row()
    if (!last) throw new AppError(ErrorKey.OFFLINE, NO_OFFLINE_ACCOUNT)
    // Another name is a wrong guess too, and answered alike: the page says which account signs in offline.
    if (last.username !== username || !(await matches(last.verifier, password))) {
      failed()
      throw new AppError(ErrorKey.BAD_CREDENTIALS, '用户名或密码错误')
    }
    succeeded()
    return JSON.parse(last.user) as UserInfo
  }

  return {
    /** An online sign-in succeeded: its verifier replaces the last one, and earlier failures are forgiven. */
    async remember(username: string, password: string, user: UserInfo): Promise<void> {
      const verifier = await verifierOf(password)
      db.prepare('INSERT INTO last_account (id, username, verifier, user, at) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET username = excluded.username, verifier = excluded.verifier, user = excluded.user, at = excluded.at').run(
        username,
        verifier,
        JSON.stringify(user),
        Date.now(),
      )
      succeeded()
    },
    /** The account, if `password` is its password; refused (after the delay earned by earlier failures) otherwise. */
    check(username: string, password: string): Promise<UserInfo> {
      const turn = queue.then(() => attempt(username, password))
      queue = turn.catch(() => undefined)
      return turn
    },
    /** The last account without a password: a restored session's owner. */
    lastUser(): UserInfo | null {
      const last = row()
      return last ? (JSON.parse(last.user) as UserInfo) : null
    },
    /** The server changed: this account's password is checked by the new server, not against the old one's verifier. */
    forget(): void {
      db.prepare('DELETE FROM last_account').run()
      succeeded()
    },
  }
}
export type OfflineSignIn = ReturnType<typeof createOfflineSignIn>
