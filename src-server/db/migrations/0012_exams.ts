import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Exams and questionnaires (type 2 exam, 1 questionnaire) of a training; their
 * candidates (member_exam, one row per member and make-up round), each sitting of a
 * candidate (exam_attempt, with the stored paper and shuffle), the answers of a
 * sitting (exam_answer, one row per question created when the sitting starts, so an
 * autosave is one UPDATE), and the sessions of members signed in on their phones.
 * Paper ids are plain integers: a paper is read (and snapshotted) when a sitting starts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const text = (n: number) => `varchar(${n})` as const
  const time = text(19)

  await d
    .withId(db.schema.createTable('exam'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', text(40), (c) => c.notNull())
    .addColumn('content', text(200), (c) => c.notNull())
    .addColumn('train_id', 'integer', (c) => c.notNull().references('train.id').onDelete('cascade'))
    .addColumn('join_type', 'integer', (c) => c.notNull())
    .addColumn('join_num', 'integer')
    .addColumn('start_time', time, (c) => c.notNull())
    .addColumn('end_time', time, (c) => c.notNull())
    .addColumn('countdown', 'integer', (c) => c.notNull())
    .addColumn('pass_line', 'real', (c) => c.notNull())
    .addColumn('retest_num', 'integer', (c) => c.notNull())
    .addColumn('can_look_answer', 'integer', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    .addColumn('paper2_id', 'integer')
    .addColumn('paper3_id', 'integer')
    .addColumn('paper4_id', 'integer')
    .addColumn('paper5_id', 'integer')
    // 'highest' or 'latest': which sitting's score counts when a candidate sits again.
    .addColumn('score_policy', text(10), (c) => c.notNull().defaultTo('highest'))
    // Set when an administrator closes the exam by hand; otherwise the status follows the times.
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('admin.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('exam_train_id_idx').on('exam').column('train_id').execute()

  await d
    .withId(db.schema.createTable('member_exam'))
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exam.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('is_make_up', 'integer', (c) => c.notNull().defaultTo(0))
    // WAIT (to take), DONE (submitted, to mark), CHECK (marked).
    .addColumn('status', text(10), (c) => c.notNull())
    // A make-up round has its own window; the first round uses the exam's.
    .addColumn('start_time', time)
    .addColumn('end_time', time)
    .addColumn('score', 'real')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('member_exam_round_uq', ['exam_id', 'member_id', 'is_make_up'])
    .execute()
  await db.schema.createIndex('member_exam_member_id_idx').on('member_exam').column('member_id').execute()

  await d
    .withId(db.schema.createTable('exam_attempt'))
    .addColumn('member_exam_id', 'integer', (c) => c.notNull().references('member_exam.id').onDelete('cascade'))
    .addColumn('attempt_no', 'integer', (c) => c.notNull())
    // Which of papers A–E (1–5) and which paper id this sitting got.
    .addColumn('paper_slot', 'integer', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    .addColumn('total_score', 'real', (c) => c.notNull())
    .addColumn('started_at', d.bigInt, (c) => c.notNull())
    .addColumn('deadline_at', d.bigInt, (c) => c.notNull())
    .addColumn('submitted_at', d.bigInt)
    .addColumn('score', 'real')
    .addUniqueConstraint('exam_attempt_no_uq', ['member_exam_id', 'attempt_no'])
    .execute()

  await d
    .withId(db.schema.createTable('exam_answer'))
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('exam_attempt.id').onDelete('cascade'))
    // Position of the question in this sitting's shuffled order.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('question_type', 'integer', (c) => c.notNull())
    // The question as it was when the sitting started (title, stem, answer, analysis) and
    // the shuffled option letters as shown: what the member saw is what is marked.
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('option_order', text(40))
    .addColumn('question_score', 'real', (c) => c.notNull())
    .addColumn('answer', 'text')
    // null until submitted; AUTO scored on submit, IGNORE waiting for a marker, SUCCESS marked.
    .addColumn('status', text(10))
    .addColumn('score', 'real')
    .addColumn('saved_at', d.bigInt)
    .addUniqueConstraint('exam_answer_question_uq', ['attempt_id', 'question_id'])
    .execute()

  await db.schema
    .createTable('member_session')
    .addColumn('token_hash', text(64), (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('expires_at', d.bigInt, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute()
}
