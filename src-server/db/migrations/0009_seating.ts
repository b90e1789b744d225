import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Venue seating: a training's seats and seat pictures, the plan's revision, and the
 * idempotency keys of processed saves (ARCHITECTURE.md rules 7 and 11).
 *
 * The two unique constraints are what guarantees that no person holds two seats and no
 * seat holds two people in one training, whatever order concurrent saves arrive in;
 * the handlers' own checks only turn the common cases into clear messages.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  // Raised by every change of the plan: an offline edit names the revision it started from.
  await db.schema.alterTable('train').addColumn('seat_revision', 'integer', (c) => c.notNull().defaultTo(0)).execute()

  await d
    .withId(db.schema.createTable('train_member_location'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column_number', 'integer', (c) => c.notNull())
    .addColumn('group_number', 'integer')
    // An empty seat (kept for its group) has no sign-up; a deleted sign-up leaves its seat empty.
    .addColumn('sign_up_id', 'integer', (c) => c.references('train_sign_up.id').onDelete('set null'))
    .addUniqueConstraint('train_member_location_seat_uq', ['train_id', 'row_number', 'column_number'])
    // NULLs are distinct on both dialects: any number of empty seats, each person once.
    .addUniqueConstraint('train_member_location_person_uq', ['train_id', 'sign_up_id'])
    .execute()

  await d
    .withId(db.schema.createTable('train_location_picture'))
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('image_path', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('train_location_picture_train_id_idx').on('train_location_picture').column('train_id').execute()

  await db.schema
    .createTable('idempotency_key')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('route', 'varchar(60)', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    // The answer given the first time, JSON: a replay gets exactly it.
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()
}
