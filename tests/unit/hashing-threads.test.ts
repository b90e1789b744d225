import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { deriveOnHashingThread, HASHING_NICE } from '../../src-server/auth/hashing-threads'
import { defaultGateSettings } from '../../src-server/auth/password-gate'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src-server/auth/passwords'

/** This process's threads: name and nice value (Linux /proc). */
function threads(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      // Fields after the name (which may hold spaces): state is field 3, nice field 19.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return [{ name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), nice: Number(fields[16]) }]
    } catch {
      return [] // a thread that ended while being listed
    }
  })
}

/** The sign-ins' password checks leave the event loop its core (issue 28). */
describe('password checks on the hashing threads', () => {
  it('answer as the checks on libuv’s pool do: the right password (NFKC), a wrong one, an unknown account', async () => {
    const stored = await hashPassword('秘密ｐａｓｓ2026')
    expect(await verifyPassword('秘密pass2026', stored, deriveOnHashingThread)).toBe(true)
    expect(await verifyPassword('秘密pass2026', stored)).toBe(true)
    expect(await verifyPassword('秘密pass2027', stored, deriveOnHashingThread)).toBe(false)
    expect(await verifyAgainstDummy('秘密pass2026', deriveOnHashingThread)).toBe(false)
    // Several at once, each its own answer.
    const answers = await Promise.all(['秘密pass2026', 'x', '秘密pass2026'].map((p) => verifyPassword(p, stored, deriveOnHashingThread)))
    expect(answers).toEqual([true, false, true])
  }, 60_000)

  it.runIf(process.platform === 'linux')('run at a lower scheduling priority than the event loop', async () => {
    const stored = await hashPassword('Bench@2026')
    expect(await verifyPassword('Bench@2026', stored, deriveOnHashingThread)).toBe(true)
    const all = threads()
    // The thread that hashed is kept for the next check, below the event loop's priority (the process's own, unchanged).
    const own = all.find((t) => t.name === 'MainThread' || t.name === 'node')!.nice
    expect(all.some((t) => t.nice === Math.min(19, own + HASHING_NICE))).toBe(true)
  }, 60_000)

  it('run one fewer at once than the process’s share of the cores, at least one', () => {
    const cores = availableParallelism()
    expect(defaultGateSettings(1).concurrency).toBe(Math.max(1, cores - 1))
    expect(defaultGateSettings(cores).concurrency).toBe(1)
  })
})
