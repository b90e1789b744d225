import { sql } from 'kysely'
import type { Db } from '../src-server/db/types'
import { placesFree } from '../src-server/modules/signup/queries'
import { benchAroundMigration, type Write } from './rolled-back-writes'

/**
 * `flock /tmp/bench.lock npx tsx bench/count-writes.bench.ts <database url>…`: what the
 * count triggers (migration 0017) cost the writes they follow, on databases with many
 * sign-ups (`bench/seed-statistics.ts`) that have not had 0017 yet: each write is
 * measured, then the pending migrations run (timed: 0017 recounts every training's
 * sign-ups once), then the writes again. Every write runs in a transaction that is
 * rolled back, so the data set stays as seeded.
 */
const SAMPLES = 200
const MIGRATION = '0017_kept_counts'

/** Every `n`-th of `rows`, `count` at the most: samples spread over a table. */
const spread = <T>(rows: T[], count: number) => rows.filter((_, i) => i % Math.max(1, Math.floor(rows.length / count)) === 0).slice(0, count)

async function samples(db: Db) {
  const trains = spread(await db.selectFrom('train').select('id').orderBy('id').execute(), SAMPLES)
  const members = spread(await db.selectFrom('member').select(['id', 'name', 'telephone', 'orgId']).orderBy('id').execute(), SAMPLES)
  const taken = new Set((await db.selectFrom('trainSignUp').select(['trainId', 'memberId']).where('trainId', 'in', trains.map((t) => t.id)).execute()).map((r) => `${r.trainId}:${r.memberId}`))
  // A member not yet signed up for the training, for each training sampled.
  const free = trains.flatMap((t, i) => {
    const m = members.map((_, k) => members[(i + k) % members.length]).find((c) => !taken.has(`${t.id}:${c.id}`))
    return m ? [{ trainId: t.id, memberId: m.id, name: m.name, telephone: m.telephone, orgId: m.orgId }] : []
  })
  const signUps = await sql<{ id: number; trainId: number; signInId: number }>`
    select s.id, s.train_id, w.id as sign_in_id from train_sign_up s join train_sign_in w on w.train_id = s.train_id
    where not exists (select 1 from train_check_in c where c.sign_up_id = s.id) order by s.id`.execute(db)
  return { free, signUps: spread(signUps.rows, SAMPLES) }
}

function writes(s: Awaited<ReturnType<typeof samples>>): Record<string, Write> {
  const at = <T>(rows: T[], i: number) => rows[i % rows.length]
  const stamp = '2026-01-01 00:00:00'
  return {
    // What insertSignUp runs in its transaction: the capacity check on the training's row, then the row.
    'sign-up (capacity check and insert train_sign_up)': async (trx, i) => {
      const f = at(s.free, i)
      await placesFree(trx, f.trainId, 1)
      await trx.insertInto('trainSignUp').values({ trainId: f.trainId, memberId: f.memberId, name: f.name, telephone: f.telephone, orgId: f.orgId, source: 'admin', createdAt: stamp, updatedAt: stamp }).execute()
    },
    'sign-up deleted': (trx, i) => trx.deleteFrom('trainSignUp').where('id', '=', at(s.signUps, i + 1).id).execute(),
    'check-in (insert train_check_in)': (trx, i) => {
      const u = at(s.signUps, i)
      return trx.insertInto('trainCheckIn').values({ signUpId: u.id, trainId: u.trainId, signInId: u.signInId, checkInTime: stamp }).execute()
    },
  }
}

benchAroundMigration('bench/count-writes.bench.ts', MIGRATION, SAMPLES, samples, writes).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
