import type BetterSqlite3 from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/** Enough for every distinct query text the routes send, with room for IN-lists of varying length. */
const CACHED_STATEMENTS = 500

/**
 * The database as Kysely's SQLite dialect sees it, with each prepared statement kept
 * for its query text: Kysely prepares every query anew, and preparing (parsing and
 * planning) costs as much as running a small indexed query. Bounded, least recently
 * used first out. Only compiled SQL is kept, never data. Kysely runs one query at a
 * time on the connection, so a statement is never in use twice at once.
 */
export function withStatementCache(
  database: BetterSqlite3.Database,
  capacity = CACHED_STATEMENTS,
): Omit<SqliteDatabase, 'prepare'> & { prepare(text: string): BetterSqlite3.Statement } {
  const statements = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => {
      statements.clear()
      database.close()
    },
    prepare(text: string) {
      let statement = statements.get(text)
      if (statement) {
        statements.delete(text)
      } else {
        statement = database.prepare(text)
        if (statements.size >= capacity) statements.delete(statements.keys().next().value as string)
      }
      statements.set(text, statement)
      return statement
    },
  }
}
