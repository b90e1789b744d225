import { nowText } from '../db/time'
import type { Db } from '../db/types'
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

/** The account id of a live session, extending its expiry; null when unknown or expired. */
export async function touchSession(db: Db, token: string, ttlMinutes: number, now = Date.now()): Promise<number | null> {
  const tokenHash = sha256Hex(token)
  const row = await db
    .selectFrom('session')
    .select(['adminId', 'expiresAt'])
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  if (!row) return null
  const renewed = now + ttlMinutes * 60_000
  if (renewed - row.expiresAt >= EXTEND_AFTER_MS) {
    await db.updateTable('session').set({ expiresAt: renewed }).where('tokenHash', '=', tokenHash).execute()
  }
  return row.adminId
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('session').where('tokenHash', '=', sha256Hex(token)).execute()
}
