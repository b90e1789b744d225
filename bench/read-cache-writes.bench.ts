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
 */

const RUNS = 400
/** A page of a list as the server answers it (10 records, ~2.5 kB of JSON). */
const page = {
  records: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `党员${i + 1}`, telephone: `139${String(i).padStart(8, '0')}`, orgName: '省直机关工委某党支部', remark: '备注'.repeat(40) })),
  total: 1234,
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

function time(label: string, run: (i: number) => void): number {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
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
    before.close()
    now.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

void main()
