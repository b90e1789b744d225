import { sql, type Kysely, type RawBuilder } from 'kysely'
import { references, type Reference } from '../../src-shared/references'
import type { DialectName } from './connect'

/*
 * Makes the schema's foreign keys exactly the declared references (src-shared/references.ts):
 * each declared reference a foreign key with its delete action, no other foreign key, and an
 * index led by each referring column (a delete looks its referrers up by it). Used by
 * migration 0016; a later change of the declaration is a new migration calling it again —
 * it changes only what differs, and leaves out tables and columns that do not exist yet.
 *
 * Rows that already point at nothing (written while no key guarded them) are settled
 * first: a nullable reference is set to null, a required one's row is deleted, with the
 * database's existing cascades, until nothing dangles.
 */

// Migrations run on an untyped Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>

/** A foreign key as the schema has it: `from.column → to`, with its delete action in SQL words. */
interface ForeignKey {
  from: string
  column: string
  to: string
  action: string
}

const actionOf: Record<Reference['onDelete'], string> = { refuse: 'NO ACTION', cascade: 'CASCADE', 'set null': 'SET NULL' }
const keyOf = (k: ForeignKey) => `${k.from}.${k.column}→${k.to} ${k.action}`

async function rows<T>(db: AnyDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows
}

/** The schema's side of a dialect: tables, columns, foreign keys, indexes, and how a table's keys are replaced. */
interface SchemaAccess {
  columns(table: string): Promise<{ name: string; nullable: boolean }[]>
  foreignKeys(table: string): Promise<ForeignKey[]>
  tables(): Promise<string[]>
  leadingIndexColumns(table: string): Promise<Set<string>>
  replaceForeignKeys(table: string, keys: ForeignKey[], current: ForeignKey[]): Promise<void>
}

const PG_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' }

function postgresSchema(db: AnyDb): SchemaAccess {
  return {
    tables: async () =>
      (await rows<{ name: string }>(db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)).map((r) => r.name),
    columns: async (table) =>
      (
        await rows<{ name: string; nullable: string }>(
          db,
          sql`SELECT column_name AS name, is_nullable AS nullable FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`,
        )
      ).map((r) => ({ name: r.name, nullable: r.nullable === 'YES' })),
    foreignKeys: async (table) =>
      (await pgForeignKeys(db, table)).map(({ from, column, to, action }) => ({ from, column, to, action })),
    leadingIndexColumns: async (table) =>
      new Set(
        (
          await rows<{ name: string }>(
            db,
            sql`SELECT a.attname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
              JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
              WHERE c.relname = ${table} AND pg_table_is_visible(c.oid)`,
          )
        ).map((r) => r.name),
      ),
    replaceForeignKeys: async (table, keys, current) => {
      const named = await pgForeignKeys(db, table)
      for (const k of named) {
        if (!keys.some((w) => keyOf(w) === keyOf(k))) await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(k.name)}`.execute(db)
      }
      for (const k of keys) {
        if (current.some((c) => keyOf(c) === keyOf(k))) continue
        const name = `${k.from}_${k.column}_fkey`
        // NOT VALID then VALIDATE: the table is not locked against writes while its rows are checked.
        await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(name)} FOREIGN KEY (${sql.id(k.column)})
          REFERENCES ${sql.table(k.to)} (id) ON DELETE ${sql.raw(k.action)} NOT VALID`.execute(db)
        await sql`ALTER TABLE ${sql.table(table)} VALIDATE CONSTRAINT ${sql.id(name)}`.execute(db)
      }
    },
  }
}

async function pgForeignKeys(db: AnyDb, table: string): Promise<(ForeignKey & { name: string })[]> {
  const found = await rows<{ name: string; column: string; to: string; action: string }>(
    db,
    sql`SELECT c.conname AS name, a.attname AS "column", t.relname AS "to", c.confdeltype AS action
      FROM pg_constraint c JOIN pg_class f ON f.oid = c.conrelid JOIN pg_class t ON t.oid = c.confrelid
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND f.relname = ${table} AND pg_table_is_visible(f.oid)`,
  )
  return found.map((r) => ({ name: r.name, from: table, column: r.column, to: r.to, action: PG_ACTIONS[r.action] ?? r.action }))
}

