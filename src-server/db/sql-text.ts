import { sql, type RawBuilder } from 'kysely'

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const code = (err as { code: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/** `%` and `_` match themselves in `LIKE … ESCAPE '\'`. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}

/**
 * A text filter: `column` contains `text`, its `%`, `_` and `\` taken as typed (a search
 * for 100% finds 100%, not every row), on both dialects. `column` is `table.column` or a column.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likeContains(text)} escape '\\'`
}

/** A foreign key refused the write, e.g. deleting a row another table still names (SQLite or PostgreSQL). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const code = (err as { code: unknown }).code
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}
