import { sql } from 'kysely'
import type { DialectName } from '../db/connect'
import { ledgerFills } from '../db/migrations/0014_ledger_figures'
import { spanFill } from '../db/migrations/0015_ledger_member_span'
import { countRecounts } from '../db/migrations/0017_kept_counts'
import type { Db } from '../db/types'

/**
 * Bulk loads of the benchmark data sets on PostgreSQL. The row triggers that keep
 * figures and counts (migrations 0014, 0015, 0017) run a plpgsql function per row: with them, three million
 * members took over an hour to load. A load's transactions switch them off
 * (`session_replication_role = replica`, which takes a superuser and also skips
 * foreign-key checks: the seeds write consistent rows) and the figures and counts are
 * filled once at the end. On SQLite the triggers are cheap enough to run.
 */
export async function withoutRowTriggers(trx: Db, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`SET LOCAL session_replication_role = replica`.execute(trx)
}

/** Fills the ledger's figures from scratch and recounts the kept counts after a load `withoutRowTriggers`. */
export async function refillFigures(db: Db, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return
  await db.transaction().execute(async (trx) => {
    // The fills would fire the figure tables' own triggers, as during the load.
    await withoutRowTriggers(trx, dialect)
    await sql`TRUNCATE ledger_member_year, ledger_org, ledger_org_year`.execute(trx)
    for (const fill of [...ledgerFills(true), spanFill(true), ...countRecounts()]) await sql.raw(fill).execute(trx)
  })
}
