import { sql, type Kysely } from 'kysely'
import { createRowTrigger, type RowTrigger } from '../row-triggers'
import type { SchemaDialect } from '../schema-helpers'

/**
 * A training's number of sign-ups (`train.all_num`: the training list, 报名人员's
 * 已报名 n / max, the dashboard's and the statistics' 报名人次) is kept by row triggers
 * on `train_sign_up`, in the transaction of the change, whatever deletes or adds the
 * rows: a handler, a roster import, the cascade of a member's or a training's deletion,
 * a tool. Handlers used to add and subtract it by hand, and a member deleted with its
 * sign-ups left the count too high (issue 24).
 *
 * Kept rather than counted on read: the statistics sum it over 20 000 trainings per
 * call from covering indexes (migration 0010); counting 2 000 000 sign-ups there
 * instead would cost what that index saved. A sign-up write pays one row update.
 *
 * A sign-up deleted by its training's cascade finds the training gone: nothing to change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const pg = d.name === 'postgres'
  for (const recount of countRecounts()) await sql.raw(recount).execute(db)
  for (const t of triggers) await createRowTrigger(db, pg, t)
}

/**
 * The statements that set every kept count from its rows (the same on both dialects),
 * for this migration and for a bulk load run without the triggers (seed/bulk-load.ts).
 * Only rows whose count is wrong are written.
 */
export function countRecounts(): string[] {
  const signUps = '(SELECT count(*) FROM train_sign_up s WHERE s.train_id = train.id)'
  return [`UPDATE train SET all_num = ${signUps} WHERE all_num <> ${signUps}`]
}

const add = (train: string, n: string) => `UPDATE train SET all_num = all_num + ${n} WHERE id = ${train}`

const triggers: RowTrigger[] = [
  { name: 'sign_up_count_insert', table: 'train_sign_up', timing: 'AFTER', event: 'INSERT', body: [add('NEW.train_id', '1')] },
  { name: 'sign_up_count_delete', table: 'train_sign_up', timing: 'AFTER', event: 'DELETE', body: [add('OLD.train_id', '-1')] },
  {
    name: 'sign_up_count_move', table: 'train_sign_up', timing: 'AFTER', event: 'UPDATE OF train_id', when: 'OLD.train_id <> NEW.train_id',
    body: [add('OLD.train_id', '-1'), add('NEW.train_id', '1')],
  },
]
