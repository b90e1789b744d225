import { AppError, ErrorKey } from '../../src-shared/errors'
import { decryptLoginPayload } from '../../src-shared/login-crypto'
import { LoginFormSchema } from '../../src-shared/schemas/auth'
import type { Db } from '../db/types'
import { zodFailure } from '../http/validation'
import type { ServerOptions } from '../options'
import { consumeCaptcha } from './captcha'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { createSession } from './sessions'

export const MAX_FAILED_ATTEMPTS = 5
export const LOCK_MS = 15 * 60_000
/** Failed sign-ins one address may make in IP_WINDOW_MS before it is refused. */
export const IP_MAX_FAILURES = 20
export const IP_WINDOW_MS = 10 * 60_000

const minutesLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 60_000))

function lockedError(until: number, now: number): AppError {
  return new AppError(ErrorKey.ACCOUNT_LOCKED, `密码错误次数过多，账号已锁定，请 ${minutesLeft(until, now)} 分钟后再试`)
}

/**
 * When the account is locked, until when. Unknown usernames "lock" the same way
 * (counted from recent failures) so that the answers never reveal which accounts exist.
 */
async function lockedUntil(db: Db, username: string, account: { lockedUntil: number | null } | undefined, now: number) {
  if (account) return account.lockedUntil !== null && account.lockedUntil > now ? account.lockedUntil : null
  const recent = await db
    .selectFrom('loginFailure')
    .select('at')
    .where('username', '=', username)
    .where('at', '>', now - LOCK_MS)
    .orderBy('at', 'desc')
    .limit(MAX_FAILED_ATTEMPTS)
    .execute()
  return recent.length >= MAX_FAILED_ATTEMPTS ? recent[MAX_FAILED_ATTEMPTS - 1].at + LOCK_MS : null
}

/** Records a failed password; returns the lock end when this failure locks the account. */
async function recordFailure(db: Db, ip: string, username: string, accountId: number | undefined, now: number) {
  await db.deleteFrom('loginFailure').where('at', '<=', now - Math.max(LOCK_MS, IP_WINDOW_MS)).execute()
  await db.insertInto('loginFailure').values({ ip, username, at: now }).execute()
  if (accountId === undefined) return lockedUntil(db, username, undefined, now)
  const row = await db
    .updateTable('admin')
    .set((eb) => ({ failedCount: eb('failedCount', '+', 1) }))
    .where('id', '=', accountId)
    .returning('failedCount')
    .executeTakeFirstOrThrow()
  if (row.failedCount < MAX_FAILED_ATTEMPTS) return null
  // The counter restarts so that after the lock the account gets the full number of tries again.
  await db.updateTable('admin').set({ failedCount: 0, lockedUntil: now + LOCK_MS }).where('id', '=', accountId).execute()
  return now + LOCK_MS
}

/**
 * The sign-in of spec 000 §5/§7: decrypt the payload, refuse a spraying address,
 * check (and spend) the captcha, then the password. Returns a new session token.
 * `identify` learns the account name typed as soon as it is readable (for the log).
 */
export async function signIn(
  db: Db,
  options: ServerOptions,
  payloadHex: string,
  ip: string,
  identify: (username: string) => void = () => {},
  now = Date.now(),
): Promise<string> {
  const decrypted = decryptLoginPayload(payloadHex, options.loginAesKey)
  if (decrypted === undefined) throw new AppError(ErrorKey.PAYLOAD_INVALID)
  const parsed = LoginFormSchema.safeParse(decrypted)
  if (!parsed.success) throw zodFailure(parsed.error.issues)
  const { username, password, checkCode, checkCodeId } = parsed.data
  identify(username)

  const { count } = await db
    .selectFrom('loginFailure')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ip', '=', ip)
    .where('at', '>', now - IP_WINDOW_MS)
    .executeTakeFirstOrThrow()
  if (count >= IP_MAX_FAILURES) throw new AppError(ErrorKey.RATE_LIMITED, '登录失败次数过多，请 10 分钟后再试')

  if (!(await consumeCaptcha(db, checkCodeId, checkCode, now))) throw new AppError(ErrorKey.CAPTCHA_INVALID)

  const account = await db
    .selectFrom('admin')
    .select(['id', 'passwordHash', 'lockedUntil'])
    .where('name', '=', username)
    .executeTakeFirst()
  const locked = await lockedUntil(db, username, account, now)
  if (locked !== null) throw lockedError(locked, now)

  const ok = account ? await verifyPassword(password, account.passwordHash) : await verifyAgainstDummy(password)
  if (!account || !ok) {
    const lockEnd = await recordFailure(db, ip, username, account?.id, now)
    throw lockEnd !== null ? lockedError(lockEnd, now) : new AppError(ErrorKey.BAD_CREDENTIALS)
  }
  await db.updateTable('admin').set({ failedCount: 0, lockedUntil: null }).where('id', '=', account.id).execute()
  return createSession(db, account.id, options.tokenTtlMinutes, now)
}
