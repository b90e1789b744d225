import type { Migration, MigrationResultSet } from 'kysely/migration'
import { Migrator } from 'kysely/migration'
import type { DialectName } from './connect'
import { migrations } from './migrations'
import { schemaDialect } from './schema-helpers'
import type { Db } from './types'

/**
 * Brings the schema up to date. Safe to run at every start and from several server
 * instances at once: Kysely takes a lock (an advisory lock on PostgreSQL) and skips
 * migrations already recorded.
 */
export async function migrateToLatest(db: Db, dialect: DialectName): Promise<void> {
  const migrator = migratorOf(db, dialect)
  report(await migrator.migrateToLatest())
}

/**
 * Brings the schema up to the named migration and no further: the migration tests
 * (tests/server/migrations.test.ts) put rows of each version in before the next runs.
 */
export async function migrateTo(db: Db, dialect: DialectName, name: string): Promise<void> {
  report(await migratorOf(db, dialect).migrateTo(name))
}

function migratorOf(db: Db, dialect: DialectName): Migrator {
  const helpers = schemaDialect(dialect)
  const provided: Record<string, Migration> = Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [name, { up: (kdb) => m.up(kdb, helpers) }]),
  )
  return new Migrator({ db, provider: { getMigrations: async () => provided } })
}

function report({ error, results }: MigrationResultSet): void {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(`数据库迁移失败${failed ? `（${failed}）` : ''}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
}
