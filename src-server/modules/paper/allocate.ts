import type { AutoRule, SplitRule } from '../../../src-shared/schemas/paper'

/** Reviewed questions available: category id → question type → count. */
export type Availability = Map<number, Map<number, number>>

/** How many questions of each type each category of the split gives. */
export type Allocation = Map<number, Map<number, number>>

export interface Shortage {
  categoryId: number
  /** The types the category would still have to give. */
  types: number[]
  /** Reviewed questions of those types in the category. */
  have: number
  need: number
}

const availableOf = (a: Availability, c: number, t: number) => a.get(c)?.get(t) ?? 0

/**
 * Splits each type's count over the categories of the split so that every category
 * gives exactly its count, within the reviewed questions it has. A maximum flow over
 * category → type edges finds a split whenever one exists (a fixed order could miss
 * one); when none exists, the first category a greedy fill leaves short is named,
 * with what it has and what it would need.
 */
export function allocate(rules: readonly AutoRule[], split: readonly SplitRule[], available: Availability): { ok: true; allocation: Allocation } | { ok: false; shortage: Shortage } {
  const types = rules.map((r) => r.questionType)
  const need = new Map(rules.map((r) => [r.questionType, r.questionCount]))
  // flow[c][t]: questions of type t that category c gives.
  const flow = new Map(split.map((s) => [s.categoryId, new Map(types.map((t) => [t, 0]))]))
  const typeFlow = new Map(types.map((t) => [t, 0]))
  const categoryFlow = new Map(split.map((s) => [s.categoryId, 0]))
  const quota = new Map(split.map((s) => [s.categoryId, s.categoryCount]))

  /** One augmenting path source → category → (type → category → …) → type → sink, by depth-first search. */
  const augment = (c: number, seen: Set<number>): boolean => {
    for (const t of types) {
      const cf = flow.get(c) as Map<number, number>
      if ((cf.get(t) ?? 0) >= availableOf(available, c, t)) continue
      if ((typeFlow.get(t) ?? 0) < (need.get(t) ?? 0)) {
        cf.set(t, (cf.get(t) ?? 0) + 1)
        typeFlow.set(t, (typeFlow.get(t) ?? 0) + 1)
        return true
      }
      // The type is full: move one of its questions from another category that can give another type.
      for (const other of split) {
        const o = other.categoryId
        if (seen.has(o) || ((flow.get(o) as Map<number, number>).get(t) ?? 0) === 0) continue
        seen.add(o)
        if (augment(o, seen)) {
          const of = flow.get(o) as Map<number, number>
          of.set(t, (of.get(t) ?? 0) - 1)
          cf.set(t, (cf.get(t) ?? 0) + 1)
          return true
        }
      }
    }
    return false
  }

  for (const s of split) {
    while ((categoryFlow.get(s.categoryId) ?? 0) < (quota.get(s.categoryId) ?? 0)) {
      if (!augment(s.categoryId, new Set([s.categoryId]))) return { ok: false, shortage: greedyShortage(rules, split, available) }
      categoryFlow.set(s.categoryId, (categoryFlow.get(s.categoryId) ?? 0) + 1)
    }
  }
  return { ok: true, allocation: flow }
}

/** The first category that a fill in split order, types in order, leaves short. */
function greedyShortage(rules: readonly AutoRule[], split: readonly SplitRule[], available: Availability): Shortage {
  const need = new Map(rules.map((r) => [r.questionType, r.questionCount]))
  for (const s of split) {
    let quota = s.categoryCount
    for (const r of rules) {
      const take = Math.min(need.get(r.questionType) ?? 0, quota, availableOf(available, s.categoryId, r.questionType))
      need.set(r.questionType, (need.get(r.questionType) ?? 0) - take)
      quota -= take
    }
    if (quota > 0) {
      const types = rules.map((r) => r.questionType).filter((t) => (need.get(t) ?? 0) > 0)
      const have = types.reduce((sum, t) => sum + availableOf(available, s.categoryId, t), 0)
      return { categoryId: s.categoryId, types, have, need: have + quota }
    }
  }
  // Unreachable when the flow failed: the greedy fill is itself a valid split.
  const last = split[split.length - 1]
  return { categoryId: last.categoryId, types: [], have: 0, need: last.categoryCount }
}
