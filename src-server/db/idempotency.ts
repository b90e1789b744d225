import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Audit } from '../http/audit'
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

/** A key of one kind of write replayed on another: its stored answer is not this route's. */
export const KEY_OF_ANOTHER_WRITE = '该操作编号已用于其他操作，请刷新后重试'

/**
 * The processed result of an account's idempotency key for `route`, if it was processed.
 * A key the account used for another route is refused (CONFLICT), never answered with
 * that route's result: the answer would not be this route's, nor what happened. A replay
 * answered from its stored result changed nothing: the call's log entry says so (`audit`).
 */
export async function storedResult(db: Db, adminId: number, key: string, route: string, audit: Pick<Audit, 'unchanged'>): Promise<unknown> {
  const row = await db.selectFrom('idempotencyKey').select(['result', 'route']).where('adminId', '=', adminId).where('key', '=', key).executeTakeFirst()
  if (!row) return undefined
  if (row.route !== route) throw new AppError(ErrorKey.CONFLICT, KEY_OF_ANOTHER_WRITE)
  audit.unchanged()
  return JSON.parse(row.result)
}
