import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../../src-server/db/types'

/**
 * Tables a refused call may still write: sessions and sign-in bookkeeping, the request
 * counters and the operation log itself (a refused write is logged on purpose).
 */
const BOOKKEEPING = new Set(['session', 'captcha', 'login_failure', 'rate_limit', 'operation_log', 'member_session'])

/**
 * A digest of every row of every table but the bookkeeping ones, by table: equal
 * before and after a call means the call changed no record (refused writes must not).
 */
export async function tableFingerprint(db: Db): Promise<Record<string, string>> {
  const names = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !BOOKKEEPING.has(name) && !name.startsWith('kysely_'))
    .sort()
  const digests: Record<string, string> = {}
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)
    const lines = rows.map((row) => JSON.stringify(row)).sort()
    digests[name] = createHash('sha256').update(lines.join('\n')).digest('hex')
  }
  return digests
}
