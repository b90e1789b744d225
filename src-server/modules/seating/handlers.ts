import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { SeatConflict, SeatPlan, SeatSaveResult } from '../../../src-shared/schemas/seating'
import { isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { signedIn, type DomainHandlers, type RequestContext } from '../../http/context'
import { trainById } from '../training/host'
import { assertSignUpsOf, bumpRevision, loadPlan, seatInfoOf, seatPeople, seatRows } from './plan'
import { conflictDetails, recordRevision, revisionPlan } from './revisions'
import { mergeSeats } from '../../../src-shared/seat-merge'
import { AlreadyProcessed, claimKey, storedResult, storeResult } from '../../db/idempotency'
import { assertUploaded } from '../../files/uploaded'
import { uploadedWorkbook } from '../../files/workbook-rows'
import { ROSTER_FILE } from '../signup/roster'
import { importSeatList } from './seat-list'

const SEAT_TAKEN = '该座位已有人员，请刷新后重试'
const PERSON_SEATED = '该人员已有座位，请刷新后重试'
const LOCATION_NOT_FOUND = '座位不存在'

/** Thrown inside a save's transaction when it must be asked about: rolls it back, the answer kept. */
class ConflictFound extends Error {
  constructor(readonly answer: SeatConflict) {
    super('seat plan conflict')
  }
}

/** Which of the two unique constraints a refused seat write ran into, as a message. */
async function occupiedMessage(db: Db, trainId: number, seat: { rowNumber: number; columnNumber: number; signUpId: number | null }) {
  const person =
    seat.signUpId !== null &&
    (await db.selectFrom('trainMemberLocation').select('id').where('trainId', '=', trainId).where('signUpId', '=', seat.signUpId).executeTakeFirst())
  return person ? PERSON_SEATED : SEAT_TAKEN
}

/** Runs a single-seat write; a unique constraint's refusal becomes a clear CONFLICT. */
async function seatWrite<T>(ctx: RequestContext, trainId: number, seat: { rowNumber: number; columnNumber: number; signUpId: number | null }, write: () => Promise<T>) {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, await occupiedMessage(ctx.db, trainId, seat))
    throw err
  }
}

async function locationById(ctx: RequestContext, id: number) {
  const row = await ctx.db.selectFrom('trainMemberLocation').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, LOCATION_NOT_FOUND)
  return row
}

async function locationOut(db: Db, trainId: number, id: number) {
  const row = (await seatRows(db, trainId)).find((r) => r.id === id)
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, LOCATION_NOT_FOUND)
  return row
}

