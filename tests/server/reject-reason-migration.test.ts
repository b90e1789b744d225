import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src-server/db/migrate'
import { UNRECORDED_REJECT_REASON } from '../../src-server/db/migrations/0029_train_reject_reason'
import type { Db } from '../../src-server/db/types'
import { seedIfEmpty } from '../../src-server/seed'
import { optionsFromEnv } from '../../src-server/options'
import { testDatabases } from '../support/databases'
import { migratedTo } from '../support/migrated'

/** Trainings as the version before 0029 stored them: one rejected, one published. */
async function trainingsOfTheLastVersion(db: Db): Promise<{ rejected: number; published: number }> {
  const root = await db.selectFrom('org').select('id').orderBy('id').executeTakeFirstOrThrow()
  const row = (name: string, status: number) => ({
    name, org_id: root.id, dep_name: '其他', is_train_center: 0, send_object: '各单位', class_type: 1, class_type_name: null,
    create_time: '2026-01-01 00:00:00', description: '<p>导语</p>', content: '<p>内容</p>', requirement: '<p>要求</p>',
    train_start_time: '2026-03-10 09:00:00', train_end_time: '2026-03-12 17:00:00', class_hour: 24, site: '省委党校',
    address: '118.75,32.03', participants: '党务干部', sign_up_marks: null, sign_up_start_time: '2026-02-01 08:00:00',
    sign_up_end_time: '2026-02-20 18:00:00', max_num: 30, name1: '钱晓燕', telephone1: '025-83391001', name2: null, telephone2: null,
    name3: null, telephone3: null, status, token_value: `token-${status}`, check_in_secret: 'ab'.repeat(32), sign_up_options: '1,2',
    sign_up_tips: null, sign_up_tips2: null, sign_up_tips3: null, we_chat_codes: null, created_at: '2026-01-01 00:00:00', updated_at: '2026-01-01 00:00:00',
  })
  // Raw table names: the app's Db type already knows the new column, this database does not.
  const insert = async (name: string, status: number) =>
    (await sql<{ id: number }>`INSERT INTO train ${sql.raw(`(${Object.keys(row(name, status)).join(', ')})`)} VALUES (${sql.join(Object.values(row(name, status)))}) RETURNING id`.execute(db)).rows[0].id
  return { rejected: await insert('驳回的培训班', -1), published: await insert('已发布的培训班', 30) }
}

describe.each(testDatabases())('migration 0029: the reason of a rejection ($name)', (database) => {
  let db: Db | undefined
  afterAll(() => db?.destroy())

  it('adds the reason and says of trainings rejected before that none was recorded', async () => {
    const migrated = await migratedTo(database, '0026_survey')
    db = migrated.db
    const url = migrated.url
    await seedIfEmpty(db, { ...optionsFromEnv({ DATABASE_URL: url }), adminPassword: 'Admin@12345', seedDemo: false })
    const { rejected, published } = await trainingsOfTheLastVersion(db)

    await migrateToLatest(db, database.dialect)
    const reasons = await db.selectFrom('train').select(['id', 'rejectReason']).where('id', 'in', [rejected, published]).orderBy('id').execute()
    expect(reasons).toEqual([
      { id: rejected, rejectReason: UNRECORDED_REJECT_REASON },
      { id: published, rejectReason: null },
    ])
  })
})
