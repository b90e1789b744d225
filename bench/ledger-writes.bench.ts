import { sql } from 'kysely'
import type { Db } from '../src-server/db/types'
import { benchAroundMigration, type Write } from './rolled-back-writes'

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

benchAroundMigration('bench/ledger-writes.bench.ts', MIGRATION, SAMPLES, samples, writes).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
