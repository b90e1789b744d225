import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Organisations, members, roles, accounts, sessions, captchas, login failures and
 * uploads. Column names are snake_case; the application sees them camelCase.
 */
// Migrations are frozen history: they use Kysely<any>, not today's typed schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const text = (n: number) => `varchar(${n})` as const

  await d
    .withId(db.schema.createTable('org'))
    .addColumn('org_code', text(50), (c) => c.notNull().unique())
    .addColumn('name', text(100), (c) => c.notNull())
    .addColumn('short_name', text(50))
    .addColumn('parent_id', 'integer', (c) => c.references('org.id'))
    .addColumn('path', text(500), (c) => c.notNull())
    .addColumn('top_org_id', 'integer')
    .addColumn('org_type', text(20))
    .addColumn('area_name', text(100))
    .addColumn('secretary', text(50))
    .addColumn('has_committee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('committee_create', text(50))
    .addColumn('contacter', text(50))
    .addColumn('contact_phone', text(30))
    .addColumn('post_address', text(200))
    .addColumn('sort_number', 'integer', (c) => c.notNull().defaultTo(99999))
    .addColumn('created_at', text(19), (c) => c.notNull())
    .addColumn('updated_at', text(19), (c) => c.notNull())
    .execute()
  await db.schema.createIndex('org_parent_id_idx').on('org').column('parent_id').execute()
  // Subtree queries are `path LIKE '/1/7/%'`; PostgreSQL only uses a btree for LIKE
  // prefixes with the pattern operator class (the default collation is not "C").
  await (d.name === 'postgres'
    ? db.schema.createIndex('org_path_idx').on('org').expression(sql`path text_pattern_ops`)
    : db.schema.createIndex('org_path_idx').on('org').column('path')
  ).execute()

  await d
    .withId(db.schema.createTable('member'))
    .addColumn('name', text(50), (c) => c.notNull())
    .addColumn('gender', 'integer')
    .addColumn('telephone', text(20), (c) => c.notNull().unique())
    .addColumn('idcard', text(30))
    .addColumn('nation', text(30))
    .addColumn('avatar_url', text(200))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
    .addColumn('top_org_id', 'integer', (c) => c.references('org.id'))
    .addColumn('department', text(100))
    .addColumn('jobs', text(100))
    .addColumn('party_jobs', text(100))
    .addColumn('tenure_time', text(7))
    .addColumn('same_tenure_year', 'integer')
    .addColumn('pwd_hash', text(200))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text(19), (c) => c.notNull())
    .addColumn('updated_at', text(19), (c) => c.notNull())
    .execute()
  for (const column of ['org_id', 'top_org_id', 'name']) {
    await db.schema.createIndex(`member_${column}_idx`).on('member').column(column).execute()
  }

  await d
    .withId(db.schema.createTable('role'))
    .addColumn('title', text(50), (c) => c.notNull())
    .addColumn('remark', text(200))
    .addColumn('created_at', text(19), (c) => c.notNull())
    .addColumn('updated_at', text(19), (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permission_pk', ['role_id', 'permission_id'])
    .execute()

  await d
    .withId(db.schema.createTable('admin'))
    .addColumn('name', text(50), (c) => c.notNull().unique())
    .addColumn('password_hash', text(200), (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.references('role.id').onDelete('set null'))
    .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', d.bigInt)
    .addColumn('created_at', text(19), (c) => c.notNull())
    .addColumn('updated_at', text(19), (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('session')
    .addColumn('token_hash', text(64), (c) => c.primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admin.id').onDelete('cascade'))
    .addColumn('expires_at', d.bigInt, (c) => c.notNull())
    .addColumn('created_at', text(19), (c) => c.notNull())
    .execute()
  await db.schema.createIndex('session_admin_id_idx').on('session').column('admin_id').execute()
  await db.schema.createIndex('session_expires_at_idx').on('session').column('expires_at').execute()

  await db.schema
    .createTable('captcha')
    .addColumn('id', text(64), (c) => c.primaryKey())
    .addColumn('answer_hash', text(64), (c) => c.notNull())
    .addColumn('expires_at', d.bigInt, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('captcha_expires_at_idx').on('captcha').column('expires_at').execute()

  await d
    .withId(db.schema.createTable('login_failure'))
    .addColumn('ip', text(64), (c) => c.notNull())
    .addColumn('username', text(50), (c) => c.notNull())
    .addColumn('at', d.bigInt, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('login_failure_ip_at_idx').on('login_failure').columns(['ip', 'at']).execute()
  await db.schema.createIndex('login_failure_username_at_idx').on('login_failure').columns(['username', 'at']).execute()

  await d
    .withId(db.schema.createTable('upload'))
    .addColumn('path', text(100), (c) => c.notNull().unique())
    .addColumn('original_name', text(255), (c) => c.notNull())
    .addColumn('size', d.bigInt, (c) => c.notNull())
    .addColumn('mime', text(100), (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('created_at', text(19), (c) => c.notNull())
    .execute()
}
