import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { references, unreferencedColumns } from '../../src-shared/references'
import { migrateToLatest } from '../../src-server/db/migrate'
import type { Db } from '../../src-server/db/types'
import { seedIfEmpty } from '../../src-server/seed'
import { optionsFromEnv } from '../../src-server/options'
import { testDatabases } from '../support/databases'
import { migratedTo } from '../support/migrated'

/**
 * The live schema of each dialect against the declared references (src-shared/references.ts):
 * every id column is a foreign key with the declared delete action, or one of the few
 * columns listed with a reason; and a database written before migration 0016, with rows
 * already pointing at nothing, comes through it with its triggers, indexes and id counters.
 */

/** Columns that hold a record's id: `*_id` and who created a record. */
const ID_COLUMN = /(_id$|^created_by$)/
const ACTION = { refuse: ['NO ACTION', 'RESTRICT'], cascade: ['CASCADE'], 'set null': ['SET NULL'] } as const
const PG_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' }
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock'])

interface LiveKey {
  table: string
  column: string
  to: string
  action: string
}

async function liveSchema(db: Db, dialect: 'sqlite' | 'postgres'): Promise<{ columns: { table: string; column: string }[]; keys: LiveKey[] }> {
  if (dialect === 'postgres') {
    const columns = (
      await sql<{ table: string; column: string }>`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = current_schema()`.execute(db)
    ).rows
    const keys = (
      await sql<{ table: string; column: string; to: string; action: string }>`SELECT f.relname AS "table", a.attname AS "column", t.relname AS "to", c.confdeltype AS action
        FROM pg_constraint c JOIN pg_class f ON f.oid = c.conrelid JOIN pg_class t ON t.oid = c.confrelid
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND pg_table_is_visible(f.oid)`.execute(db)
    ).rows.map((k) => ({ ...k, action: PG_ACTIONS[k.action] }))
    return { columns, keys }
  }
  const tables = (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)).rows
  const columns: { table: string; column: string }[] = []
  const keys: LiveKey[] = []
  for (const { name } of tables) {
    for (const c of (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${name})`.execute(db)).rows) columns.push({ table: name, column: c.name })
    const found = await sql<{ from: string; table: string; onDelete: string }>`SELECT "from", "table", on_delete FROM pragma_foreign_key_list(${name})`.execute(db)
    for (const k of found.rows) keys.push({ table: name, column: k.from, to: k.table, action: k.onDelete.toUpperCase() })
  }
  return { columns, keys }
}

describe.each(testDatabases())('declared references in the schema ($name)', (database) => {
  let db: Db
  beforeAll(async () => ({ db } = await migratedTo(database, 'latest')), 120_000)
  afterAll(() => db?.destroy())

  it('has a foreign key on every id column, except the few listed with their reason', async () => {
    const { columns, keys } = await liveSchema(db, database.dialect)
    const keyed = new Set(keys.map((k) => `${k.table}.${k.column}`))
    const unkeyed = columns
      .filter((c) => !BOOKKEEPING.has(c.table) && ID_COLUMN.test(c.column))
      .map((c) => `${c.table}.${c.column}`)
      .filter((name) => !keyed.has(name) && !(name in unreferencedColumns))
    expect(unkeyed).toEqual([])
    // A listed exception that the schema no longer has (or keys after all) is stale.
    const names = new Set(columns.map((c) => `${c.table}.${c.column}`))
    expect(Object.keys(unreferencedColumns).filter((n) => !names.has(n) || keyed.has(n))).toEqual([])
  })

  it('has exactly the declared foreign keys, each with its declared delete action', async () => {
    const { keys } = await liveSchema(db, database.dialect)
    const live = keys.map((k) => `${k.table}.${k.column} → ${k.to}`).sort()
    expect(live).toEqual(references.map((r) => `${r.from}.${r.column} → ${r.to}`).sort())
    for (const r of references) {
      const key = keys.find((k) => k.table === r.from && k.column === r.column)
      expect(ACTION[r.onDelete], `${r.from}.${r.column}`).toContain(key?.action)
    }
  })
})

describe.each(testDatabases())('migration 0016 on a database written before it ($name)', (database) => {
  let db: Db
  const objects = async (table: string) =>
    database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE tbl_name = ${table} AND type IN ('index', 'trigger') ORDER BY name`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = ${table}
            UNION SELECT tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relname = ${table} AND NOT t.tgisinternal ORDER BY name`.execute(db)
        ).rows.map((r) => r.name)

  beforeAll(async () => {
    const { db: opened, url } = await migratedTo(database, '0015_ledger_member_span')
    db = opened
    await seedIfEmpty(db, { ...optionsFromEnv({ DATABASE_URL: url }), seedDemo: true })
  }, 180_000)
  afterAll(() => db?.destroy())

  it('settles dangling rows, keeps triggers, indexes and id counters, and the ledger figures keep counting', async () => {
    const at = '2026-01-01 00:00:00'
    const paper = (title: string) =>
      db.insertInto('paper').values({ title, content: '', totalScore: 0, choiceType: 1, type: 2, questionList: '[]', categoryList: '[]', createdBy: null, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow()
    const used = await paper('在用')
    const spare = await paper('未用')
    const train = await db.selectFrom('train').select('id').orderBy('id').executeTakeFirstOrThrow()
    const examOf = (title: string, paperId: number, paper2Id: number | null) =>
      db.insertInto('exam').values({
        type: 2, title, content: '', trainId: train.id, joinType: 1, joinNum: null, startTime: at, endTime: at, countdown: 60, passLine: 60, retestNum: 0,
        canLookAnswer: 0, paperId, paper2Id, paper3Id: null, paper4Id: null, paper5Id: null, createdBy: null, createdAt: at, updatedAt: at,
      }).returning('id').executeTakeFirstOrThrow()
    // Written while nothing guarded them: an exam's paper B deleted, and an exam whose paper A is gone.
    const exam = { ...(await examOf('试卷B已删除', used.id, 999_999)), paperId: used.id }
    const otherPaper = spare
    const orphanExam = await examOf('试卷已删除的考试', 999_998, null)
    const lostRound = await db.insertInto('memberExam').values({
      examId: orphanExam.id, memberId: (await db.selectFrom('member').select('id').executeTakeFirstOrThrow()).id, isMakeUp: 0, status: 'WAIT', createdAt: '2026-01-01 00:00:00',
    }).returning('id').executeTakeFirstOrThrow()
    const memberObjects = await objects('member')
    const orgObjects = await objects('org')

    const after = await migrateToLatest(db, database.dialect).then(() => null, (e: unknown) => e)
    expect(after).toBeNull()

    const kept = await db.selectFrom('exam').select(['paperId', 'paper2Id']).where('id', '=', exam.id).executeTakeFirstOrThrow()
    expect(kept).toEqual({ paperId: exam.paperId, paper2Id: null })
    expect(await db.selectFrom('exam').select('id').where('id', '=', orphanExam.id).executeTakeFirst()).toBeUndefined()
    // Its candidates went with it, by the cascade that already stood.
    expect(await db.selectFrom('memberExam').select('id').where('id', '=', lostRound.id).executeTakeFirst()).toBeUndefined()
    expect(await objects('member')).toEqual(expect.arrayContaining(memberObjects))
    expect(await objects('org')).toEqual(expect.arrayContaining(orgObjects))

    // A paper in use is now refused by the database itself.
    const refused = await db.deleteFrom('paper').where('id', '=', exam.paperId).execute().then(() => null, (e: unknown) => e)
    expect(refused).not.toBeNull()
    expect(await db.selectFrom('paper').select('id').where('id', '=', otherPaper.id).executeTakeFirst()).toBeDefined()

    // The deleted exam's id is not handed out again after the rebuild.
    const next = await examOf('迁移后新增', used.id, null)
    expect(next.id).toBeGreaterThan(orphanExam.id)

    // The ledger's triggers (on the rebuilt organisations too) still count a new member.
    const org = await db.selectFrom('org').select(['id', 'path', 'topOrgId']).where('parentId', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
    const ledgerBefore = await db.selectFrom('ledgerOrg').select('members').where('orgId', '=', org.id).executeTakeFirst()
    const added = await db
      .insertInto('member')
      .values({ name: '迁移后新增', telephone: '13900000016', orgId: org.id, topOrgId: org.topOrgId, orgPath: org.path, enabled: 1, createdAt: '2026-01-01 00:00:00', updatedAt: '2026-01-01 00:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(added.id).toBeGreaterThan(0)
    const ledgerAfter = await db.selectFrom('ledgerOrg').select('members').where('orgId', '=', org.id).executeTakeFirstOrThrow()
    expect(ledgerAfter.members).toBe((ledgerBefore?.members ?? 0) + 1)
  })
})
