import { createHash } from 'node:crypto'
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, extname, join } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import type { FileRange } from '../../../src-shared/schemas/files'

/*
 * The stored files the cache keeps (a seat plan's PDF, seat pictures) are files in a folder
 * beside the cache file, named by a hash of their server path; the table `cache_file` keeps
 * path → file name, size, type and when it was kept. A file is written to a temporary name
 * and renamed, so a file of the folder is always whole; one whose size is not the table's
 * (a power cut between the two) is taken as not cached, and read again online.
 */

type Db = BetterSqlite3.Database

/** The folder of the cached files beside the cache file: `offline-cache-files` beside `offline-cache.sqlite`. */
export function fileFolderOf(db: Db): string {
  return join(dirname(db.name), `${basename(db.name, extname(db.name))}-files`)
}

const fileNameOf = (path: string) => createHash('sha256').update(path).digest('hex')

/**
 * Keeps `dataUrl` (a base64 data: URL, as files.readAsDataUrl answers) as the file of
 * `path`: the bytes to the folder, then its row.
 */
export function keepFile(db: Db, path: string, dataUrl: string, at: number): void {
  const comma = dataUrl.indexOf(',')
  const type = dataUrl.slice('data:'.length, comma).replace(/;base64$/, '')
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64')
  const folder = fileFolderOf(db)
  const file = fileNameOf(path)
  mkdirSync(folder, { recursive: true })
  const temp = join(folder, `${file}.${process.pid}.tmp`)
  writeFileSync(temp, bytes)
  renameSync(temp, join(folder, file))
  db.prepare('INSERT INTO cache_file (path, file, size, type, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET file = excluded.file, size = excluded.size, type = excluded.type, at = excluded.at').run(
    path,
    file,
    bytes.length,
    type,
    at,
  )
}

/** Runs `read` on the open cached file of `path` (its size checked against the row), or answers undefined when it is not cached whole. */
function withCachedFile<T>(db: Db, path: string, read: (fd: number, row: { size: number; type: string }) => T): T | undefined {
  const row = db.prepare<[string], { file: string; size: number; type: string }>('SELECT file, size, type FROM cache_file WHERE path = ?').get(path)
  if (!row) return undefined
  let fd: number
  try {
    fd = openSync(join(fileFolderOf(db), row.file), 'r')
  } catch {
    return undefined
  }
  try {
    return fstatSync(fd).size === row.size ? read(fd, row) : undefined
  } finally {
    closeSync(fd)
  }
}

/** Bytes [start, end) of the open file of `size` bytes (fewer past its end). */
function bytesOf(fd: number, size: number, start: number, end: number): Buffer {
  const bytes = Buffer.alloc(Math.max(0, Math.min(end, size) - start))
  let done = 0
  while (done < bytes.length) done += readSync(fd, bytes, done, bytes.length - done, start + done)
  return bytes
}

/** The cached file of `path` as a data: URL, or undefined. */
export function cachedDataUrl(db: Db, path: string): string | undefined {
  return withCachedFile(db, path, (fd, { size, type }) => `data:${type};base64,${bytesOf(fd, size, 0, size).toString('base64')}`)
}

/** Bytes [start, end) of the cached file of `path` and its size, reading only them; undefined when it is not cached. */
export function cachedRange(db: Db, path: string, start: number, end: number): FileRange | undefined {
  return withCachedFile(db, path, (fd, { size }) => ({ total: size, base64: bytesOf(fd, size, start, end).toString('base64') }))
}

/** Removes the files of the folder no row names (their rows evicted or cleared, a write cut short). Answers how many went. */
export function removeUnnamedFiles(db: Db): number {
  let names: string[]
  try {
    names = readdirSync(fileFolderOf(db))
  } catch {
    return 0
  }
  const named = new Set(db.prepare<[], { file: string }>('SELECT file FROM cache_file').all().map((r) => r.file))
  const unnamed = names.filter((name) => !named.has(name))
  for (const name of unnamed) rmSync(join(fileFolderOf(db), name), { force: true })
  return unnamed.length
}
