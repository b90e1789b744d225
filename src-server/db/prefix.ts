import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'

/**
 * Greater than any text that starts with the prefix: comparisons are bytewise (SQLite's
 * BINARY collation, the "C" collation of the prefix-searched columns on PostgreSQL), and
 * U+10FFFF is the largest code point.
 */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}'

/**
 * `column` starts with `prefix`, written as a range so that a plain btree index serves
 * it on both dialects (LIKE only uses an index on SQLite with case-sensitive LIKE, and
 * needs escaping besides).
 */
export function startsWith<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  prefix: string,
): Expression<SqlBool> {
  const ref = sql.ref(column)
  return eb.and([sql<SqlBool>`${ref} >= ${prefix}`, sql<SqlBool>`${ref} < ${prefix + AFTER_EVERY_CHARACTER}`])
}
