import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { references, unreferencedColumns } from '../../src-shared/references'
import type { Db } from '../../src-server/db/types'
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
