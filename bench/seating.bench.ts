import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { SeatPlan } from '../src-shared/schemas/seating'
import { openLocalDb, ReadCache } from '../src-main/core/cache/local-store'
import { createApiClient } from '../src-main/core/api-client'
import { optionsFromEnv } from '../src-server/options'
import { startServer } from '../src-server/start'
import { demoAccounts } from '../src-server/seed/demo-accounts'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { validTrainForm } from '../tests/support/training'

/**
 * Venue seating and the offline cache, against their targets (issue 11):
 *  - arrange and save a 1 000-seat plan (25 × 40, every seat grouped, every sign-up seated);
 *  - refresh 100 000 members into the cache: under 1 s;
 *  - cached lookups: p99 under 1 ms.
 * SQLite server in a temp folder; one process; prints times and the ratio to each target.
 */

const ROWS = 25
const COLUMNS = 40
const MEMBERS = 100_000
const LOOKUPS = 20_000

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const ms = (n: number) => `${n.toFixed(3)} ms`

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-seating-'))
  const server = await startServer({
    ...optionsFromEnv({}),
    databaseUrl: join(dir, 'platform.sqlite'),
    uploadDir: join(dir, 'uploads'),
    host: '127.0.0.1',
    port: 0,
    captchaTestCode: TEST_CAPTCHA_CODE,
  })
  try {
    const token = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    const client = createApiClient({ baseUrl: () => server.url, token: () => token, onUnauthenticated: async () => undefined })
    const trainId = ((await client.callRoute('train.create', validTrainForm({ maxNum: 0 }))) as { id: number }).id
    // Sign-ups straight into the database: the benchmark is the seating, not a thousand sign-up calls.
    const members = await server.db.selectFrom('member').select(['id', 'name', 'telephone', 'orgId']).limit(ROWS * COLUMNS).execute()
    const now = '2026-11-01 00:00:00'
    await server.db
      .insertInto('trainSignUp')
      .values(members.map((m) => ({ trainId, memberId: m.id, name: m.name, telephone: m.telephone, orgId: m.orgId, source: 'admin', createdAt: now, updatedAt: now })))
      .execute()
    const plan = (await client.callRoute('seat.plan', { trainId })) as SeatPlan
    const people = plan.people.map((p) => p.trainSignUpMemberId)
    const locations = Array.from({ length: ROWS * COLUMNS }, (_, i) => ({
      rowNumber: 1 + Math.floor(i / COLUMNS),
      columnNumber: 1 + (i % COLUMNS),
      groupNumber: 1 + Math.floor((i % COLUMNS) / 5),
      trainSignUpMemberId: i < people.length ? people[i] : null,
    }))
    const saves: number[] = []
    let revision = plan.revision
    for (let run = 0; run < 20; run++) {
      const started = performance.now()
      const result = (await client.callRoute('seat.save', { trainId, rowNumber: ROWS, columnNumber: COLUMNS, trainMemberLocations: locations, baseRevision: revision })) as { revision: number }
      saves.push(performance.now() - started)
      revision = result.revision
    }
    const reads: number[] = []
    for (let run = 0; run < 20; run++) {
      const started = performance.now()
      await client.callRoute('seat.plan', { trainId })
      reads.push(performance.now() - started)
    }
    saves.sort((a, b) => a - b)
    reads.sort((a, b) => a - b)
    console.log(`seat plan ${ROWS}×${COLUMNS} (${people.length} people seated): save p50 ${ms(quantile(saves, 0.5))}, p99 ${ms(quantile(saves, 0.99))}; read p50 ${ms(quantile(reads, 0.5))}`)

    const cache = new ReadCache(openLocalDb(join(dir, 'offline-cache.sqlite')))
    const records = Array.from({ length: MEMBERS }, (_, i) => ({
      key: `1|member.get|{"id":${i + 1}}`,
      data: { id: i + 1, name: `党员${i + 1}`, gender: i % 2, telephone: `139${String(i).padStart(8, '0')}`, orgId: 1 + (i % 500), orgName: '某党支部', topOrgId: 2, topOrgName: '省直机关工委', enabled: true },
    }))
    const refreshStarted = performance.now()
    cache.putMany(records)
    const refresh = performance.now() - refreshStarted
    console.log(`refresh ${MEMBERS} members into the cache: ${ms(refresh)} (target 1000 ms: ${(refresh / 1000).toFixed(2)}× of it)`)

    const lookups: number[] = []
    for (let i = 0; i < LOOKUPS; i++) {
      const key = records[(i * 7919) % MEMBERS].key
      const started = performance.now()
      cache.get(key)
      lookups.push(performance.now() - started)
    }
    lookups.sort((a, b) => a - b)
    const p99 = quantile(lookups, 0.99)
    console.log(`cached lookups (${LOOKUPS}): p50 ${ms(quantile(lookups, 0.5))}, p99 ${ms(p99)} (target 1 ms: ${p99.toFixed(3)}× of it)`)
  } finally {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

void main()
