import type { Kysely } from 'kysely'

/**
 * A password set by another administrator must be changed at the account's next sign-in
 * (issue 31): `must_change_password` is 1 until the account's own user has changed it.
 * Existing accounts (the first-run and demo ones among them) are not flagged.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
