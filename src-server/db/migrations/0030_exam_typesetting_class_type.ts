import type { Kysely } from 'kysely'

/**
 * Two exam fields of spec 001 §3 that were dropped on save (issue 32): `typesetting` (the
 * spec names it and gives no values: kept as the client sends it, a small whole number) and
 * `class_type` (a class type of its own; none stored means the training's). Exams made
 * before have neither: they answer the training's class type, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam').addColumn('typesetting', 'integer').execute()
  await db.schema.alterTable('exam').addColumn('class_type', 'integer').execute()
}
