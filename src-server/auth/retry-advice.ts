/**
 * The wait a sign-in turned away at the password queue is told (issue 28). The queue's own
 * length says only when the queue empties; under overload the crowd that matters is the
 * phones waiting outside it, and told "1 s" they all come back each second: measured on the
 * quiet box, 3,500 phones arriving at twice the capacity made 82,000 refused calls in two
 * minutes, phones retried about once a second, and the phones' one address (the bench's, as
 * a hall's behind one NAT address) met its ceiling: 507 of them were refused 请求过于频繁.
 * So the advice counts the crowd: the phones turned away and told to come back, not yet
 * served; they are served at the queue's rate, so their wait is their number over that rate.
 * Told half of it, so that about twice the capacity keeps coming back and the queue does not
 * run dry while phones still wait (goodput); the refusals beyond that cost no hash.
 */

/** The longest wait told, in seconds. */
export const MAX_RETRY_S = 120
/** Phones remembered at the most: a flood of made-up telephones cannot grow the memory beyond it. */
const MAX_REMEMBERED = 50_000
/** A phone that has not come back by 1½ × its wait (the page spreads it up to that) and this is counted gone. */
const LATE_MS = 10_000

export interface RetryAdvice {
  /** `who` (a telephone, an account name) was turned away; returns the whole seconds it is told to wait. */
  refused(who: string, queueSeconds: number, perSecond: number): number
  /** `who` was let through to its check: no longer outside. */
  admitted(who: string): void
}

export function createRetryAdvice(now: () => number = Date.now): RetryAdvice {
  // Insertion order is the order of the last refusal (a phone refused again is moved to the end).
  const waitingUntil = new Map<string, number>()
  let sweptAt = 0
  // The waits told differ, so the order of refusal is only roughly that of expiry: the
  // oldest are dropped up to the first still expected, and the whole map once a second.
  const prune = (at: number) => {
    const sweep = at - sweptAt >= 1000
    if (sweep) sweptAt = at
    for (const [who, until] of waitingUntil) {
      if (until > at && waitingUntil.size <= MAX_REMEMBERED) {
        if (sweep) continue
        break
      }
      waitingUntil.delete(who)
    }
  }
  return {
    refused(who, queueSeconds, perSecond) {
      const at = now()
      waitingUntil.delete(who)
      prune(at)
      const crowd = (waitingUntil.size + 1) / (2 * Math.max(perSecond, 0.001))
      const told = Math.min(MAX_RETRY_S, Math.max(1, Math.ceil(Math.max(queueSeconds, crowd))))
      waitingUntil.set(who, at + told * 1500 + LATE_MS)
      return told
    },
    admitted(who) {
      waitingUntil.delete(who)
    },
  }
}
