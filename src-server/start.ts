import { buildApp } from './app'
import { openDatabase } from './db/connect'
import { migrateToLatest } from './db/migrate'
import type { Db } from './db/types'
import type { ServerOptions } from './options'
import { seedIfEmpty } from './seed'
import { StartupRefused, startupProblems } from './startup-checks'

export interface RunningServer {
  /** e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string
  port: number
  db: Db
  close(): Promise<void>
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

function refuseBadOptions(options: ServerOptions): void {
  const problems = startupProblems(options)
  if (problems.length > 0) throw new StartupRefused(problems)
}

/** Migrates the database and seeds an empty one: once, before any server process answers. */
export async function prepareDatabase(options: ServerOptions): Promise<void> {
  refuseBadOptions(options)
  const { db, dialect } = openDatabase(options.databaseUrl)
  try {
    await migrateToLatest(db, dialect)
    await seedIfEmpty(db, options)
  } finally {
    await db.destroy()
  }
}

/**
 * Opens the database, migrates it, seeds an empty one, and listens. Port 0 picks a
 * free port (the embedded server and the tests use that). `databaseReady`: a worker
 * process whose primary has already prepared the database (cluster.ts).
 */
export async function startServer(options: ServerOptions, { databaseReady = false } = {}): Promise<RunningServer> {
  refuseBadOptions(options)
  const { db, dialect } = openDatabase(options.databaseUrl)
  try {
    if (!databaseReady) {
      await migrateToLatest(db, dialect)
      await seedIfEmpty(db, options)
    }
    const app = await buildApp(options, db)
    await app.listen({ host: options.host, port: options.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : options.port
    return {
      url: `http://${urlHost(options.host)}:${port}`,
      port,
      db,
      close: async () => {
        await app.close()
        await db.destroy()
      },
    }
  } catch (err) {
    await db.destroy()
    throw err
  }
}
