import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openLocalDb } from '../../src-main/core/cache/local-store'
import { seededRandom, testSeed } from './seeded'

/**
 * The outbox survives being killed: a process queues seat saves and is SIGKILLed at
 * random points until 1 000 saves have been reported committed. Every reported save is
 * in the file afterwards (0 lost) and `PRAGMA integrity_check` answers ok each time.
 */

const WRITER = join(__dirname, 'outbox-writer.ts')
const TARGET = 1000
let dir = ''
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined))

/** Runs the writer until it has reported `count` committed saves, then kills it with SIGKILL. */
function writeThenKill(file: string, first: number, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(first)], { stdio: ['ignore', 'pipe', 'inherit'] })
    const keys: string[] = []
    let rest = ''
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n')
      rest = lines.pop() ?? ''
      // Every printed key was committed before it was printed, even those after the kill was sent.
      keys.push(...lines)
      if (keys.length >= count && !child.killed) child.kill('SIGKILL')
    })
    child.on('error', reject)
    child.on('exit', () => resolve(keys))
  })
}

it('loses no committed outbox write when the process is killed at random points', async () => {
  const seed = testSeed()
  const random = seededRandom(seed)
  dir = await mkdtemp(join(tmpdir(), 'outbox-crash-'))
  const file = join(dir, 'offline-cache.sqlite')
  const committed: string[] = []
  let kills = 0
  try {
    while (committed.length < TARGET) {
      const keys = await writeThenKill(file, kills * 1_000_000 + 1, 20 + random.int(180))
      committed.push(...keys)
      kills++
      const db = openLocalDb(file)
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const stored = new Set(db.prepare<[], { idem_key: string }>('SELECT idem_key FROM outbox').all().map((r) => r.idem_key))
      db.close()
      const lost = committed.filter((k) => !stored.has(k))
      expect(lost).toEqual([])
    }
    expect(kills).toBeGreaterThan(3)
  } catch (error) {
    console.error(`outbox crash test failed; reproduce with SEED=${seed}`)
    throw error
  }
}, 240_000)
