import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openLocalDb, ReadCache, type LocalDb } from '../src-main/core/cache/local-store'
import { Outbox } from '../src-main/core/sync/outbox'

/**
 * What caching an online read costs the main process (issue 29): the cache file written
 * with synchronous=FULL for everything (before) against normal sync for reads, full sync
 * only for the outbox (now). Same machine, same run, side by side; prints each p50/p90
 * and the ratio. A read as the gateway keeps it was two commits (the read, then the
 * `lastReadAt` stamp), each synced; it is one commit now.
 *
 * And what a cached seat PDF costs: kept as a data: URL in a row (before) against a file
 * beside the cache (now), written once and read offline by pdf.js's ranges.
 */

const RUNS = 400
/** A page of a list as the server answers it (10 records, ~2.5 kB of JSON). */
const page = {
  records: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `党员${i + 1}`, telephone: `139${String(i).padStart(8, '0')}`, orgName: '省直机关工委某党支部', remark: '备注'.repeat(40) })),
  total: 1234,
}

/** A seat-plan PDF of 20 MB as files.readAsDataUrl answers it. */
const PDF_URL = `data:application/pdf;base64,${Buffer.alloc(20 * 1024 * 1024, 7).toString('base64')}`
/** The range pdf.js asks for: 1 MB in the middle. */
const [RANGE_START, RANGE_END] = [5_000_000, 6_048_576]

/** The range as it was cut offline from the row's data: URL, decoding only the base64 quads that hold it. */
function rangeOfDataUrl(url: string, start: number, end: number): string {
  const body = url.indexOf(',') + 1
  const first = Math.floor(start / 3)
  return Buffer.from(url.slice(body + first * 4, body + Math.ceil(end / 3) * 4), 'base64')
    .subarray(start - first * 3, end - first * 3)
    .toString('base64')
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

function time(label: string, run: (i: number) => void, runs = RUNS): number {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    run(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const p50 = quantile(times, 0.5)
  console.log(`${label}: p50 ${p50.toFixed(3)} ms, p90 ${quantile(times, 0.9).toFixed(3)} ms`)
  return p50
}

/** One online read kept: the first way, two commits; now, one (as gateway.ts `store`). */
function readKeptBefore(cache: ReadCache, i: number): void {
  cache.put(`1|member.list|{"pageNum":${i % 50}}`, page)
  cache.setMeta('lastReadAt', String(Date.now()))
}
const readKeptNow = (db: LocalDb, cache: ReadCache) =>
  db.transaction((i: number) => {
    cache.put(`1|member.list|{"pageNum":${i % 50}}`, page)
    cache.setMeta('lastReadAt', String(Date.now()))
  })

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'read-cache-bench-'))
  try {
    const before = openLocalDb(join(dir, 'before.sqlite'))
    // The file as it was opened before: full sync for every write.
    before.pragma('synchronous = FULL')
    const now = openLocalDb(join(dir, 'now.sqlite'))
    const beforeCache = new ReadCache(before)
    const nowCache = new ReadCache(now)

    const putBefore = time('one read cached, synchronous=FULL (before)', (i) => beforeCache.put(`1|member.list|{"pageNum":${i % 50}}`, page))
    const putNow = time('one read cached, synchronous=NORMAL (now)', (i) => nowCache.put(`1|member.list|{"pageNum":${i % 50}}`, page))
    console.log(`ratio one write before/now: ${(putBefore / putNow).toFixed(1)}×`)

    const keptBefore = time('a read as the gateway kept it (two FULL commits, before)', (i) => readKeptBefore(beforeCache, i))
    const keptNow = time('a read as the gateway keeps it (one NORMAL commit, now)', readKeptNow(now, nowCache))
    console.log(`ratio per online read before/now: ${(keptBefore / keptNow).toFixed(1)}×`)

    // The outbox keeps its full sync: what a queued save costs, unchanged.
    const outbox = new Outbox(now)
    const queued = time('a seat save queued (outbox, synchronous=FULL, now)', (i) =>
      outbox.enqueue({ trainId: i + 1, rowNumber: 2, columnNumber: 2, idempotencyKey: `k-${i}`, baseRevision: 0, trainMemberLocations: [{ rowNumber: 1, columnNumber: 1, trainSignUpMemberId: i + 1 }] }),
    )
    console.log(`ratio queued save / read cached now: ${(queued / putNow).toFixed(1)}× (the durability reads no longer pay)`)

    // A cached seat PDF: the row of the first cache steps (before) against a file beside the cache (now).
    now.exec('CREATE TABLE file_as_text (path TEXT PRIMARY KEY, data_url TEXT NOT NULL)')
    const keepText = now.prepare('INSERT INTO file_as_text (path, data_url) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET data_url = excluded.data_url')
    const readText = now.prepare<[string], { data_url: string }>('SELECT data_url FROM file_as_text WHERE path = ?')
    const pdfRuns = 20
    const keptText = time('a 20 MB PDF cached as a data: URL row (before)', () => keepText.run('/upload/plan.pdf', PDF_URL), pdfRuns)
    const keptFile = time('a 20 MB PDF cached as a file (now)', () => nowCache.putFile('/upload/plan.pdf', PDF_URL), pdfRuns)
    console.log(`ratio PDF cached before/now: ${(keptText / keptFile).toFixed(1)}×`)
    const rangeText = time('1 MB of it read offline from the row (before)', () => rangeOfDataUrl(readText.get('/upload/plan.pdf')?.data_url ?? '', RANGE_START, RANGE_END), pdfRuns)
    const rangeFile = time('1 MB of it read offline from the file (now)', () => nowCache.fileRange('/upload/plan.pdf', RANGE_START, RANGE_END), pdfRuns)
    console.log(`ratio offline range read before/now: ${(rangeText / rangeFile).toFixed(1)}×`)
    before.close()
    now.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

void main()
