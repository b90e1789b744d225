import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src-server/db/connect'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { benchDatabases } from './databases'
import { measure, startBenchServer, type BenchServer, type Measurement } from './harness'

/**
 * The platform's own overhead: `GET /api/member?name=张` (as the super user) and
 * `GET /api/user/info` (as `orgadmin`, a member-linked account: session, role and
 * member) against the floor — the same statements behind bare Fastify routes
 * (floor.ts) — on the same database, one server process each, measured side by side
 * in alternating rounds so that both see the same machine. Targets: the platform
 * reaches ≥ 0.85× the floor's throughput, and its p99 stays under 50 ms. Beside the
 * throughput, each server's CPU time per request (from /proc) and their ratio: on a
 * machine shared with other work, throughput swings between rounds; CPU per request
 * hardly does.
 *
 * Databases: BENCH_PROVINCE_SQLITE (default data/province.sqlite) and
 * BENCH_PROVINCE_POSTGRES, filled by `npm run seed:province`; a missing one is replaced
 * by a fresh demo database of that dialect.
 */
const RATIO_TARGET = 0.85
const P99_TARGET_MS = 50
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)

async function hasMembers(url: string): Promise<boolean> {
  const { db } = openDatabase(url)
  try {
    return Boolean(await db.selectFrom('member').select('id').limit(1).executeTakeFirst())
  } catch {
    return false
  } finally {
    await db.destroy()
  }
}

interface Target {
  name: string
  url: string
  dispose(): Promise<void>
}

async function targets(): Promise<Target[]> {
  const fresh = await benchDatabases()
  const province: Record<string, string | undefined> = {
    sqlite: process.env.BENCH_PROVINCE_SQLITE ?? 'data/province.sqlite',
    postgres: process.env.BENCH_PROVINCE_POSTGRES,
  }
  const chosen: Target[] = []
  for (const database of fresh) {
    const url = province[database.name]
    if (url && (await hasMembers(url))) {
      await database.dispose()
      chosen.push({ name: `${database.name}, province`, url, dispose: async () => undefined })
    } else {
      chosen.push({ name: `${database.name}, demo`, url: database.url, dispose: database.dispose })
    }
  }
  return chosen
}

/** Alternates `rounds` measurements of each server; throughput averaged, p99 the worst round's. */
async function sideBySide(title: string, servers: [BenchServer, BenchServer], path: string, token: string): Promise<[Measurement, Measurement]> {
  const runs: Measurement[][] = [[], []]
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of servers.entries()) runs[i].push(await measure(title, server.url + path, { headers: { Token: token }, seconds: SECONDS, pid: server.pid }))
  }
  const combine = (list: Measurement[], what: string): Measurement => ({
    title: `${title} ${what}`,
    requestsPerSecond: list.reduce((sum, m) => sum + m.requestsPerSecond, 0) / list.length,
    p50: Math.max(...list.map((m) => m.p50)),
    p99: Math.max(...list.map((m) => m.p99)),
    failures: list.reduce((sum, m) => sum + m.failures, 0),
    cpuMicrosPerRequest: list.every((m) => m.cpuMicrosPerRequest !== undefined)
      ? list.reduce((sum, m) => sum + m.cpuMicrosPerRequest!, 0) / list.length
      : undefined,
  })
  return [combine(runs[0], 'platform'), combine(runs[1], 'floor')]
}

async function main(): Promise<void> {
  const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
  const table = []
  let met = true
  for (const target of await targets()) {
    const platform = await startBenchServer('platform', { DATABASE_URL: target.url, UPLOAD_DIR: uploads, CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE, SEED_DEMO: '1', WORKERS: '1' })
    const floor = await startBenchServer('floor', { DATABASE_URL: target.url })
    try {
      const routes: [string, string, string][] = [
        ['GET /api/member?name=张', `/api/member?name=${encodeURIComponent('张')}`, 'admin:Admin@123'],
        ['GET /api/user/info', '/api/user/info', 'orgadmin:Org@1234'],
      ]
      for (const [title, path, account] of routes) {
        const [username, password] = account.split(':')
        const token = await login(platform.url, username, password)
        const [ours, bare] = await sideBySide(`${title} (${target.name})`, [platform, floor], path, token)
        const ratio = ours.requestsPerSecond / bare.requestsPerSecond
        const ok = ratio >= RATIO_TARGET && ours.p99 < P99_TARGET_MS && ours.failures === 0 && bare.failures === 0
        met &&= ok
        table.push({
          what: `${title} (${target.name})`,
          'platform req/s': Math.round(ours.requestsPerSecond),
          'floor req/s': Math.round(bare.requestsPerSecond),
          ratio: ratio.toFixed(2),
          'platform p99 ms': ours.p99,
          'floor p99 ms': bare.p99,
          'platform CPU µs/req': Math.round(ours.cpuMicrosPerRequest ?? Number.NaN),
          'floor CPU µs/req': Math.round(bare.cpuMicrosPerRequest ?? Number.NaN),
          'CPU ratio': ((bare.cpuMicrosPerRequest ?? Number.NaN) / (ours.cpuMicrosPerRequest ?? Number.NaN)).toFixed(2),
          failures: ours.failures + bare.failures,
          target: ok ? 'met' : 'MISSED',
        })
      }
    } finally {
      await platform.stop()
      await floor.stop()
      await target.dispose()
    }
  }
  await rm(uploads, { recursive: true, force: true })
  console.log(`\nPlatform beside its floor, one process, 10 concurrent clients, ${ROUNDS} alternating rounds of ${SECONDS} s`)
  console.table(table)
  console.log(`target: ≥ ${RATIO_TARGET}× the floor and p99 < ${P99_TARGET_MS} ms — ${met ? 'met on every row' : 'missed'}`)
  if (!met) process.exitCode = 1
}

void main()
