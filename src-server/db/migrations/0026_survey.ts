import type { Kysely } from 'kysely'
import { alignForeignKeys } from '../foreign-keys'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Questionnaires as surveys (issue 27). `exam.anonymous`: 1 when the office made a
 * questionnaire anonymous; existing exams and questionnaires are not (0). The answers of
 * an anonymous questionnaire's submitted sittings move to `survey_answer`, which holds no
 * member, no sitting and no time: nothing links a result to who gave it. Who answered stays
 * on the member's round (`member_exam` and its `exam_attempt`, without answers), so one
 * answer per member still holds. The exam reference is declared in src-shared/references.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await db.schema.alterTable('exam').addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await d
    .withId(db.schema.createTable('survey_answer'))
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('question_type', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .execute()
  await db.schema.createIndex('survey_answer_exam_question_idx').on('survey_answer').columns(['exam_id', 'question_id']).execute()
  await alignForeignKeys(db, d.name)
}
