import { readFile } from 'node:fs/promises'
import { sql } from 'kysely'
import { nowText } from '../src-server/db/time'
import type { Db } from '../src-server/db/types'
import { DEMO_ADMIN_PASSWORD } from '../src-server/options'
import { login, TEST_CAPTCHA_CODE } from '../tests/support/login'
import { publishedTrainRow } from '../tests/support/training'
import { demoServer, onEachDatabase } from './databases'
import { startBenchServer } from './harness'

/**
 * `GET /api/train/sign/up/member/downloadAll` of a 50,000-row and a 200,000-row
 * roster, in one run, from a platform server in its own process: wall time until the
 * last byte arrived, and the server's peak resident memory above its level before the
 * export (sampled from /proc every 20 ms), and the server's CPU seconds, which other
 * load on a shared machine does not inflate as it does wall time. Targets: 50,000 rows under 5 s and under
 * 200 MB; 200,000 rows under 4.5 × the 50,000-row time (the export streams, so time
 * grows linearly and memory does not grow with the roster).
 */
const SIZES = [50_000, 200_000] as const
const MB = 1024 * 1024

/** The node process serving: `tsx` runs the script in a child of the process it starts. */
async function serverProcess(pid: number): Promise<number> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean)
  return children.length === 0 ? pid : serverProcess(Number(children[children.length - 1]))
}

/** CPU seconds (user + system) the process has used: unlike wall time, not inflated by other load on the machine. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ')
  const CLOCK_TICKS = 100
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
}

/** Members for the largest roster and one training per size, signed up by the first n of them. */
async function seedRosters(db: Db): Promise<number[]> {
  const branch = await db.selectFrom('org').select(['id', 'topOrgId', 'path']).where('orgType', '=', '党支部').orderBy('id').executeTakeFirstOrThrow()
  const root = await db.selectFrom('org').select('id').where('parentId', 'is', null).executeTakeFirstOrThrow()
  const now = nowText()
  const largest = Math.max(...SIZES)
  const memberIds: number[] = []
  for (let start = 0; start < largest; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, largest - start) }, (_, i) => ({
      name: `学员${start + i}`,
      gender: (start + i) % 2,
      telephone: `166${String(start + i).padStart(8, '0')}`,
      idcard: `320102199001${String((start + i) % 10_000).padStart(4, '0')}12X`,
      nation: '汉族',
      orgId: branch.id,
      orgPath: branch.path,
      topOrgId: branch.topOrgId,
      department: '预算处',
      jobs: '主任科员',
      partyJobs: '党员',
      tenureTime: '2020-01',
      sameTenureYear: 3,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
    }))
    memberIds.push(...(await db.insertInto('member').values(rows).returning('id').execute()).map((r) => r.id))
  }
  const trainIds: number[] = []
  for (const size of SIZES) {
    const { id } = await db.insertInto('train').values(publishedTrainRow(`${size}人名单`, root.id)).returning('id').executeTakeFirstOrThrow()
    for (let start = 0; start < size; start += 500) {
      const rows = memberIds.slice(start, Math.min(start + 500, size)).map((memberId, i) => ({
        trainId: id, memberId, name: `学员${start + i}`, telephone: `166${String(start + i).padStart(8, '0')}`, gender: (start + i) % 2,
        nation: '汉族', orgId: branch.id, company: '省财政厅机关党委', department: '预算处', jobs: '主任科员', partyJobs: '党员',
        tenureTime: '2020-01', sameTenureYear: 3, cardsNumber: '32010219900101123X', arrivalType: '自行前往', arrivalTime: now,
        needRoom: 1, source: 'import', createdAt: now, updatedAt: now,
      }))
      await db.insertInto('trainSignUp').values(rows).execute()
    }
    trainIds.push(id)
  }
  return trainIds
}

interface Figure {
  rows: number
  seconds: number
  cpuSeconds: number
  peakGrowthMb: number
  megabytes: number
}

/** Downloads one roster while sampling the server's memory; the body is counted, not kept. */
async function exportOnce(url: string, token: string, pid: number, rows: number): Promise<Figure> {
  const before = await rssOf(pid)
  let peak = before
  const sampler = setInterval(() => {
    void rssOf(pid).then((rss) => (peak = Math.max(peak, rss)))
  }, 20)
  const cpuBefore = await cpuSecondsOf(pid)
  const started = performance.now()
  const response = await fetch(url, { headers: { Token: token } })
  if (response.status !== 200) throw new Error(`export answered ${response.status}: ${await response.text()}`)
  let bytes = 0
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, await rssOf(pid))
  return { rows, seconds, cpuSeconds: (await cpuSecondsOf(pid)) - cpuBefore, peakGrowthMb: (peak - before) / MB, megabytes: bytes / MB }
}

async function main(): Promise<void> {
  await onEachDatabase('', async (database, uploads) => {
    const seeding = await demoServer(database, uploads)
    const seedStart = performance.now()
    const trainIds = await seedRosters(seeding.db)
    // Planner statistics as a live database has them (autovacuum would gather them mid-run otherwise).
    if (database.name === 'postgres') await sql`ANALYZE`.execute(seeding.db)
    console.log(`${database.name}: seeded ${SIZES.join(' + ')} sign-ups in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    await seeding.close()

    const server = await startBenchServer('platform', { DATABASE_URL: database.url, UPLOAD_DIR: uploads, CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE })
    try {
      const token = await login(server.url, 'admin', DEMO_ADMIN_PASSWORD)
      const pid = await serverProcess(server.pid)
      const urlOf = (trainId: number) => `${server.url}/api/train/sign/up/member/downloadAll?trainId=${trainId}`
      // Warm-up: load the code paths once, so the first measured export does not pay for them.
      await exportOnce(urlOf(trainIds[0]), token, pid, SIZES[0])
      const figures = []
      for (const [i, trainId] of trainIds.entries()) figures.push(await exportOnce(urlOf(trainId), token, pid, SIZES[i]))
      const [small, large] = figures
      const ratio = large.seconds / small.seconds
      const cpuRatio = large.cpuSeconds / small.cpuSeconds
      console.table(
        figures.map((f) => ({
          database: database.name,
          rows: f.rows,
          seconds: f.seconds.toFixed(2),
          'server CPU s': f.cpuSeconds.toFixed(2),
          'rows/s': Math.round(f.rows / f.seconds),
          'peak RSS growth MB': f.peakGrowthMb.toFixed(1),
          'xlsx MB': f.megabytes.toFixed(1),
        })),
      )
      return [
        [`50,000 rows in ${small.seconds.toFixed(2)} s wall, ${small.cpuSeconds.toFixed(2)} s server CPU (target < 5 s)`, small.seconds < 5],
        [`50,000 rows peak growth ${small.peakGrowthMb.toFixed(1)} MB (target < 200 MB)`, small.peakGrowthMb < 200],
        [`200,000 rows peak growth ${large.peakGrowthMb.toFixed(1)} MB (target < 200 MB)`, large.peakGrowthMb < 200],
        [`200,000 / 50,000 time ratio ${ratio.toFixed(2)} wall, ${cpuRatio.toFixed(2)} server CPU (target < 4.5)`, ratio < 4.5],
      ] as const
    } finally {
      await server.stop()
    }
  })
}

void main()
