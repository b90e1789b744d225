import type { Kysely } from 'kysely'
import { DEFAULT_SEAT_COLUMNS, DEFAULT_SEAT_ROWS, type SeatConflict } from '../../../src-shared/schemas/seating'
import { changedSeats, type MergeSeat, type MergeSide } from '../../../src-shared/seat-merge'
import { nowText } from '../../db/time'
import type { Database } from '../../db/types'
import type { AuthUser } from '../../auth/auth-user'
import { seatInfoOf, seatRows } from './plan'

type Reader = Kysely<Database>
type RevisionSeat = MergeSeat & { name: string | null }

/**
 * The seat plan's record of its revisions (migration 0025): every change of a plan is
 * kept with its seats, author and time, so a stale offline save can be merged against
 * the revision it started from and a conflict can say who changed what, and when.
 */

/** Records the plan as it now stands as `revision`, made by `user` (inside the change's transaction). */
export async function recordRevision(trx: Reader, trainId: number, revision: number, user: AuthUser): Promise<void> {
  const [info, seats] = await Promise.all([seatInfoOf(trx, trainId), seatRows(trx, trainId)])
  const kept: RevisionSeat[] = seats.map((s) => ({ rowNumber: s.rowNumber, columnNumber: s.columnNumber, groupNumber: s.groupNumber, trainSignUpMemberId: s.trainSignUpMemberId, name: s.name }))
  await trx
    .insertInto('seatPlanRevision')
    .values({ trainId, revision, adminId: user.adminId, changedBy: user.name, changedAt: nowText(), rowNumber: info.rowNumber, columnNumber: info.columnNumber, seats: JSON.stringify(kept) })
    .execute()
}

interface Revision extends MergeSide {
  revision: number
  adminId: number | null
  changedBy: string
  changedAt: string
  seats: RevisionSeat[]
}

/** Revision 0 of a plan never saved (migration 0025 recorded every plan that was): the default grid, no seats. */
const FIRST: Revision = { revision: 0, adminId: null, changedBy: '', changedAt: '', rowNumber: DEFAULT_SEAT_ROWS, columnNumber: DEFAULT_SEAT_COLUMNS, seats: [] }

/** The revisions of a training from `from` on, oldest first. */
async function revisionsFrom(db: Reader, trainId: number, from: number): Promise<Revision[]> {
  const rows = await db.selectFrom('seatPlanRevision').selectAll().where('trainId', '=', trainId).where('revision', '>=', from).orderBy('revision').execute()
  const revisions = rows.map((r) => ({ ...r, seats: JSON.parse(r.seats) as RevisionSeat[] }))
  return from === 0 && revisions[0]?.revision !== 0 ? [FIRST, ...revisions] : revisions
}

/**
 * What a conflict answer tells beyond the server's plan: the base plan, the changes made
 * since (each compared with the one before it), and the names of people of the save or
 * the base who are no longer signed up.
 */
export async function conflictDetails(
  db: Reader,
  trainId: number,
  baseRevision: number | undefined,
  current: MergeSide,
  mine: MergeSide,
  signedUp: ReadonlySet<number>,
  adminId: number,
): Promise<Pick<SeatConflict, 'base' | 'changes' | 'departed'>> {
  const revisions = baseRevision === undefined ? [] : await revisionsFrom(db, trainId, baseRevision)
  const baseRow = revisions[0]?.revision === baseRevision ? revisions[0] : undefined
  const base = baseRow ? { rowNumber: baseRow.rowNumber, columnNumber: baseRow.columnNumber, seats: baseRow.seats.map(({ name: _n, ...s }) => s) } : null
  const changes: SeatConflict['changes'] = []
  revisions.forEach((r, i) => {
    const before = revisions[i - 1]
    if (!before || before.revision !== r.revision - 1) return
    changes.push({
      revision: r.revision,
      changedBy: r.changedBy,
      changedAt: r.changedAt.slice(0, 16),
      byMe: r.adminId === adminId,
      seats: changedSeats(before, r).map((k) => k.split(':').map(Number) as [number, number]),
      grid: before.rowNumber !== r.rowNumber || before.columnNumber !== r.columnNumber,
    })
  })
  // The seats' people as the latest revision naming them had them.
  const names = new Map<number, string>()
  for (const r of revisions) for (const s of r.seats) if (s.trainSignUpMemberId !== null && s.name) names.set(s.trainSignUpMemberId, s.name)
  const gone = new Set([...mine.seats, ...(base?.seats ?? []), ...current.seats].flatMap((s) => (s.trainSignUpMemberId !== null && !signedUp.has(s.trainSignUpMemberId) ? [s.trainSignUpMemberId] : [])))
  if ([...gone].some((id) => !names.has(id))) {
    // Named only in an older revision: its name from there.
    for (const r of await revisionsFrom(db, trainId, 0)) for (const s of r.seats) if (s.trainSignUpMemberId !== null && s.name && !names.has(s.trainSignUpMemberId)) names.set(s.trainSignUpMemberId, s.name)
  }
  return { base, changes, departed: [...gone].map((id) => ({ trainSignUpMemberId: id, name: names.get(id) ?? '（已取消报名）' })) }
}

/** The plan of one revision, when it is recorded. */
export async function revisionPlan(db: Reader, trainId: number, revision: number): Promise<MergeSide | null> {
  const row = await db.selectFrom('seatPlanRevision').select(['rowNumber', 'columnNumber', 'seats']).where('trainId', '=', trainId).where('revision', '=', revision).executeTakeFirst()
  if (!row) return revision === 0 ? FIRST : null
  return { rowNumber: row.rowNumber, columnNumber: row.columnNumber, seats: JSON.parse(row.seats) as RevisionSeat[] }
}
