import { z } from 'zod'

/** The largest value of an integer column (PostgreSQL `integer`): ids, counts, codes. */
export const INT_MAX = 2_147_483_647
export const OUT_OF_RANGE = '数值超出范围'
/** Text may not carry NUL: PostgreSQL refuses it and no form has a use for it. */
export const NUL_MESSAGE = '不能包含空字符'

/** An integer that fits the column: one check for every id, count and page. */
export const int32 = z.number({ error: '必须是整数' }).int('必须是整数').min(-INT_MAX - 1, OUT_OF_RANGE).max(INT_MAX, OUT_OF_RANGE)

/** Integer text to its number; anything else (decimals, words) to NaN, which int32 refuses. */
function integerText(v: number | string): number {
  return typeof v === 'number' ? v : /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN
}

/**
 * Query strings arrive as text; these accept the typed value or its text form so
 * that the same schema types the renderer's call and parses the HTTP request.
 * Bounded to the column's range, so a huge id is a 400, never a database error.
 */
export const intLike = z.union([z.number(), z.string()], { error: '必须是整数' }).transform(integerText).pipe(int32)

/**
 * A number that may arrive as its text form, with the field's own messages: `missing`
 * when it is absent or not a number at all (e.g. 请选择组织 rather than a generic union
 * error), the schema's own for the rest. Input type number | string, like `intLike`.
 */
export function numberLike<T extends z.ZodType>(schema: T, missing: string) {
  return z
    .union([z.number(), z.string()], { error: missing })
    .transform((v) => (typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN))
    // Beyond the column's range is no valid value of any field: the schema refuses NaN.
    .transform((n) => (Math.abs(n) > INT_MAX ? Number.NaN : n))
    // Text that is no number (or out of range) is `missing` too, not the schema's type error.
    .refine((n) => !Number.isNaN(n), missing)
    // The schema checks the number itself (e.g. 0 | 1): typed as taking any number.
    .pipe(schema as unknown as z.ZodType<z.output<T>, number>)
}

/** A required reference to a record by its id (typed or as text): `message` when missing or not an id. */
export const positiveId = (message: string) => numberLike(z.number().int(message).positive(message), message)

/**
 * A query string's empty value is the value absent: the spec's client sends its 全部
 * choice as `?isTrainCenter=&classType=&status=&orgId=&gender=`, which means "all", not
 * a bad number (issue 32). One rule for every field of every query (integer, code or
 * text filters alike), applied where a query is parsed (`parseInput`), so no field's
 * schema needs its own exception; a required field sent empty reads as missing.
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query
  // Most queries have no empty value: they are read as they are (the parse never writes to them).
  if (!Object.values(query).includes('')) return query
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))
}

export const boolLike = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
])

/** Text without NUL bytes: the base of every text helper. */
export const text = () => z.string().refine((v) => !v.includes('\u0000'), NUL_MESSAGE)

/** Empty text filters count as absent (spec: text query inputs are trimmed). */
export const textFilter = text()
  .trim()
  .max(100, '最多 100 个字')
  .optional()
  .transform((v) => (v ? v : undefined))

/** A date bound of a list filter: `yyyy-MM-dd`, optionally with `HH:mm[:ss]`; empty counts as absent. */
export const dateFilter = textFilter.pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '日期格式应为 yyyy-MM-dd').optional())

/**
 * Ids joined by commas (a selection in a path or query): each a positive integer within
 * the column's range, duplicates dropped; `message` for anything else.
 */
export function idListText(message: string, max: number, tooMany: string) {
  return z
    .string()
    .trim()
    .max(max * 11, tooMany)
    .regex(/^\d+(,\d+)*$/, message)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive(message).max(INT_MAX, message)).min(1, message).max(max, tooMany))
}

export const idParam = z.object({ id: intLike.pipe(z.number().int().positive('编号无效')) })

export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 9999
/** The row offset of the last page stays within the column range at the largest page size. */
export const MAX_PAGE_NUM = Math.floor(INT_MAX / MAX_PAGE_SIZE)

export const pageQuery = z.object({
  pageNum: intLike.pipe(z.number().min(1, '页码最小为 1').max(MAX_PAGE_NUM, '页码超出范围')).optional().default(1),
  pageSize: intLike.pipe(z.number().min(1, '每页条数最小为 1').max(MAX_PAGE_SIZE, `每页最多 ${MAX_PAGE_SIZE} 条`)).optional().default(DEFAULT_PAGE_SIZE),
})

export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: z.number().int() })
}

export type Page<T> = { records: T[]; total: number }

/** Date-time text in the spec's format `yyyy-MM-dd HH:mm:ss`. */
export const dateTimeText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')

export const nullResponse = z.null()

/** Required text: `message` when missing or blank, a length limit in characters (`tooLong` beyond it). */
export function requiredText(message: string, max = 100, tooLong = `最多 ${max} 个字`) {
  return z.string({ error: message }).refine((v) => !v.includes('\u0000'), NUL_MESSAGE).trim().min(1, message).max(max, tooLong)
}

/** Optional text: blank is stored as null; `tooLong` beyond `max` characters. */
export function optionalText(max = 100, tooLong = `最多 ${max} 个字`) {
  return text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null))
}

/**
 * The longest text a field's schema takes (its `max`), looked through optional, nullable,
 * default and pipe wrappers; undefined when it sets none. Forms give it to their inputs
 * as maxLength, so typing stops where the schema would refuse and a counter shows it.
 */
export function maxLengthOf(schema: z.ZodType | undefined): number | undefined {
  if (!schema) return undefined
  if (schema instanceof z.ZodString) return schema.maxLength ?? undefined
  const def = schema._zod.def as { innerType?: z.ZodType; in?: z.ZodType }
  return maxLengthOf(def.innerType ?? def.in)
}
