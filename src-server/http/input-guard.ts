import { AppError, ErrorKey, type FieldIssue } from '../../src-shared/errors'
import { INT_MAX, NUL_MESSAGE, OUT_OF_RANGE } from '../../src-shared/schemas/common'

/** Deeper input is no form's: refused rather than walked. */
const MAX_DEPTH = 8

function collect(value: unknown, path: string, depth: number, issues: FieldIssue[]): void {
  if (issues.length >= 20) return
  if (typeof value === 'string') {
    if (value.includes('\u0000')) issues.push({ path, message: NUL_MESSAGE })
  } else if (typeof value === 'number') {
    // JSON numbers only (query values are text and meet the schema helpers' bounds):
    // no integer field holds more than its column, and no field wants a huge number.
    if (Math.abs(value) > INT_MAX) issues.push({ path, message: OUT_OF_RANGE })
  } else if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) {
      issues.push({ path, message: '请求数据层级过深' })
      return
    }
    for (const [key, inner] of Object.entries(value)) collect(inner, path ? `${path}.${key}` : key, depth + 1, issues)
  }
}

/**
 * The checks every route's input gets before its schema, whatever the schema says: no
 * NUL byte in any text and no number beyond the integer column's range, so a route
 * added later cannot hand either to the database (a 500 on PostgreSQL).
 */
export function assertSafeInput(...parts: unknown[]): void {
  const issues: FieldIssue[] = []
  for (const part of parts) collect(part, '', 0, issues)
  if (issues.length > 0) throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
}
