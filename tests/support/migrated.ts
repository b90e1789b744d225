import { openDatabase } from '../../src-server/db/connect'
import { migrateTo, migrateToLatest } from '../../src-server/db/migrate'
import { migrations } from '../../src-server/db/migrations'
import type { Db } from '../../src-server/db/types'
import type { TestDatabase } from './databases'

/**
 * A new database of `database`'s kind with the migrations up to and including `last`
 * (every migration when `last` names none of them), and its URL: a migration's own test
 * starts from the version before it.
 */
export async function migratedTo(database: TestDatabase, last: string): Promise<{ db: Db; url: string }> {
  const url = await database.url()
  const { db } = openDatabase(url)
  if (last in migrations) await migrateTo(db, database.dialect, last)
  else await migrateToLatest(db, database.dialect)
  return { db, url }
}
