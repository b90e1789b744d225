import { sql, type Kysely } from 'kysely'
import { alignForeignKeys } from '../foreign-keys'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The seat plan's revisions (issue 26): each revision's seats, who made it and when. A
 * stale offline save is merged three ways against the plan of the revision it started
 * from, and a conflict names who changed which seat and when. The author's name is kept
 * as it was (the account may be deleted: `admin_id` is then emptied, the name stays).
 *
 * Backfill: each training whose plan was ever saved gets its current revision, author
 * unknown, at its last change — the base of saves made offline before this version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await d
    .withId(db.schema.createTable('seat_plan_revision'))
    .addColumn('train_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('changed_by', 'varchar(50)', (c) => c.notNull())
    .addColumn('changed_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column_number', 'integer', (c) => c.notNull())
    // JSON: [{ rowNumber, columnNumber, groupNumber, trainSignUpMemberId, name }], the names as they were.
    .addColumn('seats', 'text', (c) => c.notNull())
    .addUniqueConstraint('seat_plan_revision_uq', ['train_id', 'revision'])
    .execute()

  // Results come back in camelCase (the database's CamelCasePlugin).
  const trains = await sql<{ id: number; seatRevision: number; rowNumber: number | null; columnNumber: number | null; updatedAt: string }>`
    SELECT id, seat_revision, row_number, column_number, updated_at FROM train
    WHERE seat_revision > 0 OR id IN (SELECT train_id FROM train_member_location) ORDER BY id`.execute(db)
  for (const t of trains.rows) {
    const seats = await sql<{ rowNumber: number; columnNumber: number; groupNumber: number | null; signUpId: number | null; name: string | null }>`
      SELECT l.row_number, l.column_number, l.group_number, l.sign_up_id, s.name FROM train_member_location l
      LEFT JOIN train_sign_up s ON s.id = l.sign_up_id WHERE l.train_id = ${t.id} ORDER BY l.row_number, l.column_number`.execute(db)
    const text = JSON.stringify(
      seats.rows.map((s) => ({ rowNumber: s.rowNumber, columnNumber: s.columnNumber, groupNumber: s.groupNumber, trainSignUpMemberId: s.signUpId, name: s.name })),
    )
    // The grid a plan without a saved size shows (DEFAULT_SEAT_ROWS × DEFAULT_SEAT_COLUMNS).
    await sql`INSERT INTO seat_plan_revision (train_id, revision, admin_id, changed_by, changed_at, row_number, column_number, seats)
      VALUES (${t.id}, ${t.seatRevision}, NULL, '', ${t.updatedAt}, ${t.rowNumber ?? 4}, ${t.columnNumber ?? 5}, ${text})`.execute(db)
  }
  await alignForeignKeys(db, d.name)
}
