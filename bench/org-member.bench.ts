import { availableParallelism } from 'node:os'
import type { Page } from '../src-shared/schemas/common'
import type { Org } from '../src-shared/schemas/org'
import { WIDE_NODE_CODE } from '../src-server/seed/province'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { measure, startBenchServer, type Measurement } from './harness'
import { benchSeededDialects, dataAt, seededWith } from './seeded-dialects'

/**
 * Organisations and members at province scale (`npm run seed:province`: ~178 000
 * organisations, ~3.23 million members): the first page of the member list by name
 * prefix, by telephone prefix and by an organisation's subtree, and the children of
 * the node with 5 000 children, at 10 concurrent clients, beside a Fastify
 * hello-world, with one server process and with one per core. Target: p99 under
 * 50 ms on SQLite and on PostgreSQL. The throughput target (the platform against the
 * same statements on a bare route) is floor.bench.ts's.
 *
 * Databases: BENCH_PROVINCE_SQLITE (default data/province.sqlite) and
 * BENCH_PROVINCE_POSTGRES (e.g. postgres://root@127.0.0.1:5432/province), each seeded
 * beforehand with `DATABASE_URL=… npm run seed:province`. A missing one is skipped.
 */
const P99_TARGET_MS = 50

/**
 * One server process, and as many as the machine has cores (WORKERS, the multi-core
 * deployment). BENCH_WORKERS=1,4 picks others.
 */
const workerCounts = (process.env.BENCH_WORKERS ?? `1,${availableParallelism()}`)
  .split(',')
  .map(Number)
  .filter((n, i, all) => n >= 1 && all.indexOf(n) === i)

async function benchDatabase(name: string, databaseUrl: string, uploads: string, workers: number): Promise<Measurement[]> {
  const server = await startBenchServer('platform', { DATABASE_URL: databaseUrl, UPLOAD_DIR: uploads, CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE, WORKERS: String(workers) })
  try {
    const token = await login(server.url, 'admin', 'Admin@123')
    const headers = { Token: token }
    const wide = (await dataAt<Page<Org>>(`${server.url}/api/org/children?orgCode=${WIDE_NODE_CODE}&pageSize=1`, token)).records[0].parentId
    const root = (await dataAt<Page<Org>>(`${server.url}/api/org/children`, token)).records[0]
    // The province's last top organisation: its members are at the far end of every index.
    const tops = await dataAt<Page<Org>>(`${server.url}/api/org/children?parentId=${root.id}&pageSize=1000`, token)
    const subtree = tops.records[tops.records.length - 1]
    const queries: [string, string][] = [
      ['GET /api/member?name=张', `/api/member?name=${encodeURIComponent('张')}`],
      ['GET /api/member?telephone=1910012', '/api/member?telephone=1910012'],
      [`GET /api/member?orgId=<top org, ${subtree.childrenCount} children>`, `/api/member?orgId=${subtree.id}`],
      ['GET /api/org/children?parentId=<5 000 children>', `/api/org/children?parentId=${wide}`],
    ]
    const rows: Measurement[] = []
    for (const [title, path] of queries) {
      const page = await dataAt<Page<unknown>>(server.url + path, token)
      const processes = workers > 1 ? `, ${workers} workers` : ''
      rows.push(await measure(`${title} (${name}${processes}; total ${page.total})`, server.url + path, { headers, connections: 10, seconds: 5 }))
    }
    return rows
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  await benchSeededDialects({
    heading: 'Organisations and members at province scale, 10 concurrent clients',
    candidates: [
      ['sqlite', process.env.BENCH_PROVINCE_SQLITE ?? 'data/province.sqlite'],
      ['postgres', process.env.BENCH_PROVINCE_POSTGRES],
    ],
    isSeeded: (url) => seededWith(url, (db) => db.selectFrom('org').select('id').where('orgCode', '=', WIDE_NODE_CODE).executeTakeFirst()),
    howToSeed: 'seed it with DATABASE_URL=… npm run seed:province',
    targetMs: P99_TARGET_MS,
    allWithin: 'every query',
    rows: async (name, url, uploads) => {
      const rows: Measurement[] = []
      for (const workers of workerCounts) rows.push(...(await benchDatabase(name, url, uploads, workers)))
      return rows
    },
  })
}

void main()
