import { withoutEmptyValues } from '../../src-shared/schemas/common'
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { RouteDef, ScopeKind } from '../../src-shared/contract'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { AuthUser } from '../auth/auth-user'
import { dataScopeOf, type DataScope } from '../auth/scope'
import type { Db } from '../db/types'
import type { AuditTable } from '../http/audit'
import { assertSafeInput } from '../http/input-guard'
import { scopeIds, scopeKinds, type IdsInScope } from './kinds'

/** The ids an input holds: one id, a list of them, or none (an absent optional input, or one its schema refuses). */
function idsOf(schema: z.ZodType | undefined, raw: unknown): number[] {
  if (!schema) return []
  const parsed = schema.safeParse(raw)
  if (!parsed.success) return []
  const value: unknown = parsed.data
  const all = Array.isArray(value) ? value : [value]
  return all.filter((v): v is number => typeof v === 'number')
}

/** Ids asked about per query: well within both dialects' limits on parameters. */
const IDS_PER_QUERY = 1000

/** Every id among `ids` names a record of `kind` inside the scope. */
async function allInScope(db: Db, scope: DataScope, kind: ScopeKind, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)]
  const inside: IdsInScope = scopeIds[kind](db, scope)
  for (let i = 0; i < wanted.length; i += IDS_PER_QUERY) {
    const part = wanted.slice(i, i + IDS_PER_QUERY)
    const found = await db.selectFrom(inside.as('s')).select('s.id').where('s.id', 'in', part).execute()
    if (found.length !== part.length) return false
  }
  return true
}

/**
 * The route mechanism's data-scope check: each input a route declares in `scope` must name
 * records of its kind inside the caller's tree, or the call answers NOT_FOUND exactly as
 * for a record that does not exist, so ids of other trees reveal nothing. It runs before
 * the rest of the input is judged: whom a call concerns is settled first, and a foreign id
 * is refused the same way whatever else the request says. An input its own schema refuses
 * is left to the validation that follows.
 */
export async function assertScopedInputs(db: Db, user: AuthUser, route: RouteDef, req: FastifyRequest): Promise<void> {
  if (!route.scope) return
  const scope = dataScopeOf(user)
  const parts: [z.ZodObject | undefined, unknown][] = [
    [route.params, req.params],
    // An empty query value is the value absent, as the parse reads it.
    [route.query, withoutEmptyValues(req.query)],
    [route.body, req.body],
  ]
  for (const [name, kind] of Object.entries(route.scope)) {
    if (!kind) continue
    const [schema, raw] = parts.find(([s]) => s?.shape[name] !== undefined) ?? [undefined, undefined]
    const value = (raw as Record<string, unknown> | undefined)?.[name]
    // The guard every input gets before its schema (a number beyond the column would fail the query).
    assertSafeInput({ [name]: value })
    await assertIdsInScope(db, scope, kind, idsOf(schema?.shape[name] as z.ZodType | undefined, value))
  }
}

/** Refuses (NOT_FOUND, as for a missing record) ids of `kind` outside the scope. */
export async function assertIdsInScope(db: Db, scope: DataScope, kind: ScopeKind, ids: number[]): Promise<void> {
  if (ids.length > 0 && !(await allInScope(db, scope, kind, ids))) throw new AppError(ErrorKey.NOT_FOUND, scopeKinds[kind].notFound)
}

/** The table of the record a route's `id` input names, by its declared kind (for the operation log). */
export function scopedRecordTable(route: RouteDef): AuditTable | undefined {
  const kind = route.scope?.id
  return kind && scopeKinds[kind].table
}

/** An account whose tree is the whole province: the super user, or one linked to a member of the root organisation. */
export function isProvinceLevel(scope: DataScope): boolean {
  return scope.superUser || /^\/\d+\/$/.test(scope.path)
}

/**
 * Province-wide records and settings (a route marked `province`) are changed only from
 * the root's tree; a tree's administrator may read them but not change them.
 */
export function assertProvinceLevel(user: AuthUser): void {
  if (!isProvinceLevel(dataScopeOf(user))) throw new AppError(ErrorKey.FORBIDDEN, '全省共用的数据只能由省级管理员修改')
}
