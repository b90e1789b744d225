import type { Kysely } from 'kysely'

/**
 * A password set by another administrator must be changed at the account's next sign-in
 * (issue 31): `must_renew` is 1 until the account's own user has changed it.
 * Existing accounts (the first-run and demo ones among them) are not flagged. Not named
 * after the password: the operation log hides every field whose name says password
 * (http/audit.ts), and this flag is no secret.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin').addColumn('must_renew', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