/** `references "x" ("id") on delete …` of a column, or `foreign key (…) references …` of the table, in SQLite's stored CREATE TABLE. */
const COLUMN_KEY = /\s+references\s+"?\w+"?\s*\(\s*"?\w+"?\s*\)(\s+on\s+(delete|update)\s+(cascade|set null|set default|restrict|no action))*/gi
const TABLE_KEY = /,\s*(constraint\s+"?\w+"?\s+)?foreign\s+key\s*\([^)]*\)\s*references\s+"?\w+"?\s*\([^)]*\)(\s+on\s+(delete|update)\s+(cascade|set null|set default|restrict|no action))*/gi

function sqliteSchema(db: AnyDb): SchemaAccess {
  return {
    tables: async () =>
      (await rows<{ name: string }>(db, sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => r.name),
    columns: async (table) =>
      (await rows<{ name: string; notnull: number }>(db, sql`SELECT name, "notnull" FROM pragma_table_info(${table})`)).map((r) => ({
        name: r.name,
        nullable: r.notnull === 0,
      })),
    foreignKeys: async (table) =>
      // Rows come through the camelCase plugin: on_delete is read as onDelete.
      (await rows<{ from: string; table: string; onDelete: string }>(db, sql`SELECT "from", "table", on_delete FROM pragma_foreign_key_list(${table})`)).map(
        (r) => ({ from: table, column: r.from, to: r.table, action: r.onDelete.toUpperCase() }),
      ),
    leadingIndexColumns: async (table) => {
      const leading = new Set<string>()
      for (const index of await rows<{ name: string }>(db, sql`SELECT name FROM pragma_index_list(${table})`)) {
        const [first] = await rows<{ name: string }>(db, sql`SELECT name FROM pragma_index_info(${index.name}) WHERE seqno = 0`)
        if (first) leading.add(first.name)
      }
      return leading
    },
    // SQLite cannot change a table's keys in place: the table is rebuilt (https://www.sqlite.org/lang_altertable.html#otheralter).
    replaceForeignKeys: (table, keys) => rebuildSqliteTable(db, table, keys),
  }
}

/** Steps 4–10 of SQLite's procedure, with its indexes, triggers and AUTOINCREMENT counter kept. */
async function rebuildSqliteTable(db: AnyDb, table: string, keys: ForeignKey[]): Promise<void> {
  const [{ sql: created }] = await rows<{ sql: string }>(db, sql`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ${table}`)
  const rebuilt = `${table}__rebuilt`
  const withoutKeys = created.replace(TABLE_KEY, '').replace(COLUMN_KEY, '')
  const clauses = keys.map((k) => `, foreign key ("${k.column}") references "${k.to}" ("id") on delete ${k.action.toLowerCase()}`).join('')
  const body = withoutKeys.slice(withoutKeys.indexOf('('), withoutKeys.lastIndexOf(')'))
  const kept = await rows<{ sql: string }>(db, sql`SELECT sql FROM sqlite_master WHERE tbl_name = ${table} AND type IN ('index', 'trigger') AND sql IS NOT NULL`)
  const hasSequence = (await rows(db, sql`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`)).length > 0
  const sequence = hasSequence ? await rows<{ seq: number }>(db, sql`SELECT seq FROM sqlite_sequence WHERE name = ${table}`) : []
  const columns = (await rows<{ name: string }>(db, sql`SELECT name FROM pragma_table_info(${table})`)).map((r) => sql.id(r.name))

  await sql.raw(`CREATE TABLE "${rebuilt}" ${body}${clauses})`).execute(db)
  await sql`INSERT INTO ${sql.table(rebuilt)} (${sql.join(columns)}) SELECT ${sql.join(columns)} FROM ${sql.table(table)}`.execute(db)
  await sql`DROP TABLE ${sql.table(table)}`.execute(db)
  await sql`ALTER TABLE ${sql.table(rebuilt)} RENAME TO ${sql.table(table)}`.execute(db)
  for (const { sql: statement } of kept) await sql.raw(statement).execute(db)
  if (sequence.length > 0) {
    await sql`DELETE FROM sqlite_sequence WHERE name = ${table}`.execute(db)
    await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table}, ${sequence[0].seq})`.execute(db)
  }
}

/** Sets to null, or deletes, the rows of `from` whose reference points at no row. */
async function settleDangling(db: AnyDb, reference: Reference, nullable: boolean): Promise<number> {
  const { from, column, to } = reference
  const dangling = sql`${sql.ref(`${from}.${column}`)} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${sql.table(to)} AS target WHERE target.id = ${sql.ref(`${from}.${column}`)})`
  const result = nullable
    ? await sql`UPDATE ${sql.table(from)} SET ${sql.id(column)} = NULL WHERE ${dangling}`.execute(db)
    : await sql`DELETE FROM ${sql.table(from)} WHERE ${dangling}`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

const MAX_SETTLING_ROUNDS = 10

export async function alignForeignKeys(db: AnyDb, dialect: DialectName): Promise<void> {
  const schema = dialect === 'postgres' ? postgresSchema(db) : sqliteSchema(db)
  const tables = new Set(await schema.tables())
  const columnsOf = new Map<string, Map<string, boolean>>()
  for (const table of tables) columnsOf.set(table, new Map((await schema.columns(table)).map((c) => [c.name, c.nullable])))
  const present = references.filter((r) => tables.has(r.to) && columnsOf.get(r.from)?.has(r.column))

  const wanted = new Map<string, ForeignKey[]>()
  for (const r of present) wanted.set(r.from, [...(wanted.get(r.from) ?? []), { from: r.from, column: r.column, to: r.to, action: actionOf[r.onDelete] }])
  const current = new Map<string, ForeignKey[]>()
  for (const table of tables) current.set(table, await schema.foreignKeys(table))
  const differing = [...tables].filter((t) => {
    const want = (wanted.get(t) ?? []).map(keyOf).sort()
    const have = (current.get(t) ?? []).map(keyOf).sort()
    return want.join('|') !== have.join('|')
  })
  if (differing.length === 0) return

  // Only references no key guarded yet can dangle; settled with the existing keys' cascades on.
  const unguarded = present.filter((r) => !(current.get(r.from) ?? []).some((k) => k.column === r.column && k.to === r.to))
  for (let round = 0, changed = 1; changed > 0; round++) {
    if (round === MAX_SETTLING_ROUNDS) throw new Error('dangling references keep appearing')
    changed = 0
    for (const r of unguarded) changed += await settleDangling(db, r, columnsOf.get(r.from)?.get(r.column) ?? false)
  }

  if (dialect === 'sqlite') {
    // Step 1 of the procedure: no key acts while tables are dropped and renamed; legacy renames leave triggers' text alone.
    await sql`PRAGMA foreign_keys = OFF`.execute(db)
    await sql`PRAGMA legacy_alter_table = ON`.execute(db)
    await sql`BEGIN`.execute(db)
  }
  try {
    for (const table of differing) await schema.replaceForeignKeys(table, wanted.get(table) ?? [], current.get(table) ?? [])
    if (dialect === 'sqlite') {
      const broken = await rows<{ table: string }>(db, sql`SELECT "table" FROM pragma_foreign_key_check`)
      if (broken.length > 0) throw new Error(`foreign keys broken after the rebuild: ${broken.map((b) => b.table).join(', ')}`)
      await sql`COMMIT`.execute(db)
    }
  } catch (err) {
    if (dialect === 'sqlite') await sql`ROLLBACK`.execute(db)
    throw err
  } finally {
    if (dialect === 'sqlite') {
      await sql`PRAGMA legacy_alter_table = OFF`.execute(db)
      await sql`PRAGMA foreign_keys = ON`.execute(db)
    }
  }
  await indexReferringColumns(db, schema, present)
}

/** Every referring column leads an index: deleting a record finds (and cascades to) its referrers by it. */
async function indexReferringColumns(db: AnyDb, schema: SchemaAccess, present: readonly Reference[]): Promise<void> {
  for (const { from, column } of present) {
    if ((await schema.leadingIndexColumns(from)).has(column)) continue
    await db.schema.createIndex(`${from}_${column}_ref_idx`).on(from).column(column).execute()
  }
}
