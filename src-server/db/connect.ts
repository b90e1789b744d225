import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type UnknownRow } from 'kysely'
import pg from 'pg'
import { CamelRows } from './camel-rows'
import { PreparedStatementClient, runNamed } from './pg-statements'
import { runPreparedDirectly } from './prepared'
import { renamingRowBuilder, rowBuilder } from './row-builder'
import { withStatementCache } from './sqlite-statements'
import type { Database, Db } from './types'

export type DialectName = 'sqlite' | 'postgres'

export interface OpenedDatabase {
  db: Db
  dialect: DialectName
}

export function dialectOf(databaseUrl: string): DialectName {
  return /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'postgres' : 'sqlite'
}

/** `sqlite:data/x.sqlite`, `sqlite:///abs/x.sqlite` or a plain path → the file path. */
export function sqliteFileOf(databaseUrl: string): string {
  const withoutScheme = databaseUrl.replace(/^sqlite:/i, '')
  return withoutScheme.startsWith('//') ? withoutScheme.slice(2) : withoutScheme
}

const { BOOL, INT2, INT4, INT8, TEXT, OID, FLOAT4, FLOAT8, BPCHAR, VARCHAR, NUMERIC } = pg.types.builtins
/** `name` (catalog identifiers), which pg's list of built-in types leaves out. */
const NAME = 19

/**
 * int8 (counts, epoch-ms columns) arrives from pg as text by default; every value we
 * store fits in a double, so it comes back as a number. Set per pool, not globally,
 * so nothing else in the process changes behaviour.
 */
const pgTypes = {
  // One parser function for every int8 column of every result (pg asks for each column of each result).
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
}

/**
 * Column types pg gives as plain values (numbers, text, booleans): a row of these only is
 * renamed by a compiled builder. Any other (json, dates, arrays, bytea) comes as an object
 * whose own keys CamelRows maps as Kysely would.
 */
const PLAIN_PG_TYPES = new Set<number>([BOOL, NAME, INT8, INT2, INT4, TEXT, OID, FLOAT4, FLOAT8, BPCHAR, VARCHAR, NUMERIC])

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true })
  const database = new BetterSqlite3(file)
  // WAL lets readers run during a write; busy_timeout waits out a concurrent writer
  // (a second process on the same file) instead of failing at once.
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  const statements = withStatementCache(database)
  const rows = new CamelRows()
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), plugins: [rows] })
  // Outside a transaction a read needs no place in Kysely's queue: the driver is synchronous.
  // While one is open (another request's write, http/write-transaction.ts) a direct read would
  // run on the one connection inside it and see its uncommitted rows: it waits in the queue.
  // Its rows are read as arrays and built by each statement's own row builder (row-builder.ts).
  const builders = new WeakMap<BetterSqlite3.Statement, (values: readonly unknown[]) => UnknownRow>()
  runPreparedDirectly(db, (text, parameters) => {
    if (database.inTransaction) return undefined
    const statement = statements.prepare(text)
    if (!statement.reader) return undefined
    let build = builders.get(statement)
    if (!build) builders.set(statement, (build = rowBuilder(statement.columns().map((c) => rows.nameOf(c.name)))))
    // The statement is shared with Kysely's own path, which expects objects: raw only for this call.
    statement.raw(true)
    try {
      return Promise.resolve((statement.all(parameters) as unknown[][]).map(build))
    } finally {
      statement.raw(false)
    }
  })
  return db
}

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, types: pgTypes, Client: PreparedStatementClient })
  // An idle connection dropped by the database (restart, failover) must not crash the
  // process; the pool opens a new one on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL 连接中断: ${err.message}`))
  const rows = new CamelRows()
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [rows] })
  // A transaction has a connection of its own: a read from the pool can never land in it
  // (runNamed: the pool's own query, the statement named as the client would name it).
  // Per prepared text (as many as the code has prepared shapes): its rows' builder, or null where CamelRows maps them.
  const builders = new Map<string, ((row: UnknownRow) => UnknownRow) | null>()
  runPreparedDirectly(db, async (text, parameters) => {
    const result = await runNamed<UnknownRow>(pool, text, parameters as unknown[])
    let build = builders.get(text)
    if (build === undefined) {
      const plain = result.fields.every((field) => PLAIN_PG_TYPES.has(field.dataTypeID))
      builders.set(text, (build = plain ? renamingRowBuilder(result.fields.map((field) => [field.name, rows.nameOf(field.name)])) : null))
    }
    return build ? result.rows.map(build) : rows.rowsOf(result.rows)
  })
  return db
}

export function openDatabase(databaseUrl: string): OpenedDatabase {
  const dialect = dialectOf(databaseUrl)
  const db = dialect === 'postgres' ? openPostgres(databaseUrl) : openSqlite(sqliteFileOf(databaseUrl))
  return { db, dialect }
}
