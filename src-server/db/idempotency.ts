import type { Db } from './types'
import { nowText } from './time'

/**
 * Idempotency keys of queued saves (per account, migration 0013). A save claims its key
 * first thing in its transaction and stores its answer under it before committing; a
 * copy that finds the key taken answers the stored result. The claim is an insert that
 * does nothing on a taken key: on PostgreSQL it waits for an uncommitted claim of the
 * same key to commit or roll back, so simultaneous copies are put in a line by the key
 * itself (an advisory lock would need its own release on every path).
 */

/** Thrown inside a save's transaction whose key another delivery already processed: rolls it back. */
export class AlreadyProcessed extends Error {}

/** Takes the key for this transaction; false when another delivery holds (has committed) it. */
export async function claimKey(trx: Db, adminId: number, key: string, route: string): Promise<boolean> {
  const row = await trx
    .insertInto('idempotencyKey')
    // The answer is written at the end of the same transaction: no one ever reads this one.
    .values({ key, route, adminId, result: 'null', createdAt: nowText() })
    .onConflict((oc) => oc.columns(['adminId', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst()
  return row !== undefined
}

/** The answer a claimed key gives from now on. */
export async function storeResult(trx: Db, adminId: number, key: string, result: unknown): Promise<void> {
  await trx.updateTable('idempotencyKey').set({ result: JSON.stringify(result) }).where('adminId', '=', adminId).where('key', '=', key).execute()
}

/** The processed result of an account's idempotency key, if it was processed. */
export async function storedResult(db: Db, adminId: number, key: string): Promise<unknown> {
  const row = await db.selectFrom('idempotencyKey').select('result').where('adminId', '=', adminId).where('key', '=', key).executeTakeFirst()
  return row ? JSON.parse(row.result) : undefined
}
