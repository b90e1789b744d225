import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { FileRange } from '../../../src-shared/schemas/files'
import { cachedDataUrl, cachedRange, keepFile, removeUnnamedFiles } from './cached-files'
import { migrateLocalDb } from './local-migrations'

export type LocalDb = BetterSqlite3.Database

/** PRAGMA synchronous levels. */
const NORMAL = 1
const FULL = 2

/**
 * The core's own SQLite file in the app's data folder: what it has read from the server
 * (for offline reads), the last signed-in account (for offline sign-in), the outboxes of
 * writes made offline, and the drafts of long forms being typed; the stored files it keeps
 * are files of a folder beside it (cached-files.ts). Its schema is made by numbered steps
 * (local-migrations.ts).
 *
 * Two durabilities on one file (WAL): the connection writes with synchronous=NORMAL — a
 * crash of the app loses nothing, a power cut may lose the last reads cached, which the
 * next read fetches again — and the outboxes write through `durable`, synchronous=FULL:
 * a queued write that returned is on disk (ARCHITECTURE.md rule 7). One file, so that an
 * accepted save leaves the outbox and becomes the cached plan in one transaction.
 */
export function openLocalDb(file: string): LocalDb {
  mkdirSync(dirname(file), { recursive: true })
  // The package's Node-API binary: the same file loads under Node and under Electron.
  const db = new BetterSqlite3(file)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${NORMAL}`)
  db.pragma('busy_timeout = 5000')
  try {
    migrateLocalDb(db)
  } catch (err) {
    db.close()
    throw err
  }
  return db
}

/**
 * `fn` as one transaction committed with synchronous=FULL (the WAL synced before it
 * returns): every write of a queue the user's work waits in. Called inside another
 * transaction it becomes part of it, which must then be durable itself: the level cannot
 * change inside a transaction, so a durable write in a NORMAL one is a programming error.
 */
export function durable<A extends unknown[], R>(db: LocalDb, fn: (...args: A) => R): (...args: A) => R {
  const run = db.transaction(fn)
  return (...args) => {
    if (db.inTransaction) {
      if (db.pragma('synchronous', { simple: true }) !== FULL) throw new Error('an outbox write inside a transaction that is not durable')
      return run(...args)
    }
    db.pragma(`synchronous = ${FULL}`)
    try {
      return run(...args)
    } finally {
      db.pragma(`synchronous = ${NORMAL}`)
    }
  }
}

/** Reads the core keeps, by key (account, method and input). */
export class ReadCache {
  private readonly getStmt
  private readonly putStmt
  private readonly metaGet
  private readonly metaPut

  constructor(private readonly db: LocalDb) {
    this.getStmt = db.prepare<[string], { data: string; at: number }>('SELECT data, at FROM cache_read WHERE key = ?')
    this.putStmt = db.prepare<[string, string, number]>('INSERT INTO cache_read (key, data, at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET data = excluded.data, at = excluded.at')
    this.metaGet = db.prepare<[string], { v: string }>('SELECT v FROM meta WHERE k = ?')
    this.metaPut = db.prepare<[string, string]>('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v')
  }

  get(key: string): { data: unknown; at: number } | undefined {
    const row = this.getStmt.get(key)
    return row && { data: JSON.parse(row.data) as unknown, at: row.at }
  }

  put(key: string, data: unknown, at = Date.now()): void {
    this.putStmt.run(key, JSON.stringify(data), at)
  }

  /** The data of every read whose key starts with `prefix` (one kind of read of one account). */
  startingWith(prefix: string): unknown[] {
    return this.db
      .prepare<[string, string], { data: string }>('SELECT data FROM cache_read WHERE substr(key, 1, length(?)) = ? ORDER BY key')
      .all(prefix, prefix)
      .map((r) => JSON.parse(r.data) as unknown)
  }

  /** Many reads in one transaction (准备离线, a refresh of a whole list). */
  putMany(entries: readonly { key: string; data: unknown }[], at = Date.now()): void {
    this.db.transaction(() => {
      for (const e of entries) this.putStmt.run(e.key, JSON.stringify(e.data), at)
    })()
  }

  meta(key: string): string | null {
    return this.metaGet.get(key)?.v ?? null
  }

  setMeta(key: string, value: string): void {
    this.metaPut.run(key, value)
  }

  /**
   * Forgets the reads kept before `before` that `keep` does not name (their key), and the
   * files kept before it that no remaining read names (a seat plan's PDF, a seat picture):
   * one transaction, normal sync; then the folder loses every file no row names. Answers
   * how many reads and files went.
   */
  evict(before: number, keep: (key: string) => boolean): { reads: number; files: number } {
    const gone = this.db.transaction(() => {
      const old = this.db.prepare<[number], { key: string }>('SELECT key FROM cache_read WHERE at < ?').all(before)
      const drop = this.db.prepare('DELETE FROM cache_read WHERE key = ?')
      let reads = 0
      for (const { key } of old) if (!keep(key)) reads += drop.run(key).changes
      const files = this.db
        .prepare('DELETE FROM cache_file WHERE at < ? AND NOT EXISTS (SELECT 1 FROM cache_read r WHERE instr(r.data, cache_file.path) > 0)')
        .run(before).changes
      return { reads, files }
    })()
    removeUnnamedFiles(this.db)
    return gone
  }

  /** Forgets every cached read and file (the console leaves its server). */
  clear(): void {
    this.db.exec('DELETE FROM cache_read; DELETE FROM cache_file')
    removeUnnamedFiles(this.db)
  }

  /** The cached file of a stored path as a data: URL (files.readAsDataUrl offline). */
  getFile(path: string): string | undefined {
    return cachedDataUrl(this.db, path)
  }

  /** Bytes [start, end) of the cached file of a stored path (files.readRange offline), read from it alone. */
  fileRange(path: string, start: number, end: number): FileRange | undefined {
    return cachedRange(this.db, path, start, end)
  }

  /** Keeps a stored file read online (a data: URL) as a file of the cache's folder. */
  putFile(path: string, dataUrl: string): void {
    keepFile(this.db, path, dataUrl, Date.now())
  }
}
