import { z } from 'zod'

/**
 * Sorting a list by a column, where the server can (docs/decisions.md, "Sorting by
 * column"). A list route declares the columns it sorts by once, in its query schema
 * (`sortQuery`); the server orders by them with the id as tie-breaker, each has an
 * index (migration 0031), and the console's table reads the same declaration
 * (`sortableColumns`) to make those headers clickable. Names are the list row's fields.
 */

export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** The sort a list is asked for: a declared column and its direction. */
export interface ListSort {
  orderBy: string
  order: SortOrder
}

/** The query fields of a list sortable by `columns`: `orderBy` (one of them) and `order` (asc unless desc). */
export function sortQuery<const C extends readonly string[]>(columns: C) {
  return z.object({
    orderBy: z.enum(columns, { error: `不能按此列排序（可排序的列：${columns.join('、')}）` }).optional(),
    order: z.enum(SORT_ORDERS, { error: '排序方向应为 asc（升序）或 desc（降序）' }).optional(),
  })
}

/** The query fields of a sort (none without one). */
export function sortFields(sort: ListSort | undefined): Partial<ListSort> {
  return sort ? { orderBy: sort.orderBy, order: sort.order } : {}
}

/** The columns a list's query schema declares sortable (none for a list that does not sort). */
export function sortableColumns(query: z.ZodObject | undefined): readonly string[] {
  const field = query?.shape.orderBy
  if (!(field instanceof z.ZodOptional)) return []
  const inner = field.unwrap()
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : []
}
