import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * A safe exam lifecycle (issue 27). `exam_answer.save_seq`: the sequence number of the
 * autosave that wrote the answer (the phone counts its saves per sitting), so a late
 * stale save never replaces a newer one (its UPDATE carries `save_seq < :seq`).
 * `exam_attempt.system_submitted`: 1 when the server submitted the sitting with what was
 * saved (the exam was closed, or its time ran out without the phone's submit): 系统交卷.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await db.schema.alterTable('exam_answer').addColumn('save_seq', d.bigInt, (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('exam_attempt').addColumn('system_submitted', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}
