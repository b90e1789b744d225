import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type { z } from 'zod'
import type { RouteDef } from '../../src-shared/contract'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { locks, recordKinds, type RecordTable } from '../../src-shared/references'
import { assertSafeInput } from '../http/input-guard'
import { labelOf, referrersOf } from './delete-impact'
import type { Db } from './types'

/*
 * Records read-only while referred to (src-shared/references.ts `locks`): why one is, for
 * its reads and for the route mechanism, which refuses its edit routes with that reason.
 */

/** Why the record is read-only (the declared refusal naming its referrers), or null when it may be edited. */
export async function lockOf(db: Db, table: string, id: number): Promise<string | null> {
  for (const lock of locks) {
    if (lock.record !== table) continue
    // One sentence per referring table: an exam naming the paper twice (两套试卷) is one exam.
    for (const from of new Set(lock.by.map((r) => r.from))) {
      const where = sql.join(
        lock.by.filter((r) => r.from === from).map((r) => sql`${sql.ref(`${from}.${r.column}`)} = ${id}`),
        sql` OR `,
      )
      const referrers = await referrersOf(db, from, sql`(${where})`, () => labelOf(db, lock.record, [id]))
      if (referrers) return lock.refusal(referrers)
    }
  }
  return null
}

/** The record kind whose edits a route makes, when that kind may be locked: a write route declaring `record`, but not its delete. */
export function lockedRecordOf(name: string, route: RouteDef): RecordTable | null {
  // A create names no `id`, and a route whose record is found elsewhere (a copy's new id, a batch) edits no input `id`.
  const namesId = (route.params?.shape.id ?? route.body?.shape.id) !== undefined
  if (route.method === 'GET' || !route.record || route.recordBy || !namesId) return null
  const lock = locks.find((l) => l.record === route.record)
  return lock && recordKinds[lock.record].deletedBy !== name ? lock.record : null
}

/** The `id` a request names, as its route's schema reads it (undefined when absent or refused: validation reports that). */
function idOf(route: RouteDef, req: FastifyRequest): number | undefined {
  for (const [schema, raw] of [[route.params, req.params], [route.body, req.body]] as const) {
    const field = schema?.shape.id as z.ZodType | undefined
    if (!field) continue
    const value = (raw as Record<string, unknown> | undefined)?.id
    // The guard every input gets before its schema, as the scope check does (an id beyond the column fails the query).
    assertSafeInput({ id: value })
    const parsed = field.safeParse(value)
    return parsed.success && typeof parsed.data === 'number' ? parsed.data : undefined
  }
  return undefined
}

/**
 * The route mechanism's check: an edit of a read-only record is refused (CONFLICT) with the
 * declared reason before the rest of the input is judged, so the reason is what the caller
 * reads whatever else the request says.
 */
export async function assertEditable(db: Db, name: string, route: RouteDef, req: FastifyRequest): Promise<void> {
  const table = lockedRecordOf(name, route)
  const id = table === null ? undefined : idOf(route, req)
  if (table === null || id === undefined) return
  const reason = await lockOf(db, table, id)
  if (reason) throw new AppError(ErrorKey.CONFLICT, reason)
}
