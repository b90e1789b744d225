import { describe, expect, it } from 'vitest'
import type { AutoRule, SplitRule } from '../../src-shared/schemas/paper'
import { allocate, type Availability } from '../../src-server/modules/paper/allocate'

/** A small seeded generator (mulberry32): the same seed gives the same cases. */
function random(seed: number): (n: number) => number {
  let a = seed >>> 0
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

/** Whether any split exists, by trying every way each category can give its count. */
function feasible(rules: AutoRule[], split: SplitRule[], available: Availability): boolean {
  const need = rules.map((r) => r.questionCount)
  const fill = (c: number, t: number, quota: number): boolean => {
    if (c === split.length) return true
    if (t === rules.length) return quota === 0 && fill(c + 1, 0, split[c + 1]?.categoryCount ?? 0)
    const cap = Math.min(quota, need[t], available.get(split[c].categoryId)?.get(rules[t].questionType) ?? 0)
    for (let k = 0; k <= cap; k++) {
      need[t] -= k
      const ok = fill(c, t + 1, quota - k)
      need[t] += k
      if (ok) return true
    }
    return false
  }
  return split.length === 0 || fill(0, 0, split[0].categoryCount)
}

describe('category split of an automatic paper', () => {
  it('finds a split exactly when one exists, within what each category has (seeded)', () => {
    const base = Number(process.env.SEED ?? 20261123)
    for (let i = 0; i < 400; i++) {
      const seed = base + i
      const next = random(seed)
      const rules: AutoRule[] = [1, 2, 3].slice(0, 1 + next(3)).map((t) => ({ questionType: t, questionCount: next(5), questionScore: 1 }))
      const total = rules.reduce((s, r) => s + r.questionCount, 0)
      const split: SplitRule[] = []
      let left = total
      for (let c = 1; c <= 1 + next(3) && left > 0; c++) {
        const count = 1 + next(left)
        split.push({ categoryId: c, categoryCount: count })
        left -= count
      }
      const available: Availability = new Map(split.map((s) => [s.categoryId, new Map(rules.map((r) => [r.questionType, next(5)]))]))
      const result = allocate(rules, split, available)
      try {
        expect(result.ok).toBe(feasible(rules, split, available))
        if (result.ok) {
          for (const s of split) {
            const given = [...(result.allocation.get(s.categoryId) ?? new Map<number, number>()).entries()]
            expect(given.reduce((sum, [, k]) => sum + k, 0)).toBe(s.categoryCount)
            for (const [t, k] of given) expect(k).toBeLessThanOrEqual(available.get(s.categoryId)?.get(t) ?? 0)
          }
          for (const r of rules) {
            const given = split.reduce((sum, s) => sum + (result.allocation.get(s.categoryId)?.get(r.questionType) ?? 0), 0)
            expect(given).toBeLessThanOrEqual(r.questionCount)
          }
        } else {
          expect(result.shortage.need).toBeGreaterThan(result.shortage.have)
        }
      } catch (error) {
        throw new Error(`seed ${seed}: ${String(error)}`, { cause: error })
      }
    }
  })

  it('names the short category with what it has and needs', () => {
    const result = allocate(
      [{ questionType: 2, questionCount: 5, questionScore: 1 }],
      [{ categoryId: 7, categoryCount: 5 }],
      new Map([[7, new Map([[2, 3]])]]),
    )
    expect(result).toEqual({ ok: false, shortage: { categoryId: 7, types: [2], have: 3, need: 5 } })
  })
})
