import { sql, type SelectQueryBuilder } from 'kysely'
import type { ListSort } from '../../src-shared/list-sort'

/** One column of a list's order. */
export interface OrderTerm {
  column: string
  desc: boolean
}

/**
 * The order of a list sorted as asked (list-sort.ts), or undefined when no sort was
 * asked for (the list keeps its own order). The declared column comes first, then the id
 * in the same direction: rows with equal values keep one order from page to page, so
 * paging over them neither skips nor repeats a row, and an index on (column, id) gives
 * the whole order read forwards or backwards. A column in `unique` is its own
 * tie-breaker. `columns` maps each declared name to its SQL column.
 */
export function sortTerms(
  sort: Partial<ListSort>,
  columns: Readonly<Record<string, string>>,
  id: string,
  unique: readonly string[] = [],
): OrderTerm[] | undefined {
  if (sort.orderBy === undefined) return undefined
  const column = columns[sort.orderBy]
  // The route's schema only lets declared names through: one without a column is a declaration left half done.
  if (column === undefined) throw new Error(`sortable column ${sort.orderBy} has no SQL column`)
  const desc = sort.order === 'desc'
  return unique.includes(sort.orderBy) ? [{ column, desc }] : [{ column, desc }, { column: id, desc }]
}

/** The query ordered by `terms`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function orderedBy<Q extends SelectQueryBuilder<any, any, any>>(query: Q, terms: readonly OrderTerm[]): Q {
  let ordered = query
  for (const term of terms) ordered = ordered.orderBy(sql.ref(term.column), term.desc ? 'desc' : 'asc') as Q
  return ordered
}
