/**
 * Item statistics as Moodle's quiz statistics report defines them ("Quiz statistics
 * calculations", docs.moodle.org/dev), over the submitted sittings of an exam, each sitting
 * counted as an independent attempt (Moodle's "all attempts"), an unanswered question
 * scoring 0 and an answer not yet marked left out:
 *
 * - facility index F = the average share of the marks: Σ score ÷ Σ full marks of the marked
 *   answers (0–1). An objective question: the share answering right; an essay marked
 *   15 / 20 and 5 / 20: 0.5.
 * - discrimination index D = the Pearson correlation between the question's score x and the
 *   rest of the test y (the sitting's total − x), over the same answers (−1–1; Moodle prints
 *   100·D as a percentage). Negative: the stronger candidates did worse on it — the
 *   question (or its key) wants checking. Undefined (null) when x or y does not vary.
 * - top / bottom thirds: the sittings ranked by total, highest first (ties: the earlier
 *   sitting first), the first ⌊n/3⌋ and the last ⌊n/3⌋; each option's share is how many
 *   of a third chose it ÷ the sittings in that third.
 */

/** The sums the database adds up per question, from which F and D follow exactly. */
export interface ItemSums {
  /** Marked answers. */
  n: number
  /** Σ x: marks got. */
  got: number
  /** Σ full marks of those answers. */
  worth: number
  /** Σ x² */
  xx: number
  /** Σ y, y = sitting total − x */
  rest: number
  /** Σ y² */
  yy: number
  /** Σ x·y */
  xy: number
}

/** The sums of marked answers given as (score, full marks, sitting total). */
export function sumsOf(answers: readonly { score: number; full: number; total: number }[]): ItemSums {
  const s: ItemSums = { n: 0, got: 0, worth: 0, xx: 0, rest: 0, yy: 0, xy: 0 }
  for (const { score: x, full, total } of answers) {
    const y = total - x
    s.n += 1
    s.got += x
    s.worth += full
    s.xx += x * x
    s.rest += y
    s.yy += y * y
    s.xy += x * y
  }
  return s
}

/** F, 0–1, or null without a marked answer worth anything. */
export function facilityIndex(s: ItemSums): number | null {
  return s.n > 0 && s.worth > 0 ? s.got / s.worth : null
}

/** Rounding noise of sums of halves below this is no variation. */
const EPSILON = 1e-9

/** D, −1–1, or null when fewer than two answers or the score or the rest does not vary. */
export function discriminationIndex(s: ItemSums): number | null {
  if (s.n < 2) return null
  const cov = s.xy - (s.got * s.rest) / s.n
  const vx = s.xx - (s.got * s.got) / s.n
  const vy = s.yy - (s.rest * s.rest) / s.n
  if (vx <= EPSILON || vy <= EPSILON) return null
  return Math.max(-1, Math.min(1, cov / Math.sqrt(vx * vy)))
}

/** Below zero is flagged (Moodle marks such questions as dubious). */
export const discriminatesNegatively = (d: number | null): boolean => d !== null && d < 0

/** The size of a third of `n` sittings. */
export const thirdSize = (n: number): number => Math.floor(n / 3)

/** Which third the sitting at `rank` (1 = highest total) of `n` falls in. */
export function thirdOf(rank: number, n: number): 'top' | 'bottom' | null {
  const k = thirdSize(n)
  if (k === 0) return null
  if (rank <= k) return 'top'
  if (rank > n - k) return 'bottom'
  return null
}
