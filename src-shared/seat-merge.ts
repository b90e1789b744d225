/**
 * Three-way merge of a seat plan (issue 26): the version a save started from (`base`),
 * the clerk's (`mine`) and the server's now (`theirs`). A seat changed on one side only
 * takes that side's value; a seat changed on both sides to different values is a clash,
 * and so is a person both sides moved to different seats. Clashes take the `prefer` side
 * (`theirs` for a proposal to edit, `mine` for 保留我的版本), so the result never seats a
 * person twice. People no longer signed up leave their seat empty and are listed.
 *
 * Pure and shared: the server merges a stale save by itself with it (and answers a
 * conflict only when something clashes), the core and the conflict dialog use it on
 * the base plan the server sends with a conflict.
 */

export interface MergeSeat {
  rowNumber: number
  columnNumber: number
  groupNumber: number | null
  trainSignUpMemberId: number | null
}

export interface MergeSide {
  rowNumber: number
  columnNumber: number
  seats: readonly MergeSeat[]
}

export interface SeatClash {
  rowNumber: number
  columnNumber: number
  /** Who sits there in each version (null: empty). */
  mine: number | null
  theirs: number | null
}

export interface SeatMerge extends MergeSide {
  seats: MergeSeat[]
  /** Seats changed on both sides, differently: the ones to ask about. */
  clashes: SeatClash[]
  /** Both sides changed the grid's size, differently. */
  gridClash: boolean
  /** People of `mine` whose sign-up is gone: where the clerk had them (their seat is left empty). */
  cancelled: { trainSignUpMemberId: number; rowNumber: number; columnNumber: number }[]
  /** Whether the result differs from `theirs` (false: nothing of mine to add). */
  changed: boolean
}

type Cell = { person: number | null; group: number | null }
type Source = 'same' | 'mine' | 'theirs'

const keyOf = (row: number, column: number) => `${row}:${column}`
const EMPTY: Cell = { person: null, group: null }
const sameCell = (a: Cell, b: Cell) => a.person === b.person && a.group === b.group

function cellsOf(side: MergeSide): Map<string, Cell> {
  const cells = new Map<string, Cell>()
  for (const s of side.seats) {
    if (s.rowNumber > side.rowNumber || s.columnNumber > side.columnNumber) continue
    if (s.trainSignUpMemberId === null && s.groupNumber === null) continue
    cells.set(keyOf(s.rowNumber, s.columnNumber), { person: s.trainSignUpMemberId, group: s.groupNumber })
  }
  return cells
}

/** Keys of the seats whose content differs between two versions. */
export function changedSeats(before: MergeSide, after: MergeSide): string[] {
  const a = cellsOf(before)
  const b = cellsOf(after)
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => !sameCell(a.get(k) ?? EMPTY, b.get(k) ?? EMPTY))
}

export function mergeSeats(base: MergeSide | null, mine: MergeSide, theirs: MergeSide, signedUp: ReadonlySet<number>, prefer: 'mine' | 'theirs'): SeatMerge {
  const b = base ? cellsOf(base) : null
  const m = cellsOf(mine)
  const t = cellsOf(theirs)

  // The grid: one side's change is taken; both changed differently asks.
  const grid = (pick: (s: MergeSide) => number) => {
    const [bv, mv, tv] = [base ? pick(base) : null, pick(mine), pick(theirs)]
    if (mv === tv || mv === bv) return { value: tv, clash: false }
    if (tv === bv) return { value: mv, clash: false }
    return { value: pick(prefer === 'mine' ? mine : theirs), clash: true }
  }
  const rows = grid((s) => s.rowNumber)
  const columns = grid((s) => s.columnNumber)
  const gridClash = rows.clash || columns.clash

  const result = new Map<string, { cell: Cell; from: Source }>()
  const clashes = new Map<string, SeatClash>()
  const clash = (k: string) => {
    const [row, column] = k.split(':').map(Number)
    clashes.set(k, { rowNumber: row, columnNumber: column, mine: (m.get(k) ?? EMPTY).person, theirs: (t.get(k) ?? EMPTY).person })
    result.set(k, { cell: (prefer === 'mine' ? m : t).get(k) ?? EMPTY, from: prefer })
  }
  for (const k of new Set([...m.keys(), ...t.keys(), ...(b?.keys() ?? [])])) {
    const [mc, tc] = [m.get(k) ?? EMPTY, t.get(k) ?? EMPTY]
    const bc = b ? (b.get(k) ?? EMPTY) : null
    if (sameCell(mc, tc)) result.set(k, { cell: mc, from: 'same' })
    else if (bc && sameCell(mc, bc)) result.set(k, { cell: tc, from: 'theirs' })
    else if (bc && sameCell(tc, bc)) result.set(k, { cell: mc, from: 'mine' })
    else clash(k)
  }

  // A person on two seats: both sides moved them. The other side's seats of them go back to the preferred side's value, and are asked about.
  const other: Source = prefer === 'mine' ? 'theirs' : 'mine'
  for (let again = true; again; ) {
    again = false
    const seatsOf = new Map<number, string[]>()
    for (const [k, { cell }] of result) if (cell.person !== null) seatsOf.set(cell.person, [...(seatsOf.get(cell.person) ?? []), k])
    for (const keys of seatsOf.values()) {
      if (keys.length < 2) continue
      for (const k of keys) {
        if (result.get(k)!.from !== other) continue
        clash(k)
        again = true
      }
    }
  }

  const cancelled: SeatMerge['cancelled'] = []
  for (const [k, cell] of m) {
    if (cell.person === null || signedUp.has(cell.person)) continue
    const [row, column] = k.split(':').map(Number)
    cancelled.push({ trainSignUpMemberId: cell.person, rowNumber: row, columnNumber: column })
  }

  const seats: MergeSeat[] = []
  for (const [k, { cell }] of result) {
    const [row, column] = k.split(':').map(Number)
    if (row > rows.value || column > columns.value) continue
    const person = cell.person !== null && signedUp.has(cell.person) ? cell.person : null
    if (person === null && cell.group === null) continue
    seats.push({ rowNumber: row, columnNumber: column, groupNumber: cell.group, trainSignUpMemberId: person })
  }
  seats.sort((x, y) => x.rowNumber - y.rowNumber || x.columnNumber - y.columnNumber)
  const merged = { rowNumber: rows.value, columnNumber: columns.value, seats }
  const order = (a: SeatClash, c: SeatClash) => a.rowNumber - c.rowNumber || a.columnNumber - c.columnNumber
  return {
    ...merged,
    clashes: [...clashes.values()].filter((c) => c.rowNumber <= rows.value && c.columnNumber <= columns.value).sort(order),
    gridClash,
    cancelled,
    changed: rows.value !== theirs.rowNumber || columns.value !== theirs.columnNumber || changedSeats(theirs, merged).length > 0,
  }
}
