import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Sorting by column (issue 31; src-shared/list-sort.ts): every column a list declares
 * sortable gets an index on (column, id), so a sorted page is read off the index in
 * either direction, ties in id order, instead of sorting the whole list per page. The
 * members' name and telephone have theirs since migration 0002.
 *
 * Names sort by code point on both dialects: on PostgreSQL the sorted name columns get
 * the "C" collation (as 0002 gave the members' name), else the order would follow the
 * database's locale and differ from SQLite's. The time columns are fixed-format text
 * (yyyy-MM-dd[ HH:mm:ss]), ordered alike by any collation, and train_start_time may not
 * change type anyway: the ledger's trigger names it (0014).
 */
const NAMES = [
  { table: 'train', column: 'name', type: 'varchar(100)' },
  { table: 'news', column: 'title', type: 'varchar(50)' },
  { table: 'course', column: 'name', type: 'varchar(100)' },
] as const

const TIMES = [
  { table: 'news', column: 'entry_time' },
  { table: 'course', column: 'create_time' },
] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  for (const { table, column, type } of NAMES) {
    if (d.name === 'postgres') await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} TYPE ${sql.raw(type)} COLLATE "C"`.execute(db)
    await db.schema.createIndex(`${table}_${column}_id_idx`).on(table).columns([column, 'id']).execute()
  }
  for (const { table, column } of TIMES) await db.schema.createIndex(`${table}_${column}_id_idx`).on(table).columns([column, 'id']).execute()
  // The training list's own order (newest start first) reads the same index backwards.
  await db.schema.dropIndex('train_train_start_time_idx').execute()
  await db.schema.createIndex('train_train_start_time_id_idx').on('train').columns(['train_start_time', 'id']).execute()
}
