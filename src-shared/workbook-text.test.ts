import { describe, expect, it } from 'vitest'
import { seededRandom, testSeed } from '../tests/sync/seeded'
import { exportedText, importedText } from './workbook-text'

describe('the export guard of workbook text', () => {
  it('gives every text back: import after export is the identity (seeded: SEED=<n> replays)', () => {
    const seed = testSeed()
    const random = seededRandom(seed)
    // The characters the rule is about, and some that are not.
    const alphabet = ["'", '=', '+', '-', '@', '\t', 'a', '5', '中', ' ']
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: 1 + random.int(6) }, () => random.pick(alphabet)).join('')
      expect(importedText(exportedText(text)), `seed ${seed}: ${JSON.stringify(text)}`).toBe(text)
    }
  })

  it('writes formula-like text as it is, and takes the old exports’ apostrophe off', () => {
    for (const text of ['=SUM(A1)', '-5的绝对值', '+86', '@all', "'abc", 'abc']) expect(exportedText(text)).toBe(text)
    expect(exportedText("'=x")).toBe("''=x")
    for (const text of ['=SUM(A1)', '-5的绝对值', '+86', '@all']) expect(importedText(`'${text}`)).toBe(text)
    expect(importedText("'abc")).toBe("'abc")
  })
})
