import type { Kysely } from 'kysely'

/** Said of a training rejected before reasons were kept (its host unit sees this instead of nothing). */
export const UNRECORDED_REJECT_REASON = '驳回时未记录原因'

/**
 * 驳回 carries a reason (issue 32): the host unit sees it on the training list and in the
 * editor, and the operation log keeps it with the audit. A training already rejected
 * gets a reason saying none was recorded; passing clears it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('train').addColumn('reject_reason', 'varchar(200)').execute()
  await db.updateTable('train').set({ reject_reason: UNRECORDED_REJECT_REASON }).where('status', '=', -1).execute()
}
