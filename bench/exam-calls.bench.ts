import { Agent, request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { benchDatabases, demoServer, dialectWanted, type BenchDatabase } from './databases'
import { seedExam } from './exam-seed'
import { cpuMicros, startBenchServer } from './harness'

/**
 * CPU per exam call (issue 28): the server's own CPU time (from /proc, the server in a
 * process of its own) per call of each kind of the phone's exam page — the list of my
 * exams, start, autosave, submit — with EXAM_CALLS_CANDIDATES (400) candidates whose
 * sessions were made ahead, EXAM_CALLS_SAVES (10) autosaves each, EXAM_CALLS_CONNECTIONS
 * (16) phones at a time. On PostgreSQL also the database's CPU per call (its backends'
 * times in /proc). CPU per call hardly changes with what else the machine runs, where
 * latency does.
 *
 * EXAM_CALLS_BASELINE=<another checkout of the project> (an earlier commit, with its own
 * node_modules link) measures that checkout's server beside this one, alternating, each
 * round on a fresh database, and prints this one's CPU per call as a ratio to it.
 * EXAM_CALLS_ROUNDS (1) rounds of each; BENCH_DATABASES=postgres for one dialect.
 */
const CANDIDATES = Number(process.env.EXAM_CALLS_CANDIDATES ?? 400)
const SAVES = Number(process.env.EXAM_CALLS_SAVES ?? 10)
const CONNECTIONS = Number(process.env.EXAM_CALLS_CONNECTIONS ?? 16)
const ROUNDS = Number(process.env.EXAM_CALLS_ROUNDS ?? 1)
const BASELINE = process.env.EXAM_CALLS_BASELINE

const KINDS = ['exams', 'start', 'answer', 'submit'] as const
type Kind = (typeof KINDS)[number]

interface PhaseFigures {
  calls: number
  serverMicros: number
  databaseMicros?: number
  p50: number
  p99: number
}

function call(agent: Agent, base: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<{ code: number; message: string; data: never }> {
  const payload = body === undefined ? '' : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const headers = { MemberToken: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) }) }
    const req = request(`${base}${path}`, { method, agent, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve(JSON.parse(text) as { code: number; message: string; data: never }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** CPU (µs) so far of each PostgreSQL backend serving `database`, by process id. */
async function backendMicros(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])
  return new Map(rows.map((r) => [r.pid, cpuMicros(r.pid) ?? 0]))
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0

/** Runs `work` for every item, CONNECTIONS at a time, and measures the server's (and the database's) CPU over it. */
async function phase<T>(items: readonly T[], work: (item: T) => Promise<void>, serverPid: number, databaseCpu?: () => Promise<Map<number, number>>): Promise<PhaseFigures> {
  const latencies: number[] = []
  const dbBefore = await databaseCpu?.()
  const before = cpuMicros(serverPid) ?? 0
  let next = 0
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < items.length) {
        const item = items[next++]
        const started = performance.now()
        await work(item)
        latencies.push(performance.now() - started)
      }
    }),
  )
  const serverMicros = (cpuMicros(serverPid) ?? 0) - before
  const dbAfter = await databaseCpu?.()
  const databaseMicros = dbBefore && dbAfter ? [...dbAfter].reduce((sum, [pid, micros]) => sum + micros - (dbBefore.get(pid) ?? 0), 0) : undefined
  latencies.sort((a, b) => a - b)
  return { calls: items.length, serverMicros, databaseMicros, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

/** One round: a fresh database seeded with the exam, the server of `checkout` (or this one) on it, the four kinds of call in turn. */
async function round(database: BenchDatabase, checkout: string | undefined): Promise<Record<Kind, PhaseFigures>> {
  const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
  const seeding = await demoServer(database, uploads)
  const { examId, tokens } = await seedExam(seeding.db, CANDIDATES, 0)
  if (database.name === 'postgres') await sql`ANALYZE`.execute(seeding.db)
  const rounds = await seeding.db.selectFrom('memberExam').select(['id', 'memberId']).where('examId', '=', examId).execute()
  await seeding.close()
  const server = await startBenchServer('platform', { DATABASE_URL: database.url, UPLOAD_DIR: uploads }, checkout)
  const admin = database.name === 'postgres' ? new pg.Client({ connectionString: database.url }) : undefined
  await admin?.connect()
  const databaseName = database.name === 'postgres' ? new URL(database.url).pathname.slice(1) : ''
  const databaseCpu = admin && (() => backendMicros(admin, databaseName))
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const ok = (envelope: { code: number; message: string }, kind: Kind) => {
    if (envelope.code !== 0) throw new Error(`${kind}: ${envelope.message}`)
  }
  try {
    const candidates = rounds.map((r) => ({ memberExamId: r.id, token: tokens.get(r.memberId)! }))
    const sittings = new Map<number, { attemptId: number; questions: { questionId: number; type: number }[] }>()
    const figures = {} as Record<Kind, PhaseFigures>
    figures.exams = await phase(candidates, async (c) => ok(await call(agent, server.url, 'GET', '/api/m/exams', c.token), 'exams'), server.pid, databaseCpu)
    figures.start = await phase(
      candidates,
      async (c) => {
        const envelope = await call(agent, server.url, 'POST', '/api/m/exam/start', c.token, { memberExamId: c.memberExamId })
        ok(envelope, 'start')
        sittings.set(c.memberExamId, envelope.data)
      },
      server.pid,
      databaseCpu,
    )
    const saves = candidates.flatMap((c) => Array.from({ length: SAVES }, (_, i) => ({ ...c, seq: i + 1 })))
    figures.answer = await phase(
      saves,
      async (c) => {
        const sitting = sittings.get(c.memberExamId)!
        const q = sitting.questions[c.seq % sitting.questions.length]
        const answer = q.type === 1 ? 'ABCD'[c.seq % 4] : `第${c.seq}次作答`
        ok(await call(agent, server.url, 'POST', '/api/m/exam/answer', c.token, { attemptId: sitting.attemptId, questionId: q.questionId, answer, seq: c.seq }), 'answer')
      },
      server.pid,
      databaseCpu,
    )
    figures.submit = await phase(
      candidates,
      async (c) => ok(await call(agent, server.url, 'POST', '/api/m/exam/submit', c.token, { attemptId: sittings.get(c.memberExamId)!.attemptId }), 'submit'),
      server.pid,
      databaseCpu,
    )
    return figures
  } finally {
    agent.destroy()
    await admin?.end()
    await server.stop()
    await rm(uploads, { recursive: true, force: true })
  }
}

const perCall = (micros: number | undefined, calls: number) => (micros === undefined ? undefined : micros / calls)

/** Sums the figures of several rounds of one server. */
function total(rounds: Record<Kind, PhaseFigures>[], kind: Kind) {
  const of = rounds.map((r) => r[kind])
  const calls = of.reduce((n, f) => n + f.calls, 0)
  const database = of.every((f) => f.databaseMicros !== undefined) ? of.reduce((n, f) => n + f.databaseMicros!, 0) : undefined
  return {
    server: perCall(of.reduce((n, f) => n + f.serverMicros, 0), calls)!,
    database: perCall(database, calls),
    p50: Math.max(...of.map((f) => f.p50)),
    p99: Math.max(...of.map((f) => f.p99)),
  }
}

async function main(): Promise<void> {
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores; ${CANDIDATES} candidates, ${SAVES} saves each, ${CONNECTIONS} at a time`)
  const servers = BASELINE ? [{ name: 'baseline', checkout: BASELINE }, { name: 'this', checkout: undefined }] : [{ name: 'this', checkout: undefined }]
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (!dialectWanted(dialect)) continue
    const results = new Map<string, Record<Kind, PhaseFigures>[]>(servers.map((s) => [s.name, []]))
    for (let r = 0; r < ROUNDS; r++) {
      // Alternating, so both see the same machine: A B, then B A.
      for (const server of r % 2 === 0 ? servers : [...servers].reverse()) {
        const all = await benchDatabases()
        for (const other of all.filter((d) => d.name !== dialect)) await other.dispose()
        const database = all.find((d) => d.name === dialect)
        if (!database) {
          console.log(`${dialect}: not reachable`)
          continue
        }
        try {
          results.get(server.name)!.push(await round(database, server.checkout))
        } finally {
          await database.dispose()
        }
      }
    }
    const mine = results.get('this')!
    const base = results.get('baseline')
    if (mine.length === 0) continue
    console.table(
      KINDS.map((kind) => {
        const now = total(mine, kind)
        const before = base && base.length ? total(base, kind) : undefined
        return {
          database: dialect,
          call: kind,
          'server µs/call': now.server.toFixed(0),
          ...(now.database === undefined ? {} : { 'database µs/call': now.database.toFixed(0) }),
          'p50 ms': now.p50.toFixed(1),
          'p99 ms': now.p99.toFixed(1),
          ...(before
            ? {
                'baseline server µs/call': before.server.toFixed(0),
                'server ratio': (now.server / before.server).toFixed(2),
                ...(now.database === undefined || before.database === undefined ? {} : { 'database ratio': (now.database / before.database).toFixed(2) }),
              }
            : {}),
        }
      }),
    )
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} after the run`)
}

void main()
