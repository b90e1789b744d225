import type { Kysely } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import { openDatabase } from '../../src-server/db/connect'
import { migrations } from '../../src-server/db/migrations'
import { schemaDialect } from '../../src-server/db/schema-helpers'
import type { Db } from '../../src-server/db/types'
import type { TestDatabase } from './databases'

/** A new database of `database`'s kind with the migrations up to and including `last`, and its URL (a migration's test starts from the version before it). */
export async function migratedTo(database: TestDatabase, last: string): Promise<{ db: Db; url: string }> {
  const url = await database.url()
  const { db } = openDatabase(url)
  const helpers = schemaDialect(database.dialect)
  const provided: Record<string, Migration> = Object.fromEntries(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    Object.entries(migrations).filter(([name]) => name <= last).map(([name, m]) => [name, { up: (k: Kysely<any>) => m.up(k, helpers) }]),
  )
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => provided } }).migrateToLatest()
  if (error) throw error
  return { db, url }
}
