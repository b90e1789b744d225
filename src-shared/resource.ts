import { z } from 'zod'
import type { ScopeDecl, ScopeKind } from './contract'
import type { ColumnRef, FieldDecls } from './fields'
import { sortQuery } from './list-sort'
import type { PermissionKey } from './permissions'
import { idParam, intLike, nullResponse, pageOf, pageQuery } from './schemas/common'

/**
 * How the server applies a list filter: `contains` (text anywhere, LIKE with escaping),
 * `prefix` (starts with, an index range), `equals` (a number or a code).
 */
export type FilterMatch = 'contains' | 'prefix' | 'equals'

/** One list filter: its query schema (typed: ints parse from their text form), the column it filters and how. */
export interface FilterDef {
  schema: z.ZodType
  match: FilterMatch
  /** The field's label when the filter has the name of a declared field. */
  label?: string
  /** A choice instead of free text (the value is the option's code). */
  options?: readonly { value: string; label: string }[]
}

/**
 * A standard resource, declared once: its route rows (list, all, create, update, delete
 * and, with `status`, updateStatus) are generated from it, the server's generic
 * handlers read it, and the renderer's CrudScreen draws filters, table and dialog from it.
 * Who owns the records (docs/decisions.md, "Every module has an owner"): a tree (`scope`)
 * or the province (`province`).
 */
export interface ResourceDescriptor<
  N extends string = string,
  Row extends z.ZodObject = z.ZodObject,
  Fields extends z.ZodObject = z.ZodObject,
  Filters extends Record<string, FilterDef> = Record<string, FilterDef>,
  Sortable extends readonly string[] = readonly string[],
> {
  name: N
  /** Base path of spec 001 §7, e.g. `/api/news`. */
  path: string
  /** What one record is called in messages and titles: 新闻, 教师 … */
  noun: string
  access: PermissionKey
  /** The database table (the operation log names it). */
  table: string
  /** A list row as the server answers it (has `id`). */
  row: Row
  /** The fields a dialog edits: the create body; update adds `id` (derived from `form` where declared). */
  fields: Fields
  /** The fields declared once (fields.ts): the schema, the dialog, the columns and filter labels come from them. */
  form?: FieldDecls
  /** The list's columns in order: declared fields by name, row values by their declaration. */
  columns?: readonly ColumnRef[]
  filters: Filters
  /** Offers POST {path}/updateStatus with `id` and `status` 1 / -1 (an enable switch). */
  status?: boolean
  /** Column ordering the list (newest first unless told). */
  order?: 'newest' | 'oldest'
  /**
   * Row fields the list may be sorted by (list-sort.ts): each is a column of `table`
   * with an index that gives its order (migration 0031).
   */
  sortable?: Sortable
  /** The records belong to a tree: routes naming one by `id` declare this kind, lists show the caller's tree's. */
  scope?: ScopeKind
  /** The records are the province's: every write route is marked `province` (read by all with the screen). */
  province?: true
}

/** Enable switch values (spec 001 §4: news, carousel, course 1 / -1). */
export const EnabledStatusSchema = intLike.pipe(z.union([z.literal(1), z.literal(-1)], { error: '状态无效' }))

export const StatusQuerySchema = z.object({
  id: idParam.shape.id,
  status: EnabledStatusSchema,
})

/** A filter's label: its own, or the declared field's of the same name. */
export function filterLabel(d: Pick<ResourceDescriptor, 'filters' | 'form'>, name: string): string {
  return d.filters[name]?.label ?? d.form?.[name]?.label ?? name
}

type FilterShape<F extends Record<string, FilterDef>> = { [K in keyof F]: F[K]['schema'] }
type SortShape<S extends readonly string[]> = ReturnType<typeof sortQuery<S>>['shape']
type ListQuery<F extends Record<string, FilterDef>, S extends readonly string[] = readonly []> = z.ZodObject<
  typeof pageQuery.shape & FilterShape<F> & SortShape<S>
>
type WithId<S extends z.ZodObject> = z.ZodObject<S['shape'] & { id: typeof idParam.shape.id }>
/** The owner rule a generated write route carries. */
type Owned = { scope?: ScopeDecl; province?: true }

