import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server/db/connect'
import { migrateToLatest } from '../../src-server/db/migrate'
import { preparedQuery, type QueryParams } from '../../src-server/db/prepared'
import type { Db } from '../../src-server/db/types'
import { seedIfEmpty } from '../../src-server/seed'
import { optionsFromEnv } from '../../src-server/options'
import { testDatabases } from '../support/databases'

/**
 * A prepared query runs straight on the driver outside a transaction (SQLite: rows read
 * as arrays and built by the statement's row builder) and through Kysely inside one:
 * both must give the same rows, camelCase keys, nulls and numbers alike, and the
 * statement both share must still give Kysely objects after a direct run.
 */
describe.each(testDatabases())('prepared query rows ($name)', (database) => {
  let db: Db

  beforeAll(async () => {
    const url = await database.url()
    const opened = openDatabase(url)
    db = opened.db
    await migrateToLatest(db, opened.dialect)
    await seedIfEmpty(db, { ...optionsFromEnv({ DATABASE_URL: url }), seedDemo: true })
  }, 120_000)
  afterAll(() => db?.destroy())

  const members = preparedQuery((d: Db, p: QueryParams<{ from: number }>) =>
    d
      .selectFrom('member')
      .leftJoin('org', 'org.id', 'member.orgId')
      .select(['member.id', 'member.name', 'member.orgId', 'org.name as orgName', 'member.idcard', 'member.avatarUrl', 'member.enabled', 'member.partyJobs'])
      .select(sql<number>`member.id * 2`.as('double_id'))
      .where('member.id', '>=', p.from)
      .orderBy('member.id')
      .limit(20),
  )

  it('gives the same rows straight on the driver as through Kysely in a transaction', async () => {
    const direct = await members.rows(db, { from: 1 })
    const viaKysely = await db.transaction().execute((trx) => members.rows(trx, { from: 1 }))
    expect(direct.length).toBeGreaterThan(5)
    expect(direct).toEqual(viaKysely)
    expect(Object.keys(direct[0])).toEqual(['id', 'name', 'orgId', 'orgName', 'idcard', 'avatarUrl', 'enabled', 'partyJobs', 'doubleId'])
    expect(direct.some((r) => r.avatarUrl === null)).toBe(true)
    expect((direct[0] as Record<string, unknown>).doubleId).toBe(direct[0].id * 2)
    // The shared statement is back to objects for Kysely after the direct run, and the other way round.
    expect(await db.transaction().execute((trx) => members.first(trx, { from: direct[3].id }))).toEqual(direct[3])
    expect(await members.first(db, { from: direct[3].id })).toEqual(direct[3])
  })

  // A column that comes as an object (PostgreSQL's json; SQLite's is text) and a date: the
  // row is mapped as Kysely maps it, keys inside the object included.
  const withObject = preparedQuery((d: Db, p: QueryParams<{ id: number }>) =>
    d
      .selectFrom('member')
      .select(['member.id', 'member.partyJobs'])
      .select(
        database.name === 'postgres'
          ? sql<unknown>`json_build_object('party_jobs', member.party_jobs, 'org_id', member.org_id)`.as('asJson')
          : sql<unknown>`json_object('party_jobs', member.party_jobs, 'org_id', member.org_id)`.as('asJson'),
      )
      .select(database.name === 'postgres' ? sql<unknown>`current_date`.as('today') : sql<unknown>`date('now')`.as('today'))
      // int8 on PostgreSQL: a number through the pool's types, whichever way the query runs.
      .select(sql<number>`count(*) over ()`.as('matches'))
      .where('member.id', '=', p.id),
  )

  it('maps a row holding an object, a date or an int8 straight on the driver as through Kysely', async () => {
    const [first] = await members.rows(db, { from: 1 })
    const direct = await withObject.first(db, { id: first.id })
    expect(direct).toEqual(await db.transaction().execute((trx) => withObject.first(trx, { id: first.id })))
    if (database.name === 'postgres') {
      expect(direct?.asJson).toEqual({ partyJobs: first.partyJobs, orgId: first.orgId })
      expect(direct?.today).toBeInstanceOf(Date)
    }
    expect(direct?.matches).toBe(1)
  })
})
