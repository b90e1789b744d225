import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { durable, openLocalDb, ReadCache } from '../../src-main/core/cache/local-store'
import { applyLocalStep, LOCAL_SCHEMA_VERSION, localMigrations } from '../../src-main/core/cache/local-migrations'
import { fileFolderOf } from '../../src-main/core/cache/cached-files'
import { Outbox } from '../../src-main/core/sync/outbox'

/*
 * The core's cache file: its schema made by numbered steps from any file a console may
 * hold (a numbered one, or one made before the steps were numbered), rows kept; and two
 * durabilities on it — the outboxes' writes on disk before they return, the read cache not.
 */
let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-store-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let files = 0
/** A file holding the schema of the given steps, marked as `userVersion`. */
function fileOf(steps: readonly number[], userVersion: number, rows: (db: BetterSqlite3.Database) => void): string {
  const file = join(dir, `cache-${++files}.sqlite`)
  const db = new BetterSqlite3(file)
  for (const step of localMigrations) if (steps.includes(step.version)) applyLocalStep(db, step)
  rows(db)
  db.pragma(`user_version = ${userVersion}`)
  db.close()
  return file
}

const columnsOf = (db: BetterSqlite3.Database, table: string) => db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).map((c) => c.name)
const save = { trainId: 7, rowNumber: 2, columnNumber: 2, idempotencyKey: 'k-1', trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: 3 }] }
/** Rows of the first version's tables: a cached read, a queued save, the last account. */
function firstVersionRows(db: BetterSqlite3.Database): void {
  db.prepare('INSERT INTO cache_read (key, data, at) VALUES (?, ?, ?)').run('1|train.get|{"id":7}', '{"name":"培训班"}', 1)
  db.prepare('INSERT INTO outbox (train_id, idem_key, body, base_revision, created_at) VALUES (?, ?, ?, ?, ?)').run(7, 'k-1', JSON.stringify({ ...save, idempotencyKey: undefined }), 3, 1)
  db.prepare('INSERT INTO last_account (id, username, verifier, user, at) VALUES (1, ?, ?, ?, ?)').run('admin', 'v', '{"id":1}', 1)
}

