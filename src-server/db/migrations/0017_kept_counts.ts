import { sql, type Kysely } from 'kysely'
import { createRowTrigger, type RowTrigger } from '../row-triggers'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The counts the console shows that are stored with their record are kept by row
 * triggers on the counted rows, in the transaction of the change, whatever adds or
 * deletes them: a handler, a roster import, the cascade of a member's or a training's
 * deletion, a tool. Handlers used to add and subtract them by hand, and a member
 * deleted with its sign-ups left 已报名 too high (issue 24).
 *
 * - `train.all_num`, a training's sign-ups: the training list, 报名人员's 已报名 n / max,
 *   the dashboard's and the statistics' 报名人次. Kept rather than counted on read: the
 *   statistics sum it over 20 000 trainings per call from covering indexes (migration
 *   0010); counting 2 000 000 sign-ups there instead would cost what those indexes saved.
 * - `member_exam.attempts`, a member's sittings of an exam round: 作答次数, and the
 *   attempts left on the phone page.
 * - `org.children_count` has its triggers since migration 0005; its recount is here
 *   with the others for the bulk loads.
 *
 * Every other count shown (a category's questions, a paper's, an exam's candidates, a
 * notice's members, check-ins) is counted on read from an index.
 * A row deleted by its parent's cascade finds the parent gone: nothing to change.
 *
 * An exam open to all registrants of its training (join_type 1) has every one of them
 * as a candidate, those who sign up later included: a sign-up enrols its member by
 * trigger too. The candidates used to be added when a list of them was read, so the
 * exam list's 考生 count lagged behind its own results list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const pg = d.name === 'postgres'
  for (const recount of countRecounts()) await sql.raw(recount).execute(db)
  await sql.raw(enrolRegistrants('train_sign_up s')).execute(db)
  for (const t of [...triggers, ...enrolment]) await createRowTrigger(db, pg, t)
}

/**
 * Enrols the members of sign-ups `s` (a FROM item) in the exams of their training open to
 * all registrants, as of their sign-up, unless they are candidates already.
 */
function enrolRegistrants(from: string): string {
  return `INSERT INTO member_exam (exam_id, member_id, is_make_up, status, created_at)
    SELECT e.id, s.member_id, 0, 'WAIT', s.created_at FROM ${from}, exam e
    WHERE e.train_id = s.train_id AND e.join_type = 1
      AND NOT EXISTS (SELECT 1 FROM member_exam m WHERE m.exam_id = e.id AND m.member_id = s.member_id AND m.is_make_up = 0)`
}

/** NEW as a FROM item `s` (the sign-up just added or moved). */
const newSignUp = `(SELECT NEW.train_id AS train_id, NEW.member_id AS member_id, NEW.created_at AS created_at) AS s`

const enrolment: RowTrigger[] = [
  { name: 'sign_up_enrol_insert', table: 'train_sign_up', timing: 'AFTER', event: 'INSERT', body: [enrolRegistrants(newSignUp)] },
  {
    name: 'sign_up_enrol_move', table: 'train_sign_up', timing: 'AFTER', event: 'UPDATE OF train_id', when: 'OLD.train_id <> NEW.train_id',
    body: [enrolRegistrants(newSignUp)],
  },
]

/**
 * The statements that set every kept count from its rows (the same on both dialects),
 * for this migration and for a bulk load run without the triggers (seed/bulk-load.ts).
 * Only rows whose count is wrong are written.
 */
export function countRecounts(): string[] {
  return keptCounts.map(({ table, column, rows, parent }) => {
    const count = `(SELECT count(*) FROM ${rows} r WHERE r.${parent} = ${table}.id)`
    return `UPDATE ${table} SET ${column} = ${count} WHERE ${column} <> ${count}`
  })
}

/** A count kept in `table.column`: the number of `rows` whose `parent` column holds the record's id. */
interface KeptCount {
  table: string
  column: string
  rows: string
  parent: string
}

const keptCounts: KeptCount[] = [
  { table: 'train', column: 'all_num', rows: 'train_sign_up', parent: 'train_id' },
  { table: 'member_exam', column: 'attempts', rows: 'exam_attempt', parent: 'member_exam_id' },
  { table: 'org', column: 'children_count', rows: 'org', parent: 'parent_id' },
]

/** The triggers of a count: a row added, deleted, or moved to another parent. */
function countTriggers({ table, column, rows, parent }: KeptCount): RowTrigger[] {
  const add = (id: string, n: string) => `UPDATE ${table} SET ${column} = ${column} + ${n} WHERE id = ${id}`
  const name = `${table}_${column}`
  return [
    { name: `${name}_insert`, table: rows, timing: 'AFTER', event: 'INSERT', body: [add(`NEW.${parent}`, '1')] },
    { name: `${name}_delete`, table: rows, timing: 'AFTER', event: 'DELETE', body: [add(`OLD.${parent}`, '-1')] },
    {
      name: `${name}_move`, table: rows, timing: 'AFTER', event: `UPDATE OF ${parent}`, when: `OLD.${parent} <> NEW.${parent}`,
      body: [add(`OLD.${parent}`, '-1'), add(`NEW.${parent}`, '1')],
    },
  ]
}

// The organisations' triggers are migration 0005's.
const triggers = keptCounts.filter((c) => c.table !== 'org').flatMap(countTriggers)
