import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The operation log: one row per write call through the API (and per sign-in), with
 * who, when, which route, which record and that record before and after as JSON.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await d
    .withId(db.schema.createTable('operation_log'))
    .addColumn('admin_id', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    // Kept as text so the entry still says who after the account is deleted or renamed.
    .addColumn('admin_name', 'varchar(50)')
    .addColumn('route', 'varchar(60)', (c) => c.notNull())
    .addColumn('module', 'varchar(30)', (c) => c.notNull())
    .addColumn('record_table', 'varchar(40)')
    .addColumn('record_id', 'integer')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('operation_log_created_at_idx').on('operation_log').column('created_at').execute()
  await db.schema.createIndex('operation_log_record_idx').on('operation_log').columns(['record_table', 'record_id']).execute()
  await db.schema.createIndex('operation_log_module_idx').on('operation_log').columns(['module', 'created_at']).execute()
}
