import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Training classes with their sign-in windows, attachments and schedule; sign-ups
 * and check-ins. Only the stored part of the status (0, 10, 30, -1) is kept: the
 * live states after publishing follow from the times (src-shared/training-status.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const text = (n: number) => `varchar(${n})` as const
  const time = text(19)

  await d
    .withId(db.schema.createTable('train'))
    .addColumn('name', text(100), (c) => c.notNull())
    // The hosting organisation: a scope check is a path prefix on it. "其他" hosts are the root.
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
    .addColumn('dep_name', text(100), (c) => c.notNull())
    .addColumn('is_train_center', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('send_object', text(200), (c) => c.notNull())
    .addColumn('class_type', 'integer', (c) => c.notNull())
    .addColumn('class_type_name', text(50))
    .addColumn('create_time', time, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull())
    .addColumn('train_start_time', time, (c) => c.notNull())
    .addColumn('train_end_time', time, (c) => c.notNull())
    .addColumn('class_hour', 'integer', (c) => c.notNull())
    .addColumn('site', text(200), (c) => c.notNull())
    .addColumn('address', text(60), (c) => c.notNull())
    .addColumn('participants', text(500), (c) => c.notNull())
    .addColumn('sign_up_marks', text(500))
    .addColumn('sign_up_start_time', time, (c) => c.notNull())
    .addColumn('sign_up_end_time', time, (c) => c.notNull())
    .addColumn('max_num', 'integer', (c) => c.notNull())
    // Kept by the same statement that admits a sign-up, so capacity holds under concurrency.
    .addColumn('all_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name1', text(50), (c) => c.notNull())
    .addColumn('telephone1', text(30), (c) => c.notNull())
    .addColumn('name2', text(50))
    .addColumn('telephone2', text(30))
    .addColumn('name3', text(50))
    .addColumn('telephone3', text(30))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('token_value', text(64), (c) => c.notNull())
    .addColumn('check_in_secret', text(64), (c) => c.notNull())
    .addColumn('word_path', text(100))
    .addColumn('resource_url', text(200))
    .addColumn('we_chat_codes', text(200))
    .addColumn('sign_up_options', text(100), (c) => c.notNull())
    .addColumn('sign_up_tips', text(500))
    .addColumn('sign_up_tips2', text(2000))
    .addColumn('sign_up_tips3', text(2000))
    .addColumn('use_seat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pdf_url', text(200))
    .addColumn('is_field', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_number', 'integer')
    .addColumn('column_number', 'integer')
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  for (const column of ['org_id', 'train_start_time', 'class_type']) {
    await db.schema.createIndex(`train_${column}_idx`).on('train').column(column).execute()
  }

  await d
    .withId(db.schema.createTable('train_sign_in'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('sign_in_start_time', time, (c) => c.notNull())
    .addColumn('sign_in_end_time', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('train_sign_in_train_id_idx').on('train_sign_in').column('train_id').execute()

  await d
    .withId(db.schema.createTable('train_resource'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('resource_name', text(200), (c) => c.notNull())
    .addColumn('resource_url', text(200), (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('train_resource_train_id_idx').on('train_resource').column('train_id').execute()

  await d
    .withId(db.schema.createTable('train_schedule'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('start_time', time, (c) => c.notNull())
    .addColumn('end_time', time, (c) => c.notNull())
    .addColumn('content', text(500), (c) => c.notNull())
    .execute()
  await db.schema.createIndex('train_schedule_train_id_idx').on('train_schedule').column('train_id').execute()

  await d
    .withId(db.schema.createTable('train_sign_up'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('name', text(50), (c) => c.notNull())
    .addColumn('telephone', text(20), (c) => c.notNull())
    .addColumn('gender', 'integer')
    .addColumn('nation', text(30))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id'))
    .addColumn('company', text(100))
    .addColumn('department', text(100))
    .addColumn('jobs', text(100))
    .addColumn('party_jobs', text(100))
    .addColumn('tenure_time', text(7))
    .addColumn('same_tenure_year', 'integer')
    .addColumn('cards_number', text(18))
    .addColumn('arrival_type', text(20))
    .addColumn('arrival_time', time)
    .addColumn('need_focus_driver', 'integer')
    .addColumn('need_room', 'integer')
    .addColumn('traffic', text(50))
    .addColumn('need_reception', 'integer')
    .addColumn('need_see_off', 'integer')
    .addColumn('need_leave', 'integer')
    .addColumn('with_car', 'integer')
    .addColumn('need_driver_room', 'integer')
    .addColumn('reason', text(500))
    .addColumn('marks', text(500))
    .addColumn('source', text(10), (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    // One sign-up per member per training.
    .addUniqueConstraint('train_sign_up_train_member_uq', ['train_id', 'member_id'])
    .execute()
  for (const column of ['member_id', 'org_id', 'name']) {
    await db.schema.createIndex(`train_sign_up_${column}_idx`).on('train_sign_up').column(column).execute()
  }
  // A training's sign-ups in id order: lists, and exports read in id-keyed batches.
  await db.schema.createIndex('train_sign_up_train_id_id_idx').on('train_sign_up').columns(['train_id', 'id']).execute()

  await d
    .withId(db.schema.createTable('train_check_in'))
    .addColumn('sign_up_id', 'integer', (c) => c.notNull().references('train_sign_up.id').onDelete('cascade'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('sign_in_id', 'integer', (c) => c.notNull().references('train_sign_in.id').onDelete('cascade'))
    .addColumn('check_in_time', time, (c) => c.notNull())
    // One check-in per person per sign-in window.
    .addUniqueConstraint('train_check_in_sign_up_window_uq', ['sign_up_id', 'sign_in_id'])
    .execute()
  await db.schema.createIndex('train_check_in_train_id_idx').on('train_check_in').column('train_id').execute()
}
