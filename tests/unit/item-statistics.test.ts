import { describe, expect, it } from 'vitest'
import { discriminatesNegatively, discriminationIndex, facilityIndex, sumsOf, thirdOf } from '../../src-shared/item-statistics'

/**
 * Moodle's facility and discrimination indices against figures worked by hand.
 *
 * Six sittings of a paper: Q1 (10 marks) and the rest of the test.
 *   sitting   x (Q1)   total   y = total − x
 *   s1        10       90      80
 *   s2        10       70      60
 *   s3         0       60      60
 *   s4        10       50      40
 *   s5         0       40      40
 *   s6         0       20      20
 * F = 30 / 60 = 0.5.
 * x̄ = 5, ȳ = 50; deviations x: +5 +5 −5 +5 −5 −5; y: +30 +10 +10 −10 −10 −30
 * Σdx·dy = 150 + 50 − 50 − 50 + 50 + 150 = 300; Σdx² = 150; Σdy² = 900 + 100·4 + 900 = 2200
 * D = 300 / √(150 · 2200) = 300 / 574.456… = 0.52223…
 */
const q1 = [
  { score: 10, full: 10, total: 90 },
  { score: 10, full: 10, total: 70 },
  { score: 0, full: 10, total: 60 },
  { score: 10, full: 10, total: 50 },
  { score: 0, full: 10, total: 40 },
  { score: 0, full: 10, total: 20 },
]

describe('item statistics (Moodle quiz statistics)', () => {
  it('facility index is the average share of the marks', () => {
    expect(facilityIndex(sumsOf(q1))).toBe(0.5)
    // An essay of 20 marks marked 15 and 5: the average share of its marks, 0.5 (not 正确率 0).
    expect(facilityIndex(sumsOf([{ score: 15, full: 20, total: 15 }, { score: 5, full: 20, total: 5 }]))).toBe(0.5)
    // The same question at 10 marks on one paper and 20 on another: Σ got ÷ Σ worth.
    expect(facilityIndex(sumsOf([{ score: 10, full: 10, total: 10 }, { score: 0, full: 20, total: 0 }]))).toBeCloseTo(1 / 3, 12)
    expect(facilityIndex(sumsOf([]))).toBeNull()
  })

  it('discrimination index is the correlation of the question score with the rest of the test', () => {
    expect(discriminationIndex(sumsOf(q1))).toBeCloseTo(300 / Math.sqrt(150 * 2200), 12)
    expect(discriminationIndex(sumsOf(q1))).toBeCloseTo(0.52223, 5)
  })

  it('is negative when the stronger candidates got the question wrong, and flagged', () => {
    // Q1 with its key reversed: x' = 10 − x against the same rest: D = −0.52223…
    const reversed = q1.map((a) => ({ score: 10 - a.score, full: 10, total: a.total - a.score + (10 - a.score) }))
    const d = discriminationIndex(sumsOf(reversed))
    expect(d).toBeCloseTo(-0.52223, 5)
    expect(discriminatesNegatively(d)).toBe(true)
    expect(discriminatesNegatively(0.3)).toBe(false)
    expect(discriminatesNegatively(null)).toBe(false)
  })

  it('is undefined when everyone scored the same on the question or on the rest, or with one answer', () => {
    expect(discriminationIndex(sumsOf(q1.map((a) => ({ ...a, score: 10, total: a.total - a.score + 10 }))))).toBeNull()
    expect(discriminationIndex(sumsOf([{ score: 10, full: 10, total: 50 }, { score: 0, full: 10, total: 40 }]))).toBeNull()
    expect(discriminationIndex(sumsOf([{ score: 10, full: 10, total: 50 }]))).toBeNull()
  })

  it('splits the ranked sittings into a top and a bottom third of ⌊n/3⌋ each', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => thirdOf(r, 7))).toEqual(['top', 'top', null, null, null, 'bottom', 'bottom'])
    expect([1, 2, 3].map((r) => thirdOf(r, 3))).toEqual(['top', null, 'bottom'])
    expect([1, 2].map((r) => thirdOf(r, 2))).toEqual([null, null])
  })
})
