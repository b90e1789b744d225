import { AppError, ErrorKey, type FieldIssue } from '../../src-shared/errors'
import { INT_MAX, NUL_MESSAGE, OUT_OF_RANGE } from '../../src-shared/schemas/common'

/** Deeper input is no form's: refused rather than walked. */
const MAX_DEPTH = 8

/** What is wrong with a leaf value, if anything. */
function leafIssue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? NUL_MESSAGE : undefined
  // JSON numbers only (query values are text and meet the schema helpers' bounds):
  // no integer field holds more than its column, and no field wants a huge number.
  if (typeof value === 'number') return Math.abs(value) > INT_MAX ? OUT_OF_RANGE : undefined
  return undefined
}

const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key)

/** The issues of an object's values; a path is only spelled out for an issue or an inner object. */
function collect(object: object, path: string, depth: number, issues: FieldIssue[]): void {
  if (depth >= MAX_DEPTH) {
    issues.push({ path, message: '请求数据层级过深' })
    return
  }
  for (const key of Object.keys(object)) {
    if (issues.length >= 20) return
    const value: unknown = (object as Record<string, unknown>)[key]
    const message = leafIssue(value)
    if (message) issues.push({ path: pathOf(path, key), message })
    else if (value !== null && typeof value === 'object') collect(value, pathOf(path, key), depth + 1, issues)
  }
}

/**
 * The checks every route's input gets before its schema, whatever the schema says: no
 * NUL byte in any text and no number beyond the integer column's range, so a route
 * added later cannot hand either to the database (a 500 on PostgreSQL).
 */
export function assertSafeInput(...parts: unknown[]): void {
  const issues: FieldIssue[] = []
  for (const part of parts) {
    const message = leafIssue(part)
    if (message) issues.push({ path: '', message })
    else if (part !== null && typeof part === 'object') collect(part, '', 0, issues)
  }
  if (issues.length > 0) throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
}
