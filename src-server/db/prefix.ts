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
  const { from, to } = prefixRange(prefix)
  return inRange(eb, column, sql.val(from), sql.val(to))
}

/** The half-open range of the texts that start with `prefix`: from ≤ text < to. */
export function prefixRange(prefix: string): { from: string; to: string } {
  return { from: prefix, to: prefix + AFTER_EVERY_CHARACTER }
}

/** from ≤ column < to, with the bounds as expressions (e.g. a prepared query's parameters). */
export function inRange<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  from: Expression<string>,
  to: Expression<string>,
): Expression<SqlBool> {
  const ref = sql.ref(column)
  return eb.and([sql<SqlBool>`${ref} >= ${from}`, sql<SqlBool>`${ref} < ${to}`])
}
