import { preparedQuery, type QueryParams } from '../db/prepared'
import { nowText } from '../db/time'
import type { Db } from '../db/types'
import { accountWithMember, toAuthUser, type AuthUser } from './auth-user'
import { newToken, sha256Hex } from './tokens'

/**
 * Sessions live in the database (keyed by the token's hash) so that any server
 * instance can serve any request. Expiry slides: each use pushes it out again.
 */

// An extension is written only once the session has aged this much, so a burst of
// requests does not turn every read into a write.
const EXTEND_AFTER_MS = 60 * 1000

export async function createSession(db: Db, adminId: number, ttlMinutes: number, now = Date.now()): Promise<string> {
  const token = newToken()
  await db.deleteFrom('session').where('expiresAt', '<=', now).execute()
  await db
    .insertInto('session')
    .values({ tokenHash: sha256Hex(token), adminId, expiresAt: now + ttlMinutes * 60_000, createdAt: nowText() })
    .execute()
  return token
}

const liveSession = preparedQuery((db, p: QueryParams<{ tokenHash: string; now: number }>) =>
  accountWithMember(db)
    .innerJoin('session', 'session.adminId', 'admin.id')
    .select('session.expiresAt')
    .where('session.tokenHash', '=', p.tokenHash)
    .where('session.expiresAt', '>', p.now),
)

/**
 * The account behind a live session, extending its expiry; null when the token is
 * unknown or expired. Session, account, member, scope and permissions come in one
 * prepared query: this runs on every request.
 */
export async function sessionUser(db: Db, token: string, ttlMinutes: number, now = Date.now()): Promise<AuthUser | null> {
  const tokenHash = sha256Hex(token)
  const row = await liveSession.first(db, { tokenHash, now })
  if (!row) return null
  const renewed = now + ttlMinutes * 60_000
  if (renewed - row.expiresAt >= EXTEND_AFTER_MS) {
    await db.updateTable('session').set({ expiresAt: renewed }).where('tokenHash', '=', tokenHash).execute()
  }
  return toAuthUser(row)
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('session').where('tokenHash', '=', sha256Hex(token)).execute()
}

/**
 * Ends every session of the account but `kept` (the caller's own, when it changes its
 * own password or account): a new password or role then takes effect everywhere at once.
 */
export async function endSessionsExcept(db: Db, adminId: number, kept: string | undefined): Promise<void> {
  let query = db.deleteFrom('session').where('adminId', '=', adminId)
  if (kept) query = query.where('tokenHash', '!=', sha256Hex(kept))
  await query.execute()
}
