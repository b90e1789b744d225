import { sql, type Kysely } from 'kysely'
import { alignForeignKeys } from '../foreign-keys'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Every module has an owner (issue 25, docs/decisions.md): a notice belongs to the tree
 * of the organisation whose account made it (`owner_org_id`: the caller's scope, the root
 * for the super user). Notices made before were the province's: they go to the root.
 * Indexed: the notice lists filter by it (src-server/scope/kinds.ts). The other content
 * modules stay province-wide and need no column. The owner is a declared reference
 * (src-shared/references.ts): its foreign key is added as 0016 added the others.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await db.schema.alterTable('notice').addColumn('owner_org_id', 'integer').execute()
  await sql`UPDATE notice SET owner_org_id = (SELECT id FROM org WHERE parent_id IS NULL ORDER BY id LIMIT 1)`.execute(db)
  await db.schema.createIndex('notice_owner_org_idx').on('notice').column('owner_org_id').execute()
  await alignForeignKeys(db, d.name)
}
