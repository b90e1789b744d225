import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

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

/** A fresh SQLite file, and a throw-away PostgreSQL database when one is reachable. */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-'))
  const databases: BenchDatabase[] = [
    { name: 'sqlite', url: join(folder, 'platform.sqlite'), dispose: () => rm(folder, { recursive: true, force: true }) },
  ]
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
