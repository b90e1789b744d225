import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Organisations and members at province scale (170 000 organisations, millions of
 * members). Every list query is an index range with its order given by the index:
 *
 * - members carry their organisation's `path` (`org_path`), so "this organisation's
 *   subtree" is one range over (org_path, id) instead of a join over the org table;
 * - name and telephone filters are prefixes, i.e. ranges over (name, id) and
 *   (telephone), or (top_org_id, …) for an account limited to its own top organisation;
 * - children of a node come in their display order from (parent_id, sort_number, id).
 *
 * Prefix ranges compare text bytewise. SQLite does by default; on PostgreSQL these
 * columns get the "C" collation so that the same range (and its index) means the same
 * thing whatever the database's locale (see src-server/db/prefix.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  if (d.name === 'postgres') {
    await db.schema.dropIndex('org_path_idx').execute()
    await sql`ALTER TABLE org ALTER COLUMN path TYPE varchar(500) COLLATE "C"`.execute(db)
    await sql`ALTER TABLE member ALTER COLUMN name TYPE varchar(50) COLLATE "C"`.execute(db)
    await sql`ALTER TABLE member ALTER COLUMN telephone TYPE varchar(20) COLLATE "C"`.execute(db)
    await sql`ALTER TABLE member ADD COLUMN org_path varchar(500) COLLATE "C" NOT NULL DEFAULT ''`.execute(db)
  } else {
    await db.schema.dropIndex('org_path_idx').execute()
    await db.schema.alterTable('member').addColumn('org_path', 'varchar(500)', (c) => c.notNull().defaultTo('')).execute()
  }
  await db.schema.createIndex('org_path_idx').on('org').column('path').execute()
  await sql`UPDATE member SET org_path = (SELECT org.path FROM org WHERE org.id = member.org_id)`.execute(db)

  await db.schema.dropIndex('org_parent_id_idx').execute()
  await db.schema.createIndex('org_parent_sort_idx').on('org').columns(['parent_id', 'sort_number', 'id']).execute()

  await db.schema.dropIndex('member_name_idx').execute()
  await db.schema.dropIndex('member_top_org_id_idx').execute()
  await db.schema.createIndex('member_name_id_idx').on('member').columns(['name', 'id']).execute()
  await db.schema.createIndex('member_top_name_idx').on('member').columns(['top_org_id', 'name', 'id']).execute()
  await db.schema.createIndex('member_top_telephone_idx').on('member').columns(['top_org_id', 'telephone']).execute()
  await db.schema.createIndex('member_org_path_idx').on('member').columns(['org_path', 'id']).execute()
}
