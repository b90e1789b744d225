import type { z } from 'zod'
import { validationError } from '../../src-shared/validation'
import { installFallbackMessages } from '../../src-shared/schemas/messages'

// Schema-defined messages (the spec's Chinese texts) win; anything a schema leaves
// unworded gets the shared fallback, configured once rather than passed to each parse.
installFallbackMessages()

export type ParseResult<T> = { success: true; data: T } | { success: false; issues: z.core.$ZodIssue[] }

export function parseValue<T extends z.ZodType>(schema: T, value: unknown): ParseResult<z.output<T>> {
  const result = schema.safeParse(value)
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues }
}

/** VALIDATION failure: the first issue's message up front, every issue in `data.issues`. */
export { validationError as zodFailure }
