import { z } from 'zod'

/**
 * Query strings arrive as text; these accept the typed value or its text form so
 * that the same schema types the renderer's call and parses the HTTP request.
 */
export const intLike = z.union([
  z.number().int(),
  z.string().trim().regex(/^-?\d+$/, '必须是整数').transform(Number),
])

/**
 * A number that may arrive as its text form, with the field's own messages: `missing`
 * when it is absent or not a number at all (e.g. 请选择组织 rather than a generic union
 * error), the schema's own for the rest. Input type number | string, like `intLike`.
 */
export function numberLike<T extends z.ZodType>(schema: T, missing: string) {
  return z
    .union([z.number(), z.string()], { error: missing })
    .transform((v) => (typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN))
    // The schema checks the number itself (e.g. 0 | 1): typed as taking any number.
    .pipe(schema as unknown as z.ZodType<z.output<T>, number>)
}

export const boolLike = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
])

/** Empty text filters count as absent (spec: text query inputs are trimmed). */
export const textFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined))

export const idParam = z.object({ id: intLike.pipe(z.number().int().positive('编号无效')) })

export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 9999

export const pageQuery = z.object({
  pageNum: intLike.pipe(z.number().int().min(1)).optional().default(1),
  pageSize: intLike.pipe(z.number().int().min(1).max(MAX_PAGE_SIZE)).optional().default(DEFAULT_PAGE_SIZE),
})

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int() })
}

export type Page<T> = { records: T[]; total: number }

/** Date-time text in the spec's format `yyyy-MM-dd HH:mm:ss`. */
export const dateTimeText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')

/** Mainland mobile number: 11 digits, starting 1, second digit 3–9 (spec 000 §5). */
export const mobile = z
  .string({ error: '请输入手机号' })
  .trim()
  .min(1, { message: '请输入手机号', abort: true })
  .regex(/^1[3-9]\d{9}$/, '手机号格式错误')

export const nullResponse = z.null()

/** Required text: `message` when missing or blank, a length limit in characters. */
export function requiredText(message: string, max = 100) {
  return z.string({ error: message }).trim().min(1, message).max(max, `最多 ${max} 个字`)
}

/** Optional text: blank is stored as null. */
export function optionalText(max = 100) {
  return z
    .string()
    .trim()
    .max(max, `最多 ${max} 个字`)
    .nullish()
    .transform((v) => (v ? v : null))
}
