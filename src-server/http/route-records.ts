import type { RecordKey, RouteDef } from '../../src-shared/contract'
import type { AuthUser } from '../auth/auth-user'
import type { Db } from '../db/types'
import { scopedRecordTable } from '../scope/enforce'
import type { AuditTable, AuditTrail, Snapshot } from './audit'
import { recordViews } from './record-views'

/*
 * How the route mechanism finds the record a write changes, before and after, from the
 * route's declaration (RouteDef.record, recordBy, recordView; a scope on `id` names the
 * table too). Handlers never name records for the log.
 */

export interface DeclaredRecord {
  table: AuditTable
  by: RecordKey | undefined
  snapshot: ((db: Db, id: number) => Snapshot) | undefined
}

/** The record a write route declares; undefined for a route that says why it names none (`unrecorded`). */
export function declaredRecord(route: RouteDef): DeclaredRecord | undefined {
  const table = (route.record ?? scopedRecordTable(route)) as AuditTable | undefined
  if (!table) return undefined
  return { table, by: route.recordBy, snapshot: route.recordView && recordViews[route.recordView] }
}

/** The ids an input value names: one id or a list of them. */
function idsIn(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value]
  return values.filter((v): v is number => typeof v === 'number')
}

/** The records named before the call: the input's id(s), the caller's account, a settings row. */
function namedBefore(by: RecordKey | undefined, input: Record<string, unknown>, user: AuthUser | null): number[] {
  if (by === undefined) return idsIn(input.id)
  if (by === 'caller') return user ? [user.adminId] : []
  if ('row' in by) return [by.row]
  if ('input' in by) return idsIn(input[by.input])
  return []
}

/** The answer's field naming the record the call made: `id` of a create (no input `id`), or the declared one. */
function createdKey(by: RecordKey | undefined, input: Record<string, unknown>): string | undefined {
  if (by === undefined) return input.id === undefined ? 'id' : undefined
  return typeof by === 'object' && 'answer' in by ? by.answer : undefined
}

/** Before the handler runs: the state of every record the input names is its "before". */
export async function recordBefore(trail: AuditTrail, db: Db, record: DeclaredRecord, input: Record<string, unknown>, user: AuthUser | null): Promise<void> {
  for (const id of namedBefore(record.by, input, user)) await trail.changing(record.table, id, record.snapshot?.(db, id))
}

/** After the handler: the record its answer names was created by the call (no "before"). */
export function recordCreated(trail: AuditTrail, db: Db, record: DeclaredRecord, input: Record<string, unknown>, result: unknown): void {
  const key = createdKey(record.by, input)
  const id = key === undefined ? undefined : (result as Record<string, unknown> | null)?.[key]
  if (typeof id === 'number') trail.created(record.table, id, record.snapshot?.(db, id))
}
