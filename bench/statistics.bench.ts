import type { Page } from '../src-shared/schemas/common'
import type { LedgerOrg, StatisticTrain } from '../src-shared/schemas/statistics'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { measure, startBenchServer, type Measurement } from './harness'
import { benchSeededDialects, dataAt, seededWith } from './seeded-dialects'

/**
 * The dashboard, statistics and ledger calls at province scale: the `seed:province`
 * set plus `bench/seed-statistics.ts` (20 000 trainings, 2 000 000 sign-ups, seven in
 * ten checked in), as the super user (the widest scope), 10 concurrent clients, beside
 * a Fastify hello-world. Target: p99 under 200 ms for every dashboard, statistics and
 * ledger call (the ledger reads the figures its triggers keep, migration 0014).
 *
 * Databases: BENCH_STATISTICS_SQLITE (default data/province.sqlite) and
 * BENCH_STATISTICS_POSTGRES, each filled by `DATABASE_URL=… npm run seed:province` and
 * then `DATABASE_URL=… npx tsx bench/seed-statistics.ts`. A missing one is skipped.
 */
const P99_TARGET_MS = 200
const YEAR = 2024

async function benchDatabase(name: string, databaseUrl: string, uploads: string): Promise<Measurement[]> {
  const server = await startBenchServer('platform', { DATABASE_URL: databaseUrl, UPLOAD_DIR: uploads, CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE })
  try {
    const token = await login(server.url, 'admin', 'Admin@123')
    const get = <T>(path: string) => dataAt<T>(server.url + path, token)
    const trains = await get<Page<StatisticTrain>>(`/api/statistic/train?year=${YEAR}&pageSize=1`)
    const top = (await get<{ records: LedgerOrg[] }>(`/api/ledger/org?year=${YEAR}`)).records.find((r) => r.totalHours > 0)
    if (!top) throw new Error('no organisation with hours')
    const committee = (await get<{ records: LedgerOrg[] }>(`/api/ledger/org?year=${YEAR}&parentId=${top.orgId}`)).records[0]
    const calls: [string, string][] = [
      ['GET /api/dashboard/summary', '/api/dashboard/summary'],
      ['GET /api/dashboard/train (first page)', '/api/dashboard/train'],
      ['GET /api/dashboard/train?classType=3&pageNum=50', '/api/dashboard/train?classType=3&pageNum=50'],
      ['GET /api/statistic/years', '/api/statistic/years'],
      ['GET /api/statistic/department (all years)', '/api/statistic/department'],
      [`GET /api/statistic/department?year=${YEAR}`, `/api/statistic/department?year=${YEAR}`],
      ['GET /api/statistic/classType (all years)', '/api/statistic/classType'],
      [`GET /api/statistic/classType?year=${YEAR}`, `/api/statistic/classType?year=${YEAR}`],
      [`GET /api/statistic/train?year=${YEAR}&pageSize=999`, `/api/statistic/train?year=${YEAR}&pageSize=999`],
      [`GET /api/statistic/train?year=${YEAR}&classType=3&pageSize=999`, `/api/statistic/train?year=${YEAR}&classType=3&pageSize=999`],
      ['GET /api/statistic/train/{id}/member?pageSize=9999', `/api/statistic/train/${trains.records[0].id}/member?pageSize=9999`],
      [`GET /api/ledger/org?year=${YEAR} (the province's top organisations)`, `/api/ledger/org?year=${YEAR}`],
      [`GET /api/ledger/org?parentId=<top organisation, ${top.members} members>`, `/api/ledger/org?year=${YEAR}&parentId=${top.orgId}`],
      [`GET /api/ledger/member?orgId=<二级党委, ${committee.members} members>`, `/api/ledger/member?year=${YEAR}&orgId=${committee.orgId}`],
      [`GET /api/ledger/member?orgId=<top organisation, ${top.members} members>`, `/api/ledger/member?year=${YEAR}&orgId=${top.orgId}`],
    ]
    const rows: Measurement[] = []
    for (const [title, path] of calls) {
      rows.push(await measure(`${title} (${name}, 10 clients)`, server.url + path, { headers: { Token: token }, connections: 10, seconds: 5 }))
    }
    return rows
  } finally {
    await server.stop()
  }
}

async function main(): Promise<void> {
  await benchSeededDialects({
    heading: 'Dashboard, statistics and ledger at province scale, 10 concurrent clients',
    candidates: [
      ['sqlite', process.env.BENCH_STATISTICS_SQLITE ?? 'data/province.sqlite'],
      ['postgres', process.env.BENCH_STATISTICS_POSTGRES],
    ],
    isSeeded: (url) => seededWith(url, (db) => db.selectFrom('train').select('id').where('name', 'like', '统计压测%').executeTakeFirst()),
    howToSeed: 'seed:province, then bench/seed-statistics.ts',
    targetMs: P99_TARGET_MS,
    allWithin: 'every dashboard, statistics and ledger call',
    rows: benchDatabase,
  })
}

void main()
