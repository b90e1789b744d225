import { AppError, ErrorKey } from '../../src-shared/errors'
import { decryptLoginPayload } from '../../src-shared/login-crypto'
import { LoginFormSchema } from '../../src-shared/schemas/auth'
import type { Db } from '../db/types'
import { zodFailure } from '../http/validation'
import type { ServerOptions } from '../options'
import { consumeCaptcha } from './captcha'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { createSession } from './sessions'

/**
 * Wrong passwords slow down the address that types them, never lock the account
 * (issue 16): a stranger's guesses must not shut the real user out, and one office
 * behind one NAT address must not shut out its colleagues. Each attempt needs a fresh
 * captcha, and /api/login is rate-limited per address (http/rate-limit.ts).
 * After FREE_FAILURES failures of one name from one address within FAILURE_WINDOW_MS,
 * each next attempt from there waits FIRST_DELAY_MS, doubling up to MAX_DELAY_MS.
 */
export const FREE_FAILURES = 5
export const FIRST_DELAY_MS = 30_000
export const MAX_DELAY_MS = 15 * 60_000
export const FAILURE_WINDOW_MS = 60 * 60_000

/** How long after the last of `failures` failures the next attempt must wait. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES))
}

function waitError(until: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} 分钟` : `${seconds} 秒`
  return new AppError(ErrorKey.RATE_LIMITED, `密码错误次数过多，请 ${wait}后再试`)
}

/**
 * Until when this address must wait before trying this name again, or null. Unknown
 * names are counted the same way, so the answers never reveal which accounts exist.
 */
async function waitUntil(db: Db, ip: string, username: string, now: number): Promise<number | null> {
  const recent = await db
    .selectFrom('loginFailure')
    .select('at')
    .where('username', '=', username)
    .where('ip', '=', ip)
    .where('at', '>', now - FAILURE_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(64)
    .execute()
  if (recent.length === 0) return null
  const until = recent[0].at + delayAfter(recent.length)
  return until > now ? until : null
}

async function recordFailure(db: Db, ip: string, username: string, now: number): Promise<void> {
  await db.deleteFrom('loginFailure').where('at', '<=', now - FAILURE_WINDOW_MS).execute()
  await db.insertInto('loginFailure').values({ ip, username, at: now }).execute()
}

/**
 * The sign-in of spec 000 §5/§7: decrypt the payload, check (and spend) the captcha,
 * make a guessing address wait, then check the password. Returns a new session token.
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

  if (!(await consumeCaptcha(db, checkCodeId, checkCode, now))) throw new AppError(ErrorKey.CAPTCHA_INVALID)

  const wait = await waitUntil(db, ip, username, now)
  if (wait !== null) throw waitError(wait, now)

  const account = await db.selectFrom('admin').select(['id', 'passwordHash']).where('name', '=', username).executeTakeFirst()
  const ok = account ? await verifyPassword(password, account.passwordHash) : await verifyAgainstDummy(password)
  if (!account || !ok) {
    await recordFailure(db, ip, username, now)
    const next = await waitUntil(db, ip, username, now)
    throw next !== null ? waitError(next, now) : new AppError(ErrorKey.BAD_CREDENTIALS)
  }
  await db.deleteFrom('loginFailure').where('username', '=', username).where('ip', '=', ip).execute()
  return createSession(db, account.id, options.tokenTtlMinutes, now)
}
