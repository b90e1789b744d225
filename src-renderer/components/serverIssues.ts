import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { AppError } from '../../src-shared/errors'

/**
 * Puts the server's field problems (AppError.issues) on the form's fields. Returns
 * true when every problem found a field, so the caller need not show it elsewhere.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly string[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof AppError) || !error.issues?.length) return false
  let allPlaced = true
  for (const issue of error.issues) {
    if (fieldNames.includes(issue.path)) setError(issue.path as FieldPath<T>, { type: 'server', message: issue.message })
    else allPlaced = false
  }
  return allPlaced
}
