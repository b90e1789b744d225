import { sql, type Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The SMS provider as the console configures it (系统管理 → 短信设置): one row, id 1.
 * The keys are one AES-GCM sealed text (`secrets`, see sms/settings-secret.ts), never
 * stored or answered in clear. Each sent message keeps the provider's message id
 * (`provider_receipt`: the provider's text, not a reference to a row of ours), so 已发送
 * names what the provider accepted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, _d: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('sms_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('sign_name', 'varchar(30)')
    .addColumn('template_code', 'varchar(50)')
    .addColumn('gateway_url', 'varchar(500)')
    .addColumn('secrets', 'varchar(2000)')
    .addColumn('updated_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema.alterTable('sms_message').addColumn('provider_receipt', 'varchar(100)').execute()
  // The super user's role (1) holds every screen: 短信设置 (804) too on an existing database.
  // (A database seeded by this code before the migration ran already holds it.)
  await sql`insert into role_permission (role_id, permission_id) select id, 804 from role where id = 1 and not exists (select 1 from role_permission where role_id = 1 and permission_id = 804)`.execute(db)
}
