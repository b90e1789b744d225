import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiEnvelope, ApiSuccess } from '../src-shared/errors'
import { openDatabase } from '../src-server/db/connect'
import type { Db } from '../src-server/db/types'
import { measure, printComparison, startBenchServer, type Measurement } from './harness'

/** Whether the data set at `url` holds what `probe` finds (false when there is no such database). */
export async function seededWith(url: string, probe: (db: Db) => Promise<unknown>): Promise<boolean> {
  const { db } = openDatabase(url)
  try {
    return Boolean(await probe(db))
  } catch {
    return false
  } finally {
    await db.destroy()
  }
}

/** The data of a call with an administrator's token; the server's refusal is thrown. */
export async function dataAt<T>(url: string, token: string): Promise<T> {
  const body = (await (await fetch(url, { headers: { Token: token } })).json()) as ApiEnvelope<T>
  if (body.code !== 0) throw new Error(`${url}: ${body.message}`)
  return (body as ApiSuccess<T>).data
}

/**
 * The main of a bench over a seeded data set on each dialect given: Fastify's hello-world
 * measured first as the baseline, each seeded database's rows (a note for one not seeded),
 * the comparison printed, and the rows over the p99 target named.
 */
export async function benchSeededDialects(o: {
  heading: string
  candidates: readonly [string, string | undefined][]
  isSeeded(url: string): Promise<boolean>
  /** What to run when a database is not seeded. */
  howToSeed: string
  targetMs: number
  /** Said when every row is within the target. */
  allWithin: string
  rows(name: string, url: string, uploads: string): Promise<Measurement[]>
}): Promise<void> {
  const hello = await startBenchServer('hello')
  const baseline = await measure('Fastify hello-world', hello.url, { connections: 10, seconds: 5 })
  await hello.stop()

  const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
  const rows: Measurement[] = []
  for (const [name, url] of o.candidates) {
    if (!url || !(await o.isSeeded(url))) {
      console.log(`${name}: not seeded${url ? ` at ${url}` : ''} — ${o.howToSeed}`)
      continue
    }
    rows.push(...(await o.rows(name, url, uploads)))
  }
  await rm(uploads, { recursive: true, force: true })
  printComparison(o.heading, baseline, rows)
  const slow = rows.filter((r) => r.p99 >= o.targetMs || r.failures > 0)
  if (rows.length === 0) console.log('nothing measured: no data set is seeded')
  else console.log(slow.length === 0 ? `p99 < ${o.targetMs} ms on ${o.allWithin}` : `over target or failing: ${slow.map((r) => r.title).join('; ')}`)
}
