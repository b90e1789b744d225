import type BetterSqlite3 from 'better-sqlite3'
import { keepFile } from './cached-files'

/** A step: SQL, or (moving data where SQL cannot reach, such as the folder of files) a function of the file. */
export type LocalStep = { version: number; name: string } & ({ sql: string } | { run: (db: BetterSqlite3.Database) => void })

export function applyLocalStep(db: BetterSqlite3.Database, step: LocalStep): void {
  if ('sql' in step) db.exec(step.sql)
  else step.run(db)
}

/**
 * The local cache file's schema, by numbered steps like the server's (ARCHITECTURE.md
 * rule 8): `PRAGMA user_version` is the last step applied; a file opened is brought up
 * to the last step in one transaction. A step, once shipped, never changes: a change of
 * the schema is a new step at the end (and a step in tests/core/local-store.test.ts).
 */
export const localMigrations: readonly LocalStep[] = [
  {
    version: 1,
    name: 'reads, files, the last account, the seat outbox',
    sql: `
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
      CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);`,
  },
  {
    version: 2,
    name: 'drafts of forms being typed (drafts.ts)',
    sql: `CREATE TABLE IF NOT EXISTS draft (account TEXT NOT NULL, key TEXT NOT NULL, data TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account, key));`,
  },
  {
    version: 3,
    name: 'the door desk: a training roster with the check-ins known here, and check-ins made offline (sync/door-desk.ts)',
    sql: `
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
        attempts INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL DEFAULT 'pending',
        message TEXT,
        created_at INTEGER NOT NULL,
        -- A person is queued once per console, however often the button is pressed.
        UNIQUE (account, train_id, sign_up_id));`,
  },
  {
    version: 4,
    name: 'a queued check-in keeps the person’s name: a refusal names them even after the roster lost them',
    sql: 'ALTER TABLE door_outbox ADD COLUMN name TEXT;',
  },
  {
    version: 5,
    name: 'the trainings prepared for offline (准备离线): their reads and files are never evicted',
    sql: 'CREATE TABLE prepared_training (account TEXT NOT NULL, train_id INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account, train_id));',
  },
  {
    version: 6,
    name: 'cached files as files beside the cache file (cached-files.ts), no longer data: URLs in the table',
    run(db) {
      db.exec(`
        ALTER TABLE cache_file RENAME TO cache_file_as_text;
        CREATE TABLE cache_file (path TEXT PRIMARY KEY, file TEXT NOT NULL, size INTEGER NOT NULL, type TEXT NOT NULL, at INTEGER NOT NULL);`)
      // One file in memory at a time: a console may hold many large PDFs.
      const one = db.prepare<[string], { data_url: string; at: number }>('SELECT data_url, at FROM cache_file_as_text WHERE path = ?')
      for (const { path } of db.prepare<[], { path: string }>('SELECT path FROM cache_file_as_text').all()) {
        const row = one.get(path)
        if (row) keepFile(db, path, row.data_url, row.at)
      }
      db.exec('DROP TABLE cache_file_as_text')
    },
  },
]

export const LOCAL_SCHEMA_VERSION = localMigrations[localMigrations.length - 1].version

/**
 * The step a file made before the steps were numbered stands at (its user_version is 0):
 * the last of those schemas (all four steps: its door_outbox has `name`) is version 4;
 * an older one is taken from the start, its tables kept (steps 1–3 create only what is
 * missing) and step 4 adding the column.
 */
function versionOfUnnumbered(db: BetterSqlite3.Database): number {
  const columns = db.prepare<[], { name: string }>("SELECT name FROM pragma_table_info('door_outbox')").all()
  return columns.some((c) => c.name === 'name') ? 4 : 0
}

/** Brings the file to the last step; refuses a file written by a newer version of the app, whose schema this one does not know. */
export function migrateLocalDb(db: BetterSqlite3.Database): void {
  const numbered = db.pragma('user_version', { simple: true }) as number
  if (numbered > LOCAL_SCHEMA_VERSION) throw new Error(`本机离线缓存文件来自更新版本的程序（版本 ${numbered}），请使用新版本打开`)
  db.transaction(() => {
    const from = numbered === 0 ? versionOfUnnumbered(db) : numbered
    for (const step of localMigrations) if (step.version > from) applyLocalStep(db, step)
    db.pragma(`user_version = ${LOCAL_SCHEMA_VERSION}`)
  })()
}
