import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/** Screen ids of 培训班管理 and of the new 审核 (src-shared/permissions.ts). */
const TRAIN_SCREEN = 201
const AUDIT_SCREEN = 203

/**
 * Hardening (issue 16):
 *  - a role belongs to a tree (`owner_org_id`, the top organisation; null: province-wide,
 *    changed only by accounts without a member). An existing role held only by accounts
 *    of one tree becomes that tree's; any other stays province-wide. Titles are unique
 *    per owner: earlier duplicates get a numbered suffix.
 *  - 审核 is its own screen permission: every role that could edit trainings keeps
 *    auditing them, so nobody loses a function.
 *  - `rate_limit`: the request counters of @fastify/rate-limit, shared by WORKERS and
 *    servers on one database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await db.schema.alterTable('role').addColumn('owner_org_id', 'integer').execute()
  await sql`
    UPDATE role SET owner_org_id = (
      SELECT min(coalesce(m.top_org_id, m.org_id)) FROM admin a JOIN member m ON m.id = a.member_id WHERE a.role_id = role.id
    )
    WHERE EXISTS (SELECT 1 FROM admin a WHERE a.role_id = role.id)
      AND NOT EXISTS (SELECT 1 FROM admin a WHERE a.role_id = role.id AND a.member_id IS NULL)
      AND (SELECT count(DISTINCT coalesce(m.top_org_id, m.org_id)) FROM admin a JOIN member m ON m.id = a.member_id WHERE a.role_id = role.id) = 1
  `.execute(db)
  const duplicates = await sql<{ id: number; title: string }>`
    SELECT r.id, r.title FROM role r
    WHERE EXISTS (SELECT 1 FROM role o WHERE o.title = r.title AND coalesce(o.owner_org_id, 0) = coalesce(r.owner_org_id, 0) AND o.id < r.id)
    ORDER BY r.id`.execute(db)
  for (const row of duplicates.rows) {
    await sql`UPDATE role SET title = ${`${row.title}（${row.id}）`} WHERE id = ${row.id}`.execute(db)
  }
  await sql`CREATE UNIQUE INDEX role_owner_title_idx ON role ((coalesce(owner_org_id, 0)), title)`.execute(db)

  await sql`
    INSERT INTO role_permission (role_id, permission_id)
    SELECT role_id, ${AUDIT_SCREEN} FROM role_permission WHERE permission_id = ${TRAIN_SCREEN}`.execute(db)

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', d.bigInt, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limit_reset_at_idx').on('rate_limit').column('reset_at').execute()
  await db.schema.createIndex('upload_created_by_idx').on('upload').column('created_by').execute()
}
