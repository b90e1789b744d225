import type { z } from 'zod'
import { AppError, ErrorKey } from './errors'

/**
 * A failed parse as every boundary reports it (server, core, phone pages): VALIDATION, the
 * first problem's text (the schema's own Chinese message) up front, every field's problem
 * in `issues` so that a form can mark each field.
 */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const fieldIssues = issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
  return new AppError(ErrorKey.VALIDATION, fieldIssues[0]?.message, fieldIssues)
}
