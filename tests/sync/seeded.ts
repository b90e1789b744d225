/** A small seeded generator (mulberry32): every random choice of a test follows from its printed seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  }
}

/** The seed of this run: SEED from the environment to reproduce one, else a fresh one. */
export function testSeed(): number {
  return process.env.SEED ? Number(process.env.SEED) : Math.floor(Math.random() * 2 ** 31)
}
