import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Db } from '../db/types'

/**
 * Wrong passwords slow down the address that types them, never lock the account
 * (issue 16; the member sign-in too, issue 25): a stranger's guesses must not shut the
 * real user out, and one office or exam hall behind one NAT address must not shut out
 * its colleagues. The counters live in the database (`login_failure`), so every server
 * instance sees the same ones.
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
async function waitUntil(db: Db, ip: string, name: string, now: number): Promise<number | null> {
  const recent = await db
    .selectFrom('loginFailure')
    .select('at')
    .where('username', '=', name)
    .where('ip', '=', ip)
    .where('at', '>', now - FAILURE_WINDOW_MS)
    .orderBy('at', 'desc')
    .limit(64)
    .execute()
  if (recent.length === 0) return null
  const until = recent[0].at + delayAfter(recent.length)
  return until > now ? until : null
}

/** Throws RATE_LIMITED while this address must still wait before trying `name` again. */
export async function assertMayTry(db: Db, ip: string, name: string, now: number): Promise<void> {
  const wait = await waitUntil(db, ip, name, now)
  if (wait !== null) throw waitError(wait, now)
}

/**
 * Records a wrong password of `name` from `ip` and returns the failure to answer: the
 * wait it now imposes, else `wrong` (the route's own 'wrong name or password').
 */
export async function failedAttempt(db: Db, ip: string, name: string, now: number, wrong: AppError): Promise<AppError> {
  await db.deleteFrom('loginFailure').where('at', '<=', now - FAILURE_WINDOW_MS).execute()
  await db.insertInto('loginFailure').values({ ip, username: name, at: now }).execute()
  const next = await waitUntil(db, ip, name, now)
  return next !== null ? waitError(next, now) : wrong
}

/** A right password forgets this address's failures of `name`. */
export async function forgetFailures(db: Db, ip: string, name: string): Promise<void> {
  await db.deleteFrom('loginFailure').where('username', '=', name).where('ip', '=', ip).execute()
}
