import { sql } from 'kysely'
import { openDatabase } from '../src-server/db/connect'
import { migrateToLatest } from '../src-server/db/migrate'
import type { Db } from '../src-server/db/types'

/** One write of a write benchmark: the `i`-th sample, inside the transaction `trx`. */
export type Write = (trx: Db, i: number) => Promise<unknown>

class Rollback extends Error {}

/** p50 / p99 / mean in ms of one write, each in its own transaction rolled back after the measurement. */
export async function measureWrite(db: Db, write: Write, samples: number): Promise<string> {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    await db
      .transaction()
      .execute(async (trx) => {
        const started = performance.now()
        await write(trx, i)
        times.push(performance.now() - started)
        throw new Rollback()
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err
      })
  }
  times.sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2)
  return `p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, mean ${mean.toFixed(2)} ms`
}

/**
 * The command line of a write benchmark around a migration: for each database url given,
 * the writes measured, then (if `migration` has not run there yet) the pending migrations
 * timed and the writes measured again.
 */
export async function benchAroundMigration<S>(
  script: string,
  migration: string,
  samples: number,
  sample: (db: Db) => Promise<S>,
  writes: (s: S) => Record<string, Write>,
): Promise<void> {
  const urls = process.argv.slice(2)
  if (urls.length === 0) throw new Error(`usage: npx tsx ${script} <database url>…`)
  for (const url of urls) {
    const { db, dialect } = openDatabase(url)
    try {
      const all = writes(await sample(db))
      const report = async (when: string) => {
        for (const [name, write] of Object.entries(all)) console.log(`${dialect} ${when}: ${name}: ${await measureWrite(db, write, samples)}`)
      }
      const applied = await sql<{ name: string }>`select name from kysely_migration where name = ${migration}`.execute(db)
      if (applied.rows.length === 0) {
        await report(`before ${migration}`)
        const started = performance.now()
        await migrateToLatest(db, dialect)
        console.log(`${dialect}: pending migrations (${migration} among them) took ${((performance.now() - started) / 1000).toFixed(1)} s`)
      }
      await report(`with ${migration}`)
    } finally {
      await db.destroy()
    }
  }
}
