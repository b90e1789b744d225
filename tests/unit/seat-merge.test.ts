import { describe, expect, it } from 'vitest'
import { mergeSeats, type MergeSide } from '../../src-shared/seat-merge'

/** A 3 × 3 plan from `[row, column, person]` triples. */
const plan = (seats: [number, number, number | null][], rows = 3, columns = 3): MergeSide => ({
  rowNumber: rows,
  columnNumber: columns,
  seats: seats.map(([rowNumber, columnNumber, trainSignUpMemberId]) => ({ rowNumber, columnNumber, groupNumber: null, trainSignUpMemberId })),
})
const triples = (side: MergeSide) => side.seats.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])
const everyone = new Set([1, 2, 3, 4, 5])

describe('three-way seat merge', () => {
  const base = plan([[1, 1, 1], [1, 2, 2], [2, 1, 3]])

  it('takes seats changed on one side only from that side, without clashes', () => {
    const mine = plan([[1, 1, 2], [1, 2, 1], [2, 1, 3]]) // swapped 1 and 2
    const theirs = plan([[1, 1, 1], [1, 2, 2], [3, 3, 3], [2, 2, 4]]) // moved 3, seated 4
    const merged = mergeSeats(base, mine, theirs, everyone, 'theirs')
    expect(merged.clashes).toEqual([])
    expect(merged.changed).toBe(true)
    expect(triples(merged)).toEqual([[1, 1, 2], [1, 2, 1], [2, 2, 4], [3, 3, 3]])
  })

  it('asks only about seats both sides changed differently, taking the preferred side', () => {
    const mine = plan([[1, 1, 4], [1, 2, 2], [2, 1, 3]]) // 4 onto 1,1 (1 unseated)
    const theirs = plan([[1, 1, 5], [1, 2, 2], [2, 1, 1]]) // 5 onto 1,1, 1 to 2,1 (3 unseated)
    const forTheirs = mergeSeats(base, mine, theirs, everyone, 'theirs')
    expect(forTheirs.clashes).toEqual([{ rowNumber: 1, columnNumber: 1, mine: 4, theirs: 5 }])
    expect(triples(forTheirs)).toEqual([[1, 1, 5], [1, 2, 2], [2, 1, 1]])
    const forMine = mergeSeats(base, mine, theirs, everyone, 'mine')
    expect(triples(forMine)).toEqual([[1, 1, 4], [1, 2, 2], [2, 1, 1]])
  })

  it('never seats a person twice when both sides moved the same person to different seats', () => {
    const mine = plan([[1, 2, 2], [2, 1, 3], [3, 1, 1]]) // 1 to 3,1
    const theirs = plan([[1, 2, 2], [2, 1, 3], [3, 2, 1]]) // 1 to 3,2
    for (const prefer of ['mine', 'theirs'] as const) {
      const merged = mergeSeats(base, mine, theirs, everyone, prefer)
      const people = merged.seats.flatMap((s) => (s.trainSignUpMemberId === null ? [] : [s.trainSignUpMemberId]))
      expect(new Set(people).size).toBe(people.length)
      expect(merged.clashes.length).toBeGreaterThan(0)
      expect(triples(merged)).toContainEqual(prefer === 'mine' ? [3, 1, 1] : [3, 2, 1])
    }
  })

  it('leaves the seat of a cancelled sign-up empty, names it, and keeps the clerk\'s other moves', () => {
    const mine = plan([[1, 1, 2], [1, 2, 1], [2, 1, 3]]) // swapped 1 and 2
    const theirs = plan([[1, 1, 1], [1, 2, 2]]) // 3 cancelled: the server emptied 2,1
    const merged = mergeSeats(base, mine, theirs, new Set([1, 2, 4, 5]), 'mine')
    expect(merged.cancelled).toEqual([{ trainSignUpMemberId: 3, rowNumber: 2, columnNumber: 1 }])
    expect(merged.clashes).toEqual([])
    expect(triples(merged)).toEqual([[1, 1, 2], [1, 2, 1]])
  })

  it('merges a grid change of one side and asks when both changed it differently', () => {
    const bigger = { ...plan([[1, 1, 1], [1, 2, 2], [2, 1, 3]], 4, 4) }
    expect(mergeSeats(base, bigger, plan([[1, 1, 1], [1, 2, 2], [2, 1, 3], [3, 3, 4]]), everyone, 'theirs')).toMatchObject({ rowNumber: 4, columnNumber: 4, gridClash: false })
    expect(mergeSeats(base, bigger, plan([[1, 1, 1], [1, 2, 2], [2, 1, 3]], 5, 5), everyone, 'theirs')).toMatchObject({ rowNumber: 5, columnNumber: 5, gridClash: true })
  })

  it('without a known base, every seat that differs is asked about', () => {
    const merged = mergeSeats(null, plan([[1, 1, 2]]), plan([[1, 1, 1], [1, 2, 2]]), everyone, 'theirs')
    expect(merged.clashes.map((c) => [c.rowNumber, c.columnNumber])).toEqual([[1, 1], [1, 2]])
    expect(triples(merged)).toEqual([[1, 1, 1], [1, 2, 2]])
  })

  it('says nothing changed when mine adds nothing to theirs', () => {
    expect(mergeSeats(base, base, plan([[1, 1, 1], [1, 2, 2], [2, 1, 3], [3, 3, 4]]), everyone, 'mine').changed).toBe(false)
  })
})
