import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'

/**
 * The databases every server-side test runs on: an SQLite file, and PostgreSQL when
 * one is reachable (`TEST_POSTGRES_URL`, default the local trust-auth server).
 * Use with `describe.each(testDatabases())('… ($name)', (database) => …)`.
 */
export interface TestDatabase {
  name: 'sqlite' | 'postgres'
  dialect: 'sqlite' | 'postgres'
  /**
   * A new, empty database on each call: a file in a temp folder, or a throw-away
   * PostgreSQL database `t_<random>`.
   */
  url(): Promise<string>
  /** Removes every database this entry created; also runs by itself after the file's tests. */
  dispose(): Promise<void>
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres'

/**
 * Whether PostgreSQL answers. Synchronous (a short child process) so the list of
 * databases is known while the test file is collected.
 */
function postgresReachable(): boolean {
  const pgPath = createRequire(import.meta.url).resolve('pg')
  const probe = `const pg = require(${JSON.stringify(pgPath)});
    const c = new pg.Client({ connectionString: ${JSON.stringify(ADMIN_URL)}, connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query('select 1')).then(() => process.exit(0), () => process.exit(1));`
  return spawnSync(process.execPath, ['-e', probe], { timeout: 10_000, stdio: 'ignore' }).status === 0
}

function sqliteDatabase(): TestDatabase {
  const folders: string[] = []
  return {
    name: 'sqlite',
    dialect: 'sqlite',
    async url() {
      const folder = await mkdtemp(join(tmpdir(), 'server-test-'))
      folders.push(folder)
      return join(folder, 'platform.sqlite')
    },
    async dispose() {
      await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })))
    },
  }
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

function postgresDatabase(): TestDatabase {
  const created: string[] = []
  return {
    name: 'postgres',
    dialect: 'postgres',
    async url() {
      const name = `t_${randomBytes(6).toString('hex')}`
      await asAdmin((c) => c.query(`CREATE DATABASE ${name}`))
      created.push(name)
      const url = new URL(ADMIN_URL)
      url.pathname = `/${name}`
      return url.toString()
    },
    async dispose() {
      const names = created.splice(0)
      if (names.length === 0) return
      // FORCE ends connections a test left open, so a failed test cannot leak databases.
      await asAdmin(async (c) => {
        for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      })
    },
  }
}

export function testDatabases(): TestDatabase[] {
  const databases = [sqliteDatabase()]
  if (postgresReachable()) {
    databases.push(postgresDatabase())
  } else if (process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`PostgreSQL not reachable at ${ADMIN_URL}, and REQUIRE_POSTGRES=1`)
  } else {
    console.log(`PostgreSQL not reachable at ${ADMIN_URL}: PostgreSQL variants not run`)
  }
  afterAll(async () => {
    for (const database of databases) await database.dispose()
  })
  return databases
}
