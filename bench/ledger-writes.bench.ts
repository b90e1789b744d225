import { sql } from 'kysely'
import { openDatabase } from '../src-server/db/connect'
import { migrateToLatest } from '../src-server/db/migrate'
import type { Db } from '../src-server/db/types'

/**
 * `flock /tmp/bench.lock npx tsx bench/ledger-writes.bench.ts <database url>…`: what the
 * ledger's triggers (migration 0014) cost the writes they follow, on province databases
 * (`seed:province` and `bench/seed-statistics.ts`) that have not had 0014 yet: each
 * write is measured, then the pending migrations run (timed: 0014 computes the figures
 * of the whole province once), then the writes again. Every write runs in a transaction
 * that is rolled back, so the data set stays as seeded.
 */
const SAMPLES = 200
const MIGRATION = '0014_ledger_figures'

type Write = (trx: Db, i: number) => Promise<unknown>

async function samples(db: Db) {
  const signUps = await sql<{ id: number; trainId: number; signInId: number }>`
    select s.id, s.train_id, w.id as sign_in_id from train_sign_up s join train_sign_in w on w.train_id = s.train_id
    where s.id % 997 = 8 and not exists (select 1 from train_check_in c where c.sign_up_id = s.id) order by s.id limit ${SAMPLES}`.execute(db)
  const members = await sql<{ id: number }>`select id from member where id % 15991 = 5 order by id limit ${SAMPLES}`.execute(db)
  const branches = await sql<{ id: number; path: string; topOrgId: number }>`
    select id, path, top_org_id from org where children_count = 0 and id % 797 = 3 order by id limit ${SAMPLES}`.execute(db)
  return { signUps: signUps.rows, members: members.rows, branches: branches.rows }
}

function writes(s: Awaited<ReturnType<typeof samples>>): Record<string, Write> {
  const at = <T>(rows: T[], i: number) => rows[i % rows.length]
  const stamp = '2026-01-01 00:00:00'
  return {
    'check-in (insert train_check_in)': (trx, i) => {
      const u = at(s.signUps, i)
      return trx.insertInto('trainCheckIn').values({ signUpId: u.id, trainId: u.trainId, signInId: u.signInId, checkInTime: stamp }).execute()
    },
    'member disabled (update enabled)': (trx, i) => trx.updateTable('member').set({ enabled: 0 }).where('id', '=', at(s.members, i).id).execute(),
    'member moved to another branch': (trx, i) => {
      const b = at(s.branches, i + 7)
      return trx.updateTable('member').set({ orgId: b.id, orgPath: b.path, topOrgId: b.topOrgId }).where('id', '=', at(s.members, i).id).execute()
    },
    'member added': (trx, i) => {
      const b = at(s.branches, i)
      return trx
        .insertInto('member')
        .values({ name: '写入压测', telephone: `1990${String(i).padStart(7, '0')}`, orgId: b.id, orgPath: b.path, topOrgId: b.topOrgId, partyJobs: '党员', createdAt: stamp, updatedAt: stamp })
        .execute()
    },
  }
}

class Rollback extends Error {}

/** p50 / p99 / mean in ms of one write, each in its own transaction rolled back after the measurement. */
async function measureWrite(db: Db, write: Write): Promise<string> {
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
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

async function benchDatabase(url: string): Promise<void> {
  const { db, dialect } = openDatabase(url)
  try {
    const s = await samples(db)
    const all = writes(s)
    const report = async (when: string) => {
      for (const [name, write] of Object.entries(all)) console.log(`${dialect} ${when}: ${name}: ${await measureWrite(db, write)}`)
    }
    const applied = await sql<{ name: string }>`select name from kysely_migration where name = ${MIGRATION}`.execute(db)
    if (applied.rows.length === 0) {
      await report(`before ${MIGRATION}`)
      const started = performance.now()
      await migrateToLatest(db, dialect)
      console.log(`${dialect}: pending migrations (${MIGRATION} among them) took ${((performance.now() - started) / 1000).toFixed(1)} s`)
    }
    await report(`with ${MIGRATION}`)
  } finally {
    await db.destroy()
  }
}

async function main(): Promise<void> {
  const urls = process.argv.slice(2)
  if (urls.length === 0) throw new Error('usage: npx tsx bench/ledger-writes.bench.ts <database url>…')
  for (const url of urls) await benchDatabase(url)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
