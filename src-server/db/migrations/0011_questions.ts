import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Question categories and questions (both use types: 1 questionnaire, 2 exam), papers
 * and each paper's snapshot of the questions and scores it was assembled with
 * (spec 001 §3). A paper never reads a question back: exams take and mark from the
 * snapshot, so editing or deleting a question later leaves every paper as it was.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const text = (n: number) => `varchar(${n})` as const
  const time = text(19)
  // Scores come in steps of 0.5: exact in a double on both dialects.
  const score = 'double precision'

  await d
    .withId(db.schema.createTable('question_category'))
    .addColumn('name', text(50), (c) => c.notNull())
    .addColumn('use_type', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addUniqueConstraint('question_category_use_type_name_uq', ['use_type', 'name'])
    .execute()

  await d
    .withId(db.schema.createTable('question'))
    .addColumn('use_type', 'integer', (c) => c.notNull())
    // A category in use cannot be deleted (the handler says so first; this is the backstop).
    .addColumn('category_id', 'integer', (c) => c.notNull().references('question_category.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', text(200), (c) => c.notNull())
    // JSON object of option letter to text ({"A":"…","B":"…"}); null for types without options.
    .addColumn('stem', 'text')
    // Single: one letter; multiple: sorted comma-joined letters; true/false: 'true'/'false'; fill-in: text.
    .addColumn('answer', 'text')
    .addColumn('analysis', text(500))
    // Stored path of an image shown with the stem (shared upload, kind image).
    .addColumn('image_path', text(200))
    // 0 not reviewed, 1 passed, -1 rejected.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('create_name', text(50))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  // The bank list, newest first, per use type.
  await db.schema.createIndex('question_use_type_id_idx').on('question').columns(['use_type', 'id']).execute()
  // Assembly and feasibility: reviewed questions of a type in a category, read from the index alone.
  await db.schema.createIndex('question_category_type_status_id_idx').on('question').columns(['category_id', 'type', 'status', 'id']).execute()
  await db.schema.createIndex('question_use_type_type_status_id_idx').on('question').columns(['use_type', 'type', 'status', 'id']).execute()

  await d
    .withId(db.schema.createTable('paper'))
    .addColumn('title', text(20), (c) => c.notNull())
    .addColumn('content', text(200), (c) => c.notNull())
    .addColumn('total_score', score, (c) => c.notNull())
    // 1 manual, 2 automatic (3 upload is named by the spec but not offered).
    .addColumn('choice_type', 'integer', (c) => c.notNull())
    // The use type of its questions: 2 exam papers (the paper screen), 1 questionnaires.
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
    // The composition as the user gave it (JSON): manual items or automatic rules, and the category split.
    .addColumn('question_list', 'text', (c) => c.notNull())
    .addColumn('category_list', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('paper_type_id_idx').on('paper').columns(['type', 'id']).execute()

  // The paper's questions as assembled: copies, not references, with their scores.
  await d
    .withId(db.schema.createTable('paper_question'))
    .addColumn('paper_id', 'integer', (c) => c.notNull().references('paper.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    // The question it was copied from; kept as a plain number so deleting the question keeps the copy.
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('question_type', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('category_name', text(50), (c) => c.notNull())
    .addColumn('title', text(200), (c) => c.notNull())
    .addColumn('stem', 'text')
    .addColumn('answer', 'text')
    .addColumn('analysis', text(500))
    .addColumn('image_path', text(200))
    .addColumn('question_score', score, (c) => c.notNull())
    .addUniqueConstraint('paper_question_paper_order_uq', ['paper_id', 'sort_order'])
    .execute()
  await db.schema.createIndex('paper_question_question_id_idx').on('paper_question').column('question_id').execute()
}
