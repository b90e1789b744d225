import type { SeatListImport, SeatPerson, SeatPlan, SeatPlanSaveBody } from '../../../src-shared/schemas/seating'
import { mergeSeats, type MergeSide, type SeatMerge } from '../../../src-shared/seat-merge'

/**
 * The seat arrangement being edited, as plain data: the grid, the person (sign-up id) on
 * each seat, and the group of each column. Every edit is a pure function returning a new
 * arrangement, so the screen, its tests and the conflict merge all share one meaning.
 */
export interface Arrangement {
  rows: number
  columns: number
  /** `row * columns + column` (both from 0) → sign-up id, or null for an empty seat. */
  seats: (number | null)[]
  /** Group number of each column (null: no group). */
  groups: (number | null)[]
}

export const seatIndex = (a: Arrangement, row: number, column: number) => row * a.columns + column

export function emptyArrangement(rows: number, columns: number): Arrangement {
  return { rows, columns, seats: Array<number | null>(rows * columns).fill(null), groups: Array<number | null>(columns).fill(null) }
}

/** The plan as the server (or the cache) has it. Seats outside the grid are ignored. */
export function fromPlan(plan: MergeSide): Arrangement {
  const a = emptyArrangement(plan.rowNumber, plan.columnNumber)
  for (const seat of plan.seats) {
    const row = seat.rowNumber - 1
    const column = seat.columnNumber - 1
    if (row >= plan.rowNumber || column >= plan.columnNumber) continue
    a.seats[seatIndex(a, row, column)] = seat.trainSignUpMemberId
    if (seat.groupNumber !== null && a.groups[column] === null) a.groups[column] = seat.groupNumber
  }
  return a
}

/** The save body's seats: every seat that has a person or a group. */
export function toLocations(a: Arrangement): SeatPlanSaveBody['trainMemberLocations'] {
  const out: SeatPlanSaveBody['trainMemberLocations'] = []
  for (let row = 0; row < a.rows; row++) {
    for (let column = 0; column < a.columns; column++) {
      const person = a.seats[seatIndex(a, row, column)]
      const group = a.groups[column]
      if (person === null && group === null) continue
      out.push({ rowNumber: row + 1, columnNumber: column + 1, groupNumber: group, trainSignUpMemberId: person })
    }
  }
  return out
}

export const filledCount = (a: Arrangement) => a.seats.filter((s) => s !== null).length

export function seatedIds(a: Arrangement): Set<number> {
  return new Set(a.seats.filter((s): s is number => s !== null))
}

/** People not on a seat, in sign-up order. */
export function unseated(a: Arrangement, people: readonly SeatPerson[]): SeatPerson[] {
  const seated = seatedIds(a)
  return people.filter((p) => !seated.has(p.trainSignUpMemberId))
}

/** A person onto a seat: whoever sat there goes back to the list; the person leaves any other seat. */
export function place(a: Arrangement, index: number, person: number): Arrangement {
  const seats = a.seats.map((s) => (s === person ? null : s))
  seats[index] = person
  return { ...a, seats }
}

/** Moves the person of one seat to another; the two swap when both are taken. */
export function move(a: Arrangement, from: number, to: number): Arrangement {
  const seats = [...a.seats]
  ;[seats[from], seats[to]] = [seats[to], seats[from]]
  return { ...a, seats }
}

/** Empties a seat: its person goes back to the unseated list. */
export function clearSeat(a: Arrangement, index: number): Arrangement {
  const seats = [...a.seats]
  seats[index] = null
  return { ...a, seats }
}

export function setGroup(a: Arrangement, column: number, group: number | null): Arrangement {
  const groups = [...a.groups]
  groups[column] = group
  return { ...a, groups }
}

/**
 * One-key seating: the unseated people, in order, onto the empty seats row by row.
 * Null when there are fewer empty seats than people (the grid must be regenerated).
 */
export function seatEveryone(a: Arrangement, people: readonly SeatPerson[]): Arrangement | null {
  const waiting = unseated(a, people)
  const free = a.seats.flatMap((s, i) => (s === null ? [i] : []))
  if (waiting.length > free.length) return null
  const seats = [...a.seats]
  waiting.forEach((p, k) => (seats[free[k]] = p.trainSignUpMemberId))
  return { ...a, seats }
}

/**
 * An imported seat list's arrangement on the grid it was read for: its seats, and its
 * groups where it names one (a column it says nothing of keeps its group).
 */
export function fromList(a: Arrangement, list: Pick<SeatListImport, 'seats' | 'groups'>): Arrangement {
  const seats = Array<number | null>(a.seats.length).fill(null)
  for (const seat of list.seats) seats[seatIndex(a, seat.rowNumber - 1, seat.columnNumber - 1)] = seat.trainSignUpMemberId
  return { ...a, seats, groups: a.groups.map((g, column) => list.groups[column] ?? g) }
}

/** The arrangement as one side of a three-way merge (src-shared/seat-merge.ts). */
export function sideOf(a: Arrangement): MergeSide {
  return {
    rowNumber: a.rows,
    columnNumber: a.columns,
    seats: toLocations(a).map((s) => ({ rowNumber: s.rowNumber, columnNumber: s.columnNumber, groupNumber: s.groupNumber ?? null, trainSignUpMemberId: s.trainSignUpMemberId ?? null })),
  }
}

/**
 * The local arrangement merged three ways with the server's plan against the plan both
 * started from: others' changes to other seats kept, seats both changed taken from
 * `prefer`, people no longer signed up (not among the server's people) left out.
 */
export function mergeWithServer(conflict: { base: MergeSide | null; server: SeatPlan }, mine: Arrangement, prefer: 'mine' | 'theirs'): { arrangement: Arrangement; merge: SeatMerge } {
  const signedUp = new Set(conflict.server.people.map((p) => p.trainSignUpMemberId))
  const merge = mergeSeats(conflict.base, sideOf(mine), conflict.server, signedUp, prefer)
  return { arrangement: fromPlan(merge), merge }
}
