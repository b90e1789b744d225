import { describe, expect, it } from 'vitest'
import { createRetryAdvice, MAX_RETRY_S } from '../../src-server/auth/retry-advice'
import { seededRandom, testSeed } from '../sync/seeded'

/**
 * An overload of the password queue, simulated in steps of 10 ms on a clock of its own:
 * `phones` arrive over `arrivalS` seconds at a queue serving `perSecond` checks with room
 * for `bound` waiting; a phone turned away waits what it is told, spread between ½ and 1½
 * of it as the phone page does (src-phone/exam-page.ts), and tries again. What the phones
 * would notice: how often each is turned away, how long the crowd took to get in (longer
 * than the queue's rate allows: the queue ran dry while phones waited outside), and that all
 * get in.
 */
function overload(seed: number, phones: number, perSecond: number, arrivalS: number, bound = 25) {
  const random = seededRandom(seed)
  let now = 0
  const advice = createRetryAdvice(() => now)
  const nextTry = Array.from({ length: phones }, () => random.next() * arrivalS * 1000)
  const refusals = new Array<number>(phones).fill(0)
  const served = new Array<boolean>(phones).fill(false)
  const queue: number[] = []
  let credit = 0
  let done = 0
  while (done < phones && now < 3_600_000) {
    for (let p = 0; p < phones; p++) {
      if (served[p] || nextTry[p] > now) continue
      if (queue.length >= bound) {
        refusals[p] += 1
        const told = advice.refused(String(p), queue.length / perSecond, perSecond)
        nextTry[p] = now + told * 1000 * (0.5 + random.next())
      } else {
        advice.admitted(String(p))
        queue.push(p)
        nextTry[p] = Infinity
      }
    }
    credit += (perSecond * 10) / 1000
    while (credit >= 1 && queue.length > 0) {
      served[queue.shift()!] = true
      done += 1
      credit -= 1
    }
    credit = Math.min(credit, 1)
    now += 10
  }
  const seconds = now / 1000
  return { seconds, done, maxRefusals: Math.max(...refusals), refused: refusals.reduce((a, b) => a + b, 0) }
}

describe('the wait told to sign-ins turned away', () => {
  it('spreads a crowd at twice the capacity: each phone turned away a few times, the queue kept busy, everyone in', () => {
    const seed = testSeed()
    try {
      // 3,500 phones over 60 s at 29 checks a second (the SQLite overload run on the quiet box).
      const run = overload(seed, 3500, 29, 60)
      expect(run.done).toBe(3500)
      // Served at the queue's rate from start to end: no time lost to a drained queue (goodput).
      expect(run.seconds).toBeLessThan((3500 / 29) * 1.1)
      // Told one second each time (the queue's own wait), phones came back once a second: here a few times a minute.
      expect(run.maxRefusals).toBeLessThan(40)
      expect(run.refused / 3500).toBeLessThan(10)
    } catch (error) {
      console.error(`retry advice overload failed; reproduce with SEED=${seed}`)
      throw error
    }
  })

  it('tells the queue’s own wait when there is no crowd, and never more than the ceiling', () => {
    let now = 0
    const advice = createRetryAdvice(() => now)
    expect(advice.refused('a', 0.4, 25)).toBe(1)
    expect(advice.refused('b', 3.2, 25)).toBe(4)
    for (let i = 0; i < 100_000; i++) advice.refused(`p${i}`, 1, 25)
    expect(advice.refused('c', 1, 25)).toBe(MAX_RETRY_S)
    // Those who never came back are forgotten: the next one is told the queue's own wait again.
    advice.admitted('c')
    now += (MAX_RETRY_S * 1.5 + 11) * 1000
    expect(advice.refused('d', 0.4, 25)).toBe(1)
  })
})