export const seatingHandlers = {
  'seat.all': async ({ trainId }, ctx) => {
    return seatRows(ctx.db, trainId)
  },

  'seat.people': async ({ trainId }, ctx) => {
    return seatPeople(ctx.db, trainId)
  },

  'seat.info': async ({ trainId }, ctx) => {
    const { trainName: _name, ...info } = await seatInfoOf(ctx.db, trainId)
    return info
  },

  'seat.plan': async ({ trainId }, ctx) => {
    return loadPlan(ctx.db, trainId)
  },

  /**
   * The whole plan in one transaction: the key claimed, the revision raised (which puts
   * concurrent changes of the training in a line), the seats replaced, the revision
   * recorded, and the answer stored under the key — so a replay of a save that was
   * applied, even one whose answer was lost, answers the same result.
   *
   * A save whose base revision is stale, or that seats someone no longer signed up, is
   * merged three ways against the plan of its base revision (src-shared/seat-merge.ts):
   * when nothing clashes the merged plan is stored and answered; otherwise nothing is
   * stored and the answer is a conflict with what the dialog needs to ask.
   *
   * The route mechanism logs the training's seat plan before and after (record view
   * `trainSeatPlan`); a replay answering its stored result, or a conflict, says it changed
   * nothing (`audit.unchanged`): its entry keeps no values, even on PostgreSQL where a copy
   * read its "before" while the first copy was being applied.
   */
  'seat.save': async ({ trainId, rowNumber, columnNumber, useSeat, trainMemberLocations, idempotencyKey, baseRevision }, ctx) => {
    const user = signedIn(ctx)
    if (idempotencyKey) {
      const stored = await storedResult(ctx.db, user.adminId, idempotencyKey, 'seat.save', ctx.audit)
      if (stored) return stored as SeatSaveResult
    }
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        // The key is claimed before anything else: a copy of this save arriving at the same
        // moment waits here (PostgreSQL: on the key's unique index; SQLite: on the write
        // lock) until this one commits, then answers its stored result — not a conflict
        // with the revision this one just raised.
        if (idempotencyKey && !(await claimKey(trx, user.adminId, idempotencyKey, 'seat.save'))) {
          throw new AlreadyProcessed()
        }
        const revision = await bumpRevision(trx, trainId)
        const people = await seatPeople(trx, trainId)
        const signedUp = new Set(people.map((p) => p.trainSignUpMemberId))
        const mine = { rowNumber, columnNumber, seats: trainMemberLocations }
        let plan = mine
        let merged: SeatPlan | undefined
        const stale = baseRevision !== undefined && baseRevision !== revision - 1
        const departed = trainMemberLocations.some((s) => s.trainSignUpMemberId !== null && !signedUp.has(s.trainSignUpMemberId))
        if (departed && baseRevision === undefined) await assertSignUpsOf(trx, trainId, trainMemberLocations.flatMap((s) => (s.trainSignUpMemberId === null ? [] : [s.trainSignUpMemberId])))
        if (stale || departed) {
          const theirs = { ...(await loadPlan(trx, trainId)), revision: revision - 1 }
          const base = stale ? await revisionPlan(trx, trainId, baseRevision) : theirs
          const result = mergeSeats(base, mine, theirs, signedUp, 'mine')
          if (result.clashes.length > 0 || result.gridClash || result.cancelled.length > 0) {
            throw new ConflictFound({ outcome: 'conflict', plan: theirs, ...(await conflictDetails(trx, trainId, baseRevision, theirs, mine, signedUp, user.adminId)) })
          }
          plan = result
        }
        await trx
          .updateTable('train')
          .set({ rowNumber: plan.rowNumber, columnNumber: plan.columnNumber, ...(useSeat === undefined ? {} : { useSeat }) })
          .where('id', '=', trainId)
          .execute()
        await trx.deleteFrom('trainMemberLocation').where('trainId', '=', trainId).execute()
        const rows = plan.seats.map((s) => ({
          trainId,
          rowNumber: s.rowNumber,
          columnNumber: s.columnNumber,
          groupNumber: s.groupNumber,
          signUpId: s.trainSignUpMemberId,
        }))
        // 500 rows of 5 values per statement: within SQLite's and PostgreSQL's parameter limits.
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto('trainMemberLocation').values(rows.slice(i, i + 500)).execute()
        await recordRevision(trx, trainId, revision, user)
        // What was sent is not what is stored: the caller gets the plan to show.
        if (plan !== mine) merged = await loadPlan(trx, trainId)
        const result: SeatSaveResult = merged ? { outcome: 'saved', revision, plan: merged } : { outcome: 'saved', revision }
        if (idempotencyKey) await storeResult(trx, user.adminId, idempotencyKey, result)
        return result
      })
    } catch (err) {
      if (err instanceof ConflictFound) {
        ctx.audit.unchanged()
        return err.answer
      }
      // The same key committed by a concurrent delivery of this save: answer its result.
      const stored = idempotencyKey && err instanceof AlreadyProcessed ? await storedResult(ctx.db, user.adminId, idempotencyKey, 'seat.save', ctx.audit) : undefined
      if (stored) return stored as SeatSaveResult
      if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, SEAT_TAKEN)
      throw err
    }
  },

  'seat.create': async ({ trainId, rowNumber, columnNumber, groupNumber, trainSignUpMemberId }, ctx) => {
    const train = await trainById(ctx.db, trainId)
    if (rowNumber > (train.rowNumber ?? rowNumber) || columnNumber > (train.columnNumber ?? columnNumber)) {
      throw new AppError(ErrorKey.VALIDATION, `第${rowNumber}排第${columnNumber}列不在座位表内`)
    }
    const seat = { rowNumber, columnNumber, signUpId: trainSignUpMemberId }
    const id = await seatWrite(ctx, trainId, seat, () =>
      ctx.db.transaction().execute(async (trx) => {
        const revision = await bumpRevision(trx, trainId)
        await assertSignUpsOf(trx, trainId, [trainSignUpMemberId])
        // An empty seat kept for its group is filled; a taken one refuses (unique constraint).
        const empty = await trx
          .updateTable('trainMemberLocation')
          .set({ signUpId: trainSignUpMemberId, ...(groupNumber === undefined ? {} : { groupNumber }) })
          .where('trainId', '=', trainId)
          .where('rowNumber', '=', rowNumber)
          .where('columnNumber', '=', columnNumber)
          .where('signUpId', 'is', null)
          .returning('id')
          .executeTakeFirst()
        const seatId =
          empty?.id ??
          (
            await trx
              .insertInto('trainMemberLocation')
              .values({ trainId, rowNumber, columnNumber, groupNumber: groupNumber ?? null, signUpId: trainSignUpMemberId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        await recordRevision(trx, trainId, revision, signedIn(ctx))
        return seatId
      }),
    )
    return locationOut(ctx.db, trainId, id)
  },

  'seat.update': async ({ id, ...changes }, ctx) => {
    const current = await locationById(ctx, id)
    const next = {
      rowNumber: changes.rowNumber ?? current.rowNumber,
      columnNumber: changes.columnNumber ?? current.columnNumber,
      groupNumber: changes.groupNumber === undefined ? current.groupNumber : changes.groupNumber,
      signUpId: changes.trainSignUpMemberId === undefined ? current.signUpId : changes.trainSignUpMemberId,
    }
    await seatWrite(ctx, current.trainId, next, () =>
      ctx.db.transaction().execute(async (trx) => {
        const train = await seatInfoOf(trx, current.trainId)
        if (next.rowNumber > train.rowNumber || next.columnNumber > train.columnNumber) {
          throw new AppError(ErrorKey.VALIDATION, `第${next.rowNumber}排第${next.columnNumber}列不在座位表内`)
        }
        const revision = await bumpRevision(trx, current.trainId)
        if (next.signUpId !== null) await assertSignUpsOf(trx, current.trainId, [next.signUpId])
        await trx.updateTable('trainMemberLocation').set(next).where('id', '=', id).execute()
        await recordRevision(trx, current.trainId, revision, signedIn(ctx))
      }),
    )
    return locationOut(ctx.db, current.trainId, id)
  },

  'seat.importList': async ({ trainId, path, rowNumber, columnNumber }, ctx) => {
    const { adminId } = signedIn(ctx)
    const workbook = await uploadedWorkbook(ctx.db, ctx.options.uploadDir, path, adminId, ROSTER_FILE)
    return importSeatList(ctx.db, trainId, workbook, { rowNumber, columnNumber }, { uploadDir: ctx.options.uploadDir, adminId })
  },

  'seat.setting': async ({ id, useSeat, pdfUrl, isField }, ctx) => {
    await assertUploaded(ctx.db, pdfUrl, 'pdf', 'pdfUrl')
    const changes = {
      ...(useSeat === undefined ? {} : { useSeat }),
      ...(pdfUrl === undefined ? {} : { pdfUrl }),
      ...(isField === undefined ? {} : { isField }),
    }
    await ctx.db.transaction().execute(async (trx) => recordRevision(trx, id, await bumpRevision(trx, id, changes), signedIn(ctx)))
    const { trainName: _name, ...info } = await seatInfoOf(ctx.db, id)
    return info
  },

  'seatPicture.all': async ({ trainId }, ctx) => {
    return ctx.db.selectFrom('trainLocationPicture').select(['id', 'imagePath', 'trainId']).where('trainId', '=', trainId).orderBy('id').execute()
  },

  'seatPicture.create': async ({ imagePath, trainId }, ctx) => {
    await assertUploaded(ctx.db, imagePath, 'image', 'imagePath')
    const row = await ctx.db
      .insertInto('trainLocationPicture')
      .values({ trainId, imagePath, createdAt: nowText() })
      .returning(['id', 'imagePath', 'trainId'])
      .executeTakeFirstOrThrow()
    return row
  },

  'seatPicture.delete': async ({ id }, ctx) => {
    // The route mechanism found it in the caller's tree and logs it before and after.
    await deleteRecords(ctx.db, 'train_location_picture', [id])
    return null
  },
} satisfies DomainHandlers<'seat'> & DomainHandlers<'seatPicture'>
