/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const code = (err as { code: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/** `%` and `_` match themselves in `LIKE … ESCAPE '\'`. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}

/** A foreign key refused the write, e.g. deleting a row another table still names (SQLite or PostgreSQL). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  const code = (err as { code: unknown }).code
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}
