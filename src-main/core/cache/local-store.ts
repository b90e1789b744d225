import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'

export type LocalDb = BetterSqlite3.Database

/**
 * The core's own SQLite file in the app's data folder: what it has read from the server
 * (for offline reads), the last signed-in account (for offline sign-in), the outbox of
 * seat saves made offline, and the drafts of long forms being typed. WAL with synchronous=FULL: a write that returned is on disk,
 * and a crash at any point leaves the file consistent (ARCHITECTURE.md rule 7).
 */
export function openLocalDb(file: string): LocalDb {
  mkdirSync(dirname(file), { recursive: true })
  // Under Electron the main process loads Electron's own build, chosen by the desktop shell (src-main/desktop/native-binding.ts).
  const nativeBinding = process.env.SQLITE_NATIVE_BINDING || undefined
  const db = new BetterSqlite3(file, nativeBinding ? { nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  db.exec(`
    CREATE TABLE IF NOT EXISTS cache_read (key TEXT PRIMARY KEY, data TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS cache_file (path TEXT PRIMARY KEY, data_url TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS last_account (
      id INTEGER PRIMARY KEY CHECK (id = 1), username TEXT NOT NULL, verifier TEXT NOT NULL, user TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      train_id INTEGER NOT NULL,
      idem_key TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL,
      -- The server revision this save applies on; null while it waits for an earlier save of the same training.
      base_revision INTEGER,
      after_seq INTEGER,
      attempts INTEGER NOT NULL DEFAULT 0,
      state TEXT NOT NULL DEFAULT 'pending',
      server_plan TEXT,
      message TEXT,
      created_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS outbox_train_idx ON outbox (train_id, seq);
    CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
    -- The door desk (sync/door-desk.ts): a training's roster with the check-ins known here, and check-ins made offline.
    CREATE TABLE IF NOT EXISTS door_roster (
      account TEXT NOT NULL, train_id INTEGER NOT NULL, sign_up_id INTEGER NOT NULL,
      data TEXT NOT NULL, name TEXT NOT NULL, telephone TEXT NOT NULL, initials TEXT NOT NULL, org_id INTEGER,
      server_time TEXT, server_source TEXT, server_reason TEXT,
      -- This console's own check-in, not yet accepted by the server.
      local_time TEXT,
      PRIMARY KEY (account, train_id, sign_up_id));
    CREATE TABLE IF NOT EXISTS door_outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      account TEXT NOT NULL, train_id INTEGER NOT NULL, sign_up_id INTEGER NOT NULL,
      idem_key TEXT NOT NULL UNIQUE,
      check_in_time TEXT NOT NULL,
      -- The person's name when queued: a refusal names them even after the roster lost them.
      name TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      state TEXT NOT NULL DEFAULT 'pending',
      message TEXT,
      created_at INTEGER NOT NULL,
      -- A person is queued once per console, however often the button is pressed.
      UNIQUE (account, train_id, sign_up_id));
    -- Forms being typed (drafts.ts): one per account and form, kept until saved or dropped.
    CREATE TABLE IF NOT EXISTS draft (account TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account, key));
  `)
  // A file made before the door queue kept names.
  if (!db.prepare<[], { name: string }>('PRAGMA table_info(door_outbox)').all().some((c) => c.name === 'name')) db.exec('ALTER TABLE door_outbox ADD COLUMN name TEXT')
  return db
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

  getFile(path: string): string | undefined {
    return this.db.prepare<[string], { data_url: string }>('SELECT data_url FROM cache_file WHERE path = ?').get(path)?.data_url
  }

  putFile(path: string, dataUrl: string): void {
    this.db
      .prepare('INSERT INTO cache_file (path, data_url, at) VALUES (?, ?, ?) ON CONFLICT (path) DO UPDATE SET data_url = excluded.data_url, at = excluded.at')
      .run(path, dataUrl, Date.now())
  }
}
