import type { Kysely, SelectQueryBuilder } from 'kysely'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { deletableTableOf } from '../../src-shared/references'
import type { FilterDef, ResourceDescriptor } from '../../src-shared/resource'
import { callerScope } from '../auth/scope'
import { deleteRecords } from '../db/delete-impact'
import { orderedBy, sortTerms } from '../db/list-order'
import { startsWith } from '../db/prefix'
import { containsText } from '../db/sql-text'
import { nowText } from '../db/time'
import type { Db } from '../db/types'
import { scopeIds } from '../scope/kinds'
import type { Handlers, RequestContext } from './context'
import { afterCommit } from './write-transaction'
import { onePage } from '../db/paging'

/*
 * The generic part of a standard resource's handlers. Kysely types every table and
 * column; a handler shared by tables names them at run time, so inside this module the
 * builder is untyped. The descriptor's schemas check every input and every answer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: Db) => db as unknown as Kysely<any>

/** Applies the list filters of a descriptor to a query: `column` is `<table>.<filter name>`. */
export function applyFilters(query: AnyQuery, table: string, filters: Record<string, FilterDef>, input: Record<string, unknown>): AnyQuery {
  let q = query
  for (const [name, filter] of Object.entries(filters)) {
    const value = input[name]
    if (value === undefined || value === null || value === '') continue
    const column = `${table}.${name}`
    if (filter.match === 'equals') q = q.where(column, '=', value)
    else if (filter.match === 'prefix') q = q.where((eb) => startsWith(eb, column, String(value)))
    else q = q.where(containsText(column, String(value)))
  }
  return q
}

/** What a resource adds to the generic handlers (all optional). */
export interface ResourceServer {
  /** The rows as the list shows them: joins and columns (default: every column of the table). */
  rows?(db: Db): AnyQuery
  /** Turns a selected row into the answer's shape (e.g. a joined title into `news: {title}`). */
  toRow?(row: Record<string, unknown>): unknown
  /** The stored values of the dialog's fields: sanitised rich text, checked uploads … */
  values?(fields: Record<string, unknown>, ctx: RequestContext): Promise<Record<string, unknown>> | Record<string, unknown>
  /** Columns a new row starts with (e.g. status 1, or the caller's tree as its owner). */
  initial?: Record<string, unknown> | ((ctx: RequestContext) => Record<string, unknown>)
  /** Writes what lies beside the row (links to members …) once it is stored. */
  saved?(db: Db, id: number, fields: Record<string, unknown>, ctx: RequestContext): Promise<void>
  /** After every successful write has committed (e.g. the portal cache forgets). */
  changed?(): void
}

type Ops = 'list' | 'all' | 'create' | 'update' | 'delete' | 'updateStatus'
/** The handlers of a resource's generated routes. */
export type ResourceHandlers<N extends string> = {
  [K in keyof Handlers as K extends `${N}.${Ops}` ? K : never]: Handlers[K]
}

type Input = Record<string, unknown> & { id?: number; pageNum?: number; pageSize?: number; orderBy?: string; order?: 'asc' | 'desc' }
type Generic = (input: Input, ctx: RequestContext) => Promise<unknown>

/**
 * Handlers for list, all, create, update, delete (and updateStatus) of a descriptor.
 * Permission and the operation log are the route mechanism's (the rows carry `access`
 * and `record`); these only read and write.
 */
export function resourceHandlers<N extends string>(d: ResourceDescriptor<N>, server: ResourceServer = {}): ResourceHandlers<N> {
  const { table, noun } = d
  const base = (db: Db): AnyQuery => server.rows?.(db) ?? untyped(db).selectFrom(table)
  // A tree's records are listed to that tree and above; by id, the route's scope declaration checks them.
  const listed = (ctx: RequestContext): AnyQuery => (d.scope ? base(ctx.db).where(`${table}.id`, 'in', scopeIds[d.scope](ctx.db, callerScope(ctx))) : base(ctx.db))
  const initial = (ctx: RequestContext) => (typeof server.initial === 'function' ? server.initial(ctx) : server.initial)
  const columns = (q: AnyQuery): AnyQuery => (server.rows ? q : q.selectAll(table))
  const ordered = (q: AnyQuery) => q.orderBy(`${table}.id`, d.order === 'oldest' ? 'asc' : 'desc')
  // A declared sortable field is the table's column of that name.
  const sortColumns = Object.fromEntries((d.sortable ?? []).map((name) => [name, `${table}.${name}`]))
  const listOrder = (input: Input) => {
    const terms = sortTerms(input, sortColumns, `${table}.id`)
    return (q: AnyQuery) => (terms ? orderedBy(q, terms) : ordered(q))
  }
  const shape = (row: Record<string, unknown>) => (server.toRow ? server.toRow(row) : row)
  const byId = async (db: Db, id: number) => {
    const row = (await columns(base(db)).where(`${table}.id`, '=', id).executeTakeFirst()) as Record<string, unknown> | undefined
    if (!row) throw new AppError(ErrorKey.NOT_FOUND, `${noun}不存在`)
    return shape(row)
  }
  const stored = async (fields: Record<string, unknown>, ctx: RequestContext) => (server.values ? server.values(fields, ctx) : fields)
  const done = <T>(db: Db, value: T): T => {
    if (server.changed) afterCommit(db, server.changed)
    return value
  }

  const handlers: Record<string, Generic> = {
    [`${d.name}.list`]: async (input, ctx) => {
      const query = applyFilters(listed(ctx), table, d.filters, input)
      const order = listOrder(input)
      const page = await onePage(order(columns(query)), query, { pageNum: input.pageNum ?? 1, pageSize: input.pageSize ?? 10 })
      return { ...page, records: (page.records as Record<string, unknown>[]).map(shape) }
    },
    [`${d.name}.all`]: async (_input, ctx) => ((await ordered(columns(listed(ctx))).execute()) as Record<string, unknown>[]).map(shape),
    [`${d.name}.create`]: async (input, ctx) => {
      const now = nowText()
      const values = { ...initial(ctx), ...(await stored(input, ctx)), createTime: now, updatedAt: now }
      const { id } = (await untyped(ctx.db).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }
      await server.saved?.(ctx.db, id, input, ctx)
      return done(ctx.db, await byId(ctx.db, id))
    },
    [`${d.name}.update`]: async ({ id, ...fields }, ctx) => {
      await byId(ctx.db, id as number)
      await untyped(ctx.db).updateTable(table).set({ ...(await stored(fields, ctx)), updatedAt: nowText() }).where('id', '=', id).execute()
      await server.saved?.(ctx.db, id as number, fields, ctx)
      return done(ctx.db, await byId(ctx.db, id as number))
    },
    // Refused or cascaded as the declared references say (a teacher still teaching a course is refused).
    [`${d.name}.delete`]: async ({ id }, { db }) => {
      await byId(db, id as number)
      await deleteRecords(db, deletableTableOf(table), [id as number])
      return done(db, null)
    },
  }
  if (d.status) {
    handlers[`${d.name}.updateStatus`] = async ({ id, status }, { db }) => {
      await byId(db, id as number)
      await untyped(db).updateTable(table).set({ status, updatedAt: nowText() }).where('id', '=', id).execute()
      return done(db, null)
    }
  }
  return handlers as unknown as ResourceHandlers<N>
}
