import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src-server/db/migrate'
import type { Db } from '../../src-server/db/types'
import { optionsFromEnv } from '../../src-server/options'
import { seedIfEmpty } from '../../src-server/seed'
import { testDatabases } from '../support/databases'
import { migratedTo } from '../support/migrated'

/** Migration 0025 on a database written before it: each saved plan gets its current revision as the base of offline saves. */
describe.each(testDatabases())('migration 0025 on a database written before it ($name)', (database) => {
  let db: Db
  beforeAll(async () => {
    const { db: opened, url } = await migratedTo(database, '0024_check_in_source')
    db = opened
    await seedIfEmpty(db, { ...optionsFromEnv({ DATABASE_URL: url }), seedDemo: true })
  }, 180_000)
  afterAll(() => db?.destroy())

  it('records the current plan of every training whose plan was saved, with its people\'s names, and none of the others', async () => {
    const [saved, seatedOnly, untouched] = await db.selectFrom('train').select('id').orderBy('id').limit(3).execute()
    const signUps = await db.selectFrom('trainSignUp').select(['id', 'trainId', 'name']).where('trainId', '=', saved.id).orderBy('id').limit(2).execute()
    expect(signUps.length).toBe(2)
    await db.updateTable('train').set({ seatRevision: 7, rowNumber: 3, columnNumber: 6, updatedAt: '2026-05-01 09:30:00' }).where('id', '=', saved.id).execute()
    await db.insertInto('trainMemberLocation').values([
      { trainId: saved.id, rowNumber: 1, columnNumber: 2, groupNumber: 1, signUpId: signUps[0].id },
      { trainId: saved.id, rowNumber: 2, columnNumber: 1, groupNumber: null, signUpId: null },
    ]).execute()
    // Seats written while revision 0: still the base of a save made on it.
    await db.insertInto('trainMemberLocation').values({ trainId: seatedOnly.id, rowNumber: 1, columnNumber: 1, groupNumber: null, signUpId: null }).execute()

    await migrateToLatest(db, database.dialect)

    const rows = await db.selectFrom('seatPlanRevision').selectAll().where('trainId', 'in', [saved.id, seatedOnly.id, untouched.id]).orderBy('trainId').execute()
    expect(rows.map((r) => [r.trainId, r.revision, r.rowNumber, r.columnNumber, r.adminId, r.changedBy])).toEqual([
      [saved.id, 7, 3, 6, null, ''],
      [seatedOnly.id, 0, 4, 5, null, ''],
    ])
    expect(rows[0].changedAt).toBe('2026-05-01 09:30:00')
    expect(JSON.parse(rows[0].seats)).toEqual([
      { rowNumber: 1, columnNumber: 2, groupNumber: 1, trainSignUpMemberId: signUps[0].id, name: signUps[0].name },
      { rowNumber: 2, columnNumber: 1, groupNumber: null, trainSignUpMemberId: null, name: null },
    ])
  })
})