/** The route rows of a resource, keyed `<name>.<operation>`. */
export type CrudRoutes<N extends string, Row extends z.ZodObject, Fields extends z.ZodObject, F extends Record<string, FilterDef>, S extends readonly string[]> = {
  [K in `${N}.list`]: { method: 'GET'; path: string; summary: string; access: PermissionKey; query: ListQuery<F, S>; response: ReturnType<typeof pageOf<Row>> }
} & {
  [K in `${N}.all`]: { method: 'GET'; path: string; summary: string; access: PermissionKey; response: z.ZodArray<Row> }
} & {
  [K in `${N}.create`]: { method: 'POST'; path: string; summary: string; access: PermissionKey; record: string; body: Fields; response: Row } & Owned
} & {
  [K in `${N}.update`]: { method: 'PATCH'; path: string; summary: string; access: PermissionKey; record: string; body: WithId<Fields>; response: Row } & Owned
} & {
  [K in `${N}.delete`]: { method: 'DELETE'; path: string; summary: string; access: PermissionKey; record: string; params: typeof idParam; response: typeof nullResponse } & Owned
}

export type StatusRoute<N extends string> = {
  [K in `${N}.updateStatus`]: { method: 'POST'; path: string; summary: string; access: PermissionKey; record: string; query: typeof StatusQuerySchema; response: typeof nullResponse } & Owned
}

/** A list's query: paging, the filters and, for a list that sorts, the sort fields of its `sortable` columns. */
export function listQueryOf<F extends Record<string, FilterDef>, const S extends readonly string[] = readonly []>(filters: F, sortable?: S): ListQuery<F, S> {
  const shape = Object.fromEntries(Object.entries(filters).map(([key, f]) => [key, f.schema]))
  const sorting = sortable && sortable.length > 0 ? sortQuery(sortable).shape : {}
  return pageQuery.extend(shape).extend(sorting) as unknown as ListQuery<F, S>
}

/** The standard route rows of a resource (spec 001 §7 paths). */
export function crudRoutes<N extends string, Row extends z.ZodObject, Fields extends z.ZodObject, F extends Record<string, FilterDef>, const S extends readonly string[] = readonly []>(
  d: ResourceDescriptor<N, Row, Fields, F, S>,
): CrudRoutes<N, Row, Fields, F, S> {
  const { name, path, noun, access, table } = d
  const owned = ownerRule(d)
  const filterNames = Object.keys(d.filters).map((key) => filterLabel(d, key)).join('、')
  const sorting = d.sortable?.length ? `可按 ${d.sortable.join('、')} 排序，` : ''
  return {
    [`${name}.list`]: { method: 'GET', path, access, summary: `${noun}列表（${filterNames ? `${filterNames}筛选，` : ''}${sorting}分页）`, query: listQueryOf(d.filters, d.sortable), response: pageOf(d.row) },
    [`${name}.all`]: { method: 'GET', path: `${path}/all`, access, summary: `全部${noun}`, response: z.array(d.row) },
    [`${name}.create`]: { method: 'POST', path, access, record: table, ...(d.province ? { province: true } : {}), summary: `新增${noun}`, body: d.fields, response: d.row },
    [`${name}.update`]: { method: 'PATCH', path, access, record: table, ...owned, summary: `修改${noun}`, body: d.fields.extend({ id: idParam.shape.id }), response: d.row },
    [`${name}.delete`]: { method: 'DELETE', path: `${path}/{id}`, access, record: table, ...owned, summary: `删除${noun}`, params: idParam, response: nullResponse },
  } as CrudRoutes<N, Row, Fields, F, S>
}

/** The owner rule of the routes that name a resource's record by `id`. */
export function ownerRule(d: Pick<ResourceDescriptor, 'scope' | 'province'>): Owned {
  return { ...(d.scope ? { scope: { id: d.scope } } : {}), ...(d.province ? { province: true } : {}) }
}

/** The enable switch route of a resource with `status`. */
export function statusRoute<N extends string>(d: ResourceDescriptor<N>): StatusRoute<N> {
  return {
    [`${d.name}.updateStatus`]: {
      method: 'POST', path: `${d.path}/updateStatus`, access: d.access, record: d.table, ...ownerRule(d),
      summary: `启用或停用${d.noun}（status 1 启用，-1 停用）`, query: StatusQuerySchema, response: nullResponse,
    },
  } as StatusRoute<N>
}
