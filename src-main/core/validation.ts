import type { z } from 'zod'
import { validationError } from '../../src-shared/validation'

/**
 * Parses `value` with `schema`, or throws AppError VALIDATION whose message is the
 * first problem's text (the schema's own Chinese message) and whose issues list
 * every field problem, so a form can mark each field.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw validationError(result.error.issues)
}
