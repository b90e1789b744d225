import { openDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { optionsFromEnv } from '../options'
import { seedIfEmpty } from './index'
import { seedProvince } from './province'

/** Where the data set goes without DATABASE_URL: its own file, never the everyday database. */
const DEFAULT_PROVINCE_DATABASE = 'data/province.sqlite'

/**
 * `npm run seed:province`: the database of DATABASE_URL (read as the server reads it;
 * data/province.sqlite when unset), migrated and given the demo accounts if empty, then
 * the province-sized data set.
 */
async function main(): Promise<void> {
  const options = optionsFromEnv({ ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_PROVINCE_DATABASE })
  const { db, dialect } = openDatabase(options.databaseUrl)
  try {
    await migrateToLatest(db, dialect)
    await seedIfEmpty(db, { ...options, seedDemo: true })
    console.log(`生成省级规模数据：${dialect} ${dialect === 'sqlite' ? options.databaseUrl : ''}`)
    await seedProvince(db, dialect, (line) => console.log(line))
  } finally {
    await db.destroy()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
