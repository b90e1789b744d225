import type { Kysely } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { DEFAULT_SEAT_COLUMNS, DEFAULT_SEAT_ROWS, type SeatInfo, type SeatPlan } from '../../../src-shared/schemas/seating'
import { nowText } from '../../db/time'
import type { Database } from '../../db/types'

type Reader = Kysely<Database>

/** Seat info of a training: the grid (4 × 5 until one is saved), mode, PDF and revision. */
export async function seatInfoOf(db: Reader, trainId: number): Promise<SeatInfo & { trainName: string }> {
  const t = await db
    .selectFrom('train')
    .select(['id', 'name', 'rowNumber', 'columnNumber', 'useSeat', 'pdfUrl', 'isField', 'seatRevision'])
    .where('id', '=', trainId)
    .executeTakeFirstOrThrow()
  return {
    trainId: t.id,
    trainName: t.name,
    rowNumber: t.rowNumber ?? DEFAULT_SEAT_ROWS,
    columnNumber: t.columnNumber ?? DEFAULT_SEAT_COLUMNS,
    useSeat: t.useSeat,
    pdfUrl: t.pdfUrl,
    isField: t.isField,
    revision: t.seatRevision,
  }
}

/** The seats of a training with the person on each, in row then column order. */
export function seatRows(db: Reader, trainId: number) {
  return db
    .selectFrom('trainMemberLocation as l')
    .leftJoin('trainSignUp as s', 's.id', 'l.signUpId')
    .select(['l.id', 'l.trainId', 'l.rowNumber', 'l.columnNumber', 'l.groupNumber', 'l.signUpId as trainSignUpMemberId', 's.memberId', 's.name'])
    .where('l.trainId', '=', trainId)
    .orderBy('l.rowNumber')
    .orderBy('l.columnNumber')
    .execute()
}

/** Every sign-up of a training: the people a seat can be given to. */
export function seatPeople(db: Reader, trainId: number) {
  return db
    .selectFrom('trainSignUp')
    .select(['id as trainSignUpMemberId', 'memberId', 'name', 'company', 'telephone'])
    .where('trainId', '=', trainId)
    .orderBy('id')
    .execute()
}

/**
 * A training's seat plan as the operation log shows it (record view `trainSeatPlan`): its
 * grid, seat mode, revision and seats with the person on each; undefined without the training.
 */
export async function seatPlanForLog(db: Reader, trainId: number) {
  const train = await db
    .selectFrom('train')
    .select(['rowNumber', 'columnNumber', 'useSeat', 'seatRevision as revision'])
    .where('id', '=', trainId)
    .executeTakeFirst()
  return train && { ...train, seats: (await seatRows(db, trainId)).map(({ id: _id, trainId: _t, ...seat }) => seat) }
}

export async function loadPlan(db: Reader, trainId: number): Promise<SeatPlan> {
  const [info, seats, people] = await Promise.all([seatInfoOf(db, trainId), seatRows(db, trainId), seatPeople(db, trainId)])
  return { ...info, seats: seats.map(({ id: _id, trainId: _t, ...seat }) => seat), people }
}

/**
 * Raises the plan's revision first in every change: the row lock this takes (PostgreSQL)
 * or the write transaction (SQLite) puts concurrent changes of one training in a line.
 * Each change then records the revision it made (revisions.ts).
 */
export async function bumpRevision(
  trx: Reader,
  trainId: number,
  changes: { rowNumber?: number; columnNumber?: number; useSeat?: number; pdfUrl?: string | null; isField?: number } = {},
): Promise<number> {
  const row = await trx
    .updateTable('train')
    .set((eb) => ({ ...changes, seatRevision: eb('seatRevision', '+', 1), updatedAt: nowText() }))
    .where('id', '=', trainId)
    .returning('seatRevision')
    .executeTakeFirstOrThrow()
  return row.seatRevision
}

/** Refuses sign-up ids that are not (or no longer) sign-ups of this training. */
export async function assertSignUpsOf(db: Reader, trainId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const found = await db.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).where('id', 'in', ids).execute()
  if (found.length !== new Set(ids).size) {
    throw new AppError(ErrorKey.VALIDATION, '有人员已不在报名名单中，请刷新后重新安排')
  }
}
