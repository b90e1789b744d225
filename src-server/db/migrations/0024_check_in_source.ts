import type { Kysely } from 'kysely'

/**
 * How each check-in came about (issue 26): `mobile` (the member's phone at the venue
 * screen — every check-in written before this migration), `door` (the clerk's 签到台,
 * online or replayed from a console's offline queue) or `manual` (补签 by an office user,
 * with its `reason`, also kept in the operation log).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('train_check_in').addColumn('source', 'varchar(10)', (c) => c.notNull().defaultTo('mobile')).execute()
  await db.schema.alterTable('train_check_in').addColumn('reason', 'varchar(200)').execute()
}
