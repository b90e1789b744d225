import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { DEMO_ADMIN_PASSWORD, optionsFromEnv, type ServerOptions } from '../src-server/options'
import { startServer, type RunningServer } from '../src-server/start'

export interface BenchDatabase {
  name: 'sqlite' | 'postgres'
  url: string
  dispose(): Promise<void>
}

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

async function asPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Whether this run measures `dialect`: BENCH_DATABASES=sqlite (or postgres) measures one dialect only; unset, both. */
export function dialectWanted(dialect: BenchDatabase['name']): boolean {
  const wanted = process.env.BENCH_DATABASES?.split(',')
  return !wanted || wanted.includes(dialect)
}

/** A fresh SQLite file, and a throw-away PostgreSQL database when one is reachable (those of them BENCH_DATABASES names). */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const databases: BenchDatabase[] = []
  if (dialectWanted('sqlite')) {
    const folder = await mkdtemp(join(tmpdir(), 'bench-'))
    databases.push({ name: 'sqlite', url: join(folder, 'platform.sqlite'), dispose: () => rm(folder, { recursive: true, force: true }) })
  }
  if (!dialectWanted('postgres')) return databases
  const name = `bench_${randomBytes(5).toString('hex')}`
  try {
    await asPostgresAdmin((c) => c.query(`CREATE DATABASE ${name}`))
    const url = new URL(POSTGRES_ADMIN_URL)
    url.pathname = `/${name}`
    databases.push({
      name: 'postgres',
      url: url.toString(),
      dispose: () => asPostgresAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    })
  } catch {
    console.log(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: measured on SQLite only`)
  }
  return databases
}

/** The platform in this process on `database`, the demo seeded, its files in `uploadDir`: what a bench seeds its own rows through. */
export function demoServer(database: BenchDatabase, uploadDir: string, options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return startServer({ ...optionsFromEnv({}), databaseUrl: database.url, uploadDir, port: 0, seedDemo: true, adminPassword: DEMO_ADMIN_PASSWORD, logger: false, ...options })
}

/** What a bench reports of one database: what it measured, and whether that met the target. */
export type Check = readonly [text: string, ok: boolean]

/**
 * Runs `measure` on each bench database with an uploads folder of its own, prints each
 * check it returns as a PASS or FAIL line (the database's name, then `label`), and fails the
 * run when one fails. The load average before and after says what else the machine did.
 */
export async function onEachDatabase(label: string, measure: (database: BenchDatabase, uploads: string) => Promise<readonly Check[]>): Promise<void> {
  let failed = false
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`)
  for (const database of await benchDatabases()) {
    const uploads = await mkdtemp(join(tmpdir(), 'bench-uploads-'))
    try {
      for (const [text, ok] of await measure(database, uploads)) {
        console.log(`${ok ? 'PASS' : 'FAIL'} ${database.name}${label}: ${text}`)
        if (!ok) failed = true
      }
    } finally {
      await database.dispose()
      await rm(uploads, { recursive: true, force: true })
    }
  }
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} after the run`)
  process.exitCode = failed ? 1 : 0
}