describe('the cache file’s numbered migrations', () => {
  it('has consecutive steps', () => {
    expect(localMigrations.map((m) => m.version)).toEqual(localMigrations.map((_, i) => i + 1))
  })

  it('brings a file of the first version with rows to the last one, keeping the rows and the queued save sendable', () => {
    const db = openLocalDb(fileOf([1], 1, firstVersionRows))
    expect(db.pragma('user_version', { simple: true })).toBe(LOCAL_SCHEMA_VERSION)
    expect(new ReadCache(db).get('1|train.get|{"id":7}')?.data).toEqual({ name: '培训班' })
    const outbox = new Outbox(db)
    expect(outbox.next()).toMatchObject({ trainId: 7, baseRevision: 3, body: { idempotencyKey: 'k-1', rowNumber: 2 } })
    expect(db.prepare('SELECT username FROM last_account').get()).toEqual({ username: 'admin' })
    // The later steps' tables and columns are there and take rows.
    expect(columnsOf(db, 'draft')).toContain('data')
    expect(columnsOf(db, 'door_outbox')).toContain('name')
    db.prepare("INSERT INTO door_outbox (account, train_id, sign_up_id, idem_key, check_in_time, name, created_at) VALUES ('1', 7, 3, 'd-1', '2027-03-10 09:00:00', '张三', 1)").run()
    db.close()
    // Opened again: nothing more to do, nothing lost.
    const again = openLocalDb(join(dir, `cache-${files}.sqlite`))
    expect(again.prepare('SELECT count(*) AS n FROM door_outbox').get()).toEqual({ n: 1 })
    again.close()
  })

  it('moves the files a file of step 5 kept as data: URLs into files of the folder beside it, still readable offline', () => {
    const picture = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    const pdf = Buffer.from('%PDF-1.4\n座位编排\n%%EOF\n')
    const db = openLocalDb(
      fileOf([1, 2, 3, 4, 5], 5, (db) => {
        firstVersionRows(db)
        const put = db.prepare('INSERT INTO cache_file (path, data_url, at) VALUES (?, ?, ?)')
        put.run('/upload/2027/seat.png', `data:image/png;base64,${picture.toString('base64')}`, 11)
        put.run('/upload/2027/plan.pdf', `data:application/pdf;base64,${pdf.toString('base64')}`, 12)
      }),
    )
    expect(db.pragma('user_version', { simple: true })).toBe(LOCAL_SCHEMA_VERSION)
    expect(columnsOf(db, 'cache_file')).toEqual(['path', 'file', 'size', 'type', 'at'])
    const cache = new ReadCache(db)
    expect(cache.getFile('/upload/2027/seat.png')).toBe(`data:image/png;base64,${picture.toString('base64')}`)
    expect(cache.fileRange('/upload/2027/plan.pdf', 2, 9)).toEqual({ total: pdf.length, base64: pdf.subarray(2, 9).toString('base64') })
    // The bytes are files of the folder, the rows keep their time (eviction goes by it).
    const folder = fileFolderOf(db)
    const kept = db.prepare<[], { file: string; at: number }>('SELECT file, at FROM cache_file ORDER BY at').all()
    expect(kept.map((r) => r.at)).toEqual([11, 12])
    expect(readdirSync(folder).sort()).toEqual(kept.map((r) => r.file).sort())
    expect(readFileSync(join(folder, kept[0].file)).equals(picture)).toBe(true)
    expect(cache.get('1|train.get|{"id":7}')?.data).toEqual({ name: '培训班' })
    db.close()
  })

  it('takes a file made before the steps were numbered as the schema it holds', () => {
    // The last unnumbered schema: all four steps, door_outbox.name included (adding it again would fail).
    const last = openLocalDb(fileOf([1, 2, 3, 4], 0, firstVersionRows))
    expect(last.pragma('user_version', { simple: true })).toBe(LOCAL_SCHEMA_VERSION)
    expect(new Outbox(last).counts().pending).toBe(1)
    last.close()
    // An older one, before drafts and the queued check-in's name: both added, its rows kept.
    const older = openLocalDb(
      fileOf([1, 3], 0, (db) => {
        firstVersionRows(db)
        db.prepare("INSERT INTO door_outbox (account, train_id, sign_up_id, idem_key, check_in_time, created_at) VALUES ('1', 7, 3, 'd-1', '2027-03-10 09:00:00', 1)").run()
      }),
    )
    expect(columnsOf(older, 'draft')).toContain('key')
    expect(older.prepare('SELECT sign_up_id, name FROM door_outbox').all()).toEqual([{ sign_up_id: 3, name: null }])
    older.close()
  })

  it('refuses a file written by a newer version of the app, leaving it as it is', () => {
    const file = fileOf([1, 2, 3, 4], LOCAL_SCHEMA_VERSION + 1, firstVersionRows)
    expect(() => openLocalDb(file)).toThrow(`本机离线缓存文件来自更新版本的程序（版本 ${LOCAL_SCHEMA_VERSION + 1}）`)
    const db = new BetterSqlite3(file)
    expect(db.pragma('user_version', { simple: true })).toBe(LOCAL_SCHEMA_VERSION + 1)
    db.close()
  })
})

describe('durability', () => {
  it('writes reads with normal sync and the outbox with full sync, never a queued write inside a transaction that is not durable', () => {
    const db = openLocalDb(join(dir, 'durability.sqlite'))
    const level = () => db.pragma('synchronous', { simple: true })
    expect(level()).toBe(1)
    const cache = new ReadCache(db)
    cache.put('a', { x: 1 })
    expect(level()).toBe(1)
    expect(durable(db, () => level())()).toBe(2)
    expect(level()).toBe(1)

    const outbox = new Outbox(db)
    // The outbox's writes are durable ones: inside a read-cache transaction (normal sync) they are refused, and nothing of it stays.
    expect(() => db.transaction(() => (cache.put('b', 1), outbox.enqueue(save)))()).toThrow('an outbox write inside a transaction that is not durable')
    expect(outbox.counts().pending).toBe(0)
    expect(cache.get('b')).toBeUndefined()
    // Inside a durable one they are part of it.
    durable(db, () => (cache.put('b', 1), outbox.enqueue(save)))()
    expect(outbox.counts().pending).toBe(1)
    expect(level()).toBe(1)
    db.close()
  })
})
