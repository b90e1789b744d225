import { sql, type Kysely } from 'kysely'

/**
 * Idempotency keys belong to the account that sent them: the key alone was global, so a
 * key another account had used (by chance or on purpose) answered that account's
 * stored result without applying anything. The table is rebuilt with the primary key
 * (admin_id, key), its rows kept — SQLite cannot change a primary key in place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_key_by_account')
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('route', 'varchar(60)', (c) => c.notNull())
    // The answer given the first time, JSON: a replay gets exactly it.
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_key_by_account_pk', ['admin_id', 'key'])
    .execute()
  await sql`insert into idempotency_key_by_account (admin_id, key, route, result, created_at)
    select admin_id, key, route, result, created_at from idempotency_key`.execute(db)
  await db.schema.dropTable('idempotency_key').execute()
  await db.schema.alterTable('idempotency_key_by_account').renameTo('idempotency_key').execute()
}
