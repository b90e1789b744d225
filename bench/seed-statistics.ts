import { sql } from 'kysely'
import { ROOT_ORG_CODE } from '../src-shared/permissions'
import { openDatabase } from '../src-server/db/connect'
import { migrateToLatest } from '../src-server/db/migrate'
import type { Db } from '../src-server/db/types'
import type { TrainSignUpTable } from '../src-server/db/training-tables'
import { refillFigures, withoutRowTriggers } from '../src-server/seed/bulk-load'
import { speedUpBulkLoad, WIDE_NODE_CODE } from '../src-server/seed/province'
import { trainRow } from '../tests/support/statistics-fixture'
import type { Insertable } from 'kysely'

/**
 * `DATABASE_URL=… npx tsx bench/seed-statistics.ts`: adds the training load of the
 * statistics benchmark to a database filled by `npm run seed:province` — 20 000
 * trainings over the years 2019 to this year, hosted by the province's top
 * organisations, each with 100 sign-ups of members of its host's tree (2 000 000), and
 * seven in ten of them checked in. Deterministic; refuses to run twice.
 */
export const BENCH_TRAININGS = 20_000
const SIGN_UPS_PER_TRAINING = 100
const FIRST_YEAR = 2019
const MARK = '统计压测'
const INSERT_ROWS = 1000

type Member = { id: number; orgId: number; name: string; telephone: string }

async function membersOf(db: Db, topOrgId: number): Promise<Member[]> {
  return db.selectFrom('member').select(['id', 'orgId', 'name', 'telephone']).where('topOrgId', '=', topOrgId).orderBy('id').execute()
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is required (a database seeded by npm run seed:province)')
  const { db, dialect } = openDatabase(url)
  const started = Date.now()
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)}s`
  try {
    await migrateToLatest(db, dialect)
    if (!(await db.selectFrom('org').select('id').where('orgCode', '=', WIDE_NODE_CODE).executeTakeFirst())) throw new Error('run npm run seed:province on this database first')
    if (await db.selectFrom('train').select('id').where('name', 'like', `${MARK}%`).executeTakeFirst()) throw new Error('the statistics load is there already')
    await speedUpBulkLoad(db, dialect)
    const root = await db.selectFrom('org').select('id').where('orgCode', '=', ROOT_ORG_CODE).executeTakeFirstOrThrow()
    // Top organisations with members enough for a training (a province seed cut short still serves).
    const tops = await db
      .selectFrom('org')
      .select(['org.id', 'org.name'])
      .where('org.parentId', '=', root.id)
      .where((eb) => eb(eb.selectFrom('member').select(sql<number>`count(*)`.as('n')).whereRef('member.topOrgId', '=', 'org.id'), '>=', SIGN_UPS_PER_TRAINING))
      .orderBy('org.id')
      .execute()
    const years = new Date().getFullYear() - FIRST_YEAR + 1
    const perTop = Math.ceil(BENCH_TRAININGS / tops.length)
    let trainings = 0
    let signUps = 0
    for (const [t, top] of tops.entries()) {
      const members = await membersOf(db, top.id)
      const count = Math.min(perTop, BENCH_TRAININGS - trainings)
      if (count <= 0 || members.length < SIGN_UPS_PER_TRAINING) continue
      await db.transaction().execute(async (trx) => {
        await withoutRowTriggers(trx, dialect)
        const rows = Array.from({ length: count }, (_, k) => {
          const n = trainings + k
          const year = FIRST_YEAR + (n % years)
          const month = String(1 + (n % 12)).padStart(2, '0')
          const day = String(1 + (n % 28)).padStart(2, '0')
          return trainRow({ name: `${MARK}${n + 1}`, orgId: top.id, depName: top.name, classType: 1 + ((n + t) % 10), start: `${year}-${month}-${day} 09:00:00`, classHour: 4 * (1 + (n % 10)) })
        })
        const ids: number[] = []
        for (let i = 0; i < rows.length; i += 200) ids.push(...(await trx.insertInto('train').values(rows.slice(i, i + 200)).returning('id').execute()).map((r) => r.id))
        await trx.insertInto('trainSignIn').values(rows.map((r, i) => ({ trainId: ids[i], signInStartTime: r.trainStartTime, signInEndTime: r.trainEndTime }))).execute()
        let batch: Insertable<TrainSignUpTable>[] = []
        for (const [k, trainId] of ids.entries()) {
          const offset = (k * SIGN_UPS_PER_TRAINING) % (members.length - SIGN_UPS_PER_TRAINING + 1)
          for (const m of members.slice(offset, offset + SIGN_UPS_PER_TRAINING)) {
            batch.push({ trainId, memberId: m.id, name: m.name, telephone: m.telephone, orgId: m.orgId, source: 'admin', createdAt: rows[k].createTime, updatedAt: rows[k].createTime })
            if (batch.length === INSERT_ROWS) {
              await trx.insertInto('trainSignUp').values(batch).execute()
              signUps += batch.length
              batch = []
            }
          }
        }
        if (batch.length > 0) await trx.insertInto('trainSignUp').values(batch).execute()
        signUps += batch.length
        // Seven in ten sign-ups checked in, in the training's one window.
        await sql`
          insert into train_check_in (sign_up_id, train_id, sign_in_id, check_in_time)
          select s.id, s.train_id, w.id, w.sign_in_start_time
          from train_sign_up s join train_sign_in w on w.train_id = s.train_id
          where s.train_id >= ${ids[0]} and s.train_id <= ${ids[ids.length - 1]} and s.id % 10 < 7`.execute(trx)
      })
      trainings += count
      console.log(`培训班 ${trainings.toLocaleString()} / ${BENCH_TRAININGS.toLocaleString()}，报名 ${signUps.toLocaleString()}（${seconds()}）`)
    }
    await refillFigures(db, dialect)
    console.log(`更新统计信息 …（${seconds()}）`)
    await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db)
    console.log(`完成：培训班 ${trainings.toLocaleString()} 个，报名 ${signUps.toLocaleString()} 人次（${seconds()}）`)
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
