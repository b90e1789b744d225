import { sql, type SelectQueryBuilder } from 'kysely'
import type { Page } from '../../src-shared/schemas/common'

/** Which page of a list: spec 001 §7's `pageNum` (from 1) and `pageSize`. */
export interface PageInput {
  pageNum: number
  pageSize: number
}

/**
 * One page of a list and the count of all its rows, read side by side. `rows` is the list's
 * query with its columns and order; `counted` is the same rows' query, whose columns and order
 * give way to count(*) (PostgreSQL refuses row columns beside it).
 */
export async function onePage<O, DB, TB extends keyof DB, CDB, CTB extends keyof CDB, CO>(
  rows: SelectQueryBuilder<DB, TB, O>,
  counted: SelectQueryBuilder<CDB, CTB, CO>,
  { pageNum, pageSize }: PageInput,
): Promise<Page<O>> {
  const [records, count] = await Promise.all([
    rows.limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
    counted.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { records: records as O[], total: Number((count as { n: number | string }).n) }
}
