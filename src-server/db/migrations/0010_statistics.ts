import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The learning-hours ledger's yearly targets (one row, id 1; absent means the
 * defaults 32 and 56), and an index the statistics read instead of the table: a
 * year's trainings by start time with their host, class type and sign-up count, so
 * the per-year aggregates of 20 000 trainings never touch the wide training rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, _d: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('hour_target')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('member_hours', 'integer', (c) => c.notNull())
    .addColumn('cadre_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('train_statistics_idx')
    .on('train')
    .columns(['train_start_time', 'org_id', 'class_type', 'all_num'])
    .execute()
  await db.schema.createIndex('train_class_type_num_idx').on('train').columns(['class_type', 'org_id', 'all_num']).execute()
  // All years per host unit: grouped in index order without reading the rows.
  await db.schema.createIndex('train_org_num_idx').on('train').columns(['org_id', 'all_num']).execute()
}
