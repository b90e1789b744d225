import { describe, expect, it } from 'vitest'
import { DOOR_COUNT_LIMIT, DoorIndex, type DoorEntry } from '../../src-main/core/sync/door-index'
import { seededRandom, testSeed } from '../sync/seeded'
import { scanRoster } from '../support/door-scan'

/**
 * The door look-up's index answers exactly what a scan of every person answers: the same
 * people in the same order (an exact code or name first) and the same count (or "more
 * than" the count limit, when more match), for names,
 * phone digits, pinyin initials and scanned codes. Seeded rosters with crowded keys (few
 * characters, short phones, repeated names, codes that are also phone digits).
 */
describe('door look-up index', () => {
  it('answers every look-up as a full scan does', () => {
    const seed = testSeed()
    const random = seededRandom(seed)
    const chars = '王李张三丰伟芳欧阳明'
    const word = (alphabet: string, min: number, max: number) =>
      Array.from({ length: min + random.int(max - min + 1) }, () => alphabet[random.int(alphabet.length)]).join('')
    let capped = 0
    try {
      for (let roster = 0; roster < 20; roster++) {
        // The last roster is a hall where every phone is zeros, so the count limit is surely met.
        const crowded = roster === 19
        const size = crowded ? 2 * DOOR_COUNT_LIMIT + random.int(4000) : 1 + random.int(roster < 10 ? 60 : 8000)
        const entries: DoorEntry[] = Array.from({ length: size }, (_, i) => {
          const signUpId = 1 + i * (1 + random.int(3))
          // Some phones hold a dash or are short; some codes are digits of others' phones.
          const telephone = crowded
            ? '0'.repeat(6 + random.int(6))
            : random.chance(0.05) ? `${word('0123', 3, 4)}-${word('0123456789', 4, 8)}` : word(random.pick(['0', '01', '0123', '0123456789']), 0, 11)
          return { signUpId, code: String(signUpId), name: word(chars, 1, 4), telephone, initials: word('abcwz', 0, 4) }
        })
        // Ids ascend (the roster is read in sign-up order).
        entries.sort((a, b) => a.signUpId - b.signUpId)
        const index = new DoorIndex(entries)
        for (let q = 0; q < 300; q++) {
          const pick = random.pick(entries)
          const query = random.pick([
            () => pick.code,
            () => word('0123456789', 1, 6),
            // Crowded: thousands of phones of zeros hold it.
            () => '0'.repeat(4 + random.int(3)),
            () => pick.telephone.slice(random.int(4), 4 + random.int(8)).replace(/\D/g, '') || '0',
            () => word('abcwz', 1, 4),
            () => pick.initials.slice(0, 1 + random.int(4)) || 'a',
            () => pick.name,
            () => word(chars, 1, 3),
          ])()
          const found = index.search(query)
          const expected = scanRoster(entries, query)
          // Counted to the limit, or exactly: either way the truth.
          const total = found.more ? expected.total > DOOR_COUNT_LIMIT && found.total === DOOR_COUNT_LIMIT : found.total === expected.total
          expect({ query, ids: found.hits.map((e) => e.signUpId), total }).toEqual({ query, ids: expected.hits.map((e) => e.signUpId), total: true })
          capped += Number(found.more)
        }
      }
      // The crowded hall reaches the count limit: the cap itself is checked.
      expect(capped).toBeGreaterThan(0)
      console.log(`door look-up index: 20 rosters × 300 look-ups equal to the scan (${capped} counted to the limit), seed ${seed}`)
    } catch (err) {
      console.error(`door look-up index differs from the scan; replay with SEED=${seed}`)
      throw err
    }
    // About a second on a quiet machine; room for a loaded one.
  }, 60_000)
})
