import { z } from 'zod'
import { NUL_MESSAGE } from './common'

/**
 * The one home of real-world identity numbers: the resident identity number (GB 11643-1999)
 * and telephone numbers. Forms, the phone pages (through the server's schemas) and every
 * import validate with these, so one number gets one verdict and one message everywhere.
 */

/**
 * How a spreadsheet shows a long number it took for a number (3.20102E+17). The workbook
 * reader renders such cells this way (src-server/files/xlsx.ts `cellText`), and text
 * copied from a spreadsheet arrives so: either way the digits are already lost.
 */
const SCIENTIFIC = /^\d+(\.\d+)?E\+?\d+$/i

/** The column's format, not the person, is at fault: say so and how to fix it. */
function spreadsheetDamage(label: string, value: string): string | null {
  return SCIENTIFIC.test(value) ? `${label}被表格软件改成了数字（${value}），请将该列设置为“文本”格式后重新填写` : null
}

// ------------------------------------------------------------ resident identity number

export const RESIDENT_ID_MISSING = '请输入身份证号'

/** First two digits: the province-level division (GB/T 2260), 81–83 the permits of Hong Kong, Macao and Taiwan residents. */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
])

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK_CHARACTERS = '10X98765432'

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
export function residentIdCheckCharacter(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * ID_WEIGHTS[i], 0)
  return ID_CHECK_CHARACTERS[sum % 11]
}

/** `yyyyMMdd` of the local calendar day. */
function dayText(d: Date): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`
}

function birthDateIssue(birth: string, today: Date): string | null {
  const [y, m, d] = [Number(birth.slice(0, 4)), Number(birth.slice(4, 6)), Number(birth.slice(6, 8))]
  const date = new Date(y, m - 1, d)
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return `身份证号中的出生日期不存在（${birth}）`
  if (y < 1900) return `身份证号中的出生日期早于1900年（${birth}）`
  if (birth > dayText(today)) return `身份证号中的出生日期晚于今天（${birth}）`
  return null
}

/**
 * What is wrong with a resident identity number (trimmed, upper case), or null: the
 * 18-digit form with its check character, or the legacy 15-digit form (born 19yy).
 * `today` bounds the birth date.
 */
export function residentIdIssue(value: string, today = new Date()): string | null {
  const damage = spreadsheetDamage('身份证号', value)
  if (damage) return damage
  if (!/^[\dX]*$/.test(value)) return '身份证号只能包含数字，最后一位可以是X'
  if (value.length !== 18 && value.length !== 15) return `身份证号应为18位（现为${value.length}位）`
  if (!/^\d+X?$/.test(value)) return '身份证号只有最后一位可以是X'
  if (value.length === 15 && value.endsWith('X')) return '15位身份证号只能包含数字'
  const province = value.slice(0, 2)
  if (!PROVINCE_CODES.has(Number(province))) return `身份证号前两位（${province}）不是有效的省级行政区代码`
  const birth = value.length === 18 ? value.slice(6, 14) : `19${value.slice(6, 12)}`
  const dateIssue = birthDateIssue(birth, today)
  if (dateIssue) return dateIssue
  if (value.length === 18 && residentIdCheckCharacter(value.slice(0, 17)) !== value[17]) return '身份证号校验位不正确'
  return null
}

/** A valid number in its 18-digit form: a legacy 15-digit one gets 19 before its year and its check character. */
export function eighteenDigitResidentId(value: string): string {
  if (value.length !== 15) return value
  const first17 = `${value.slice(0, 6)}19${value.slice(6)}`
  return first17 + residentIdCheckCharacter(first17)
}

const refineResidentId = (v: string, ctx: z.RefinementCtx) => {
  const issue = residentIdIssue(v)
  if (issue) ctx.addIssue({ code: 'custom', message: issue })
}

/** A required resident identity number, stored in its 18-digit form (docs/decisions.md). */
export const residentId = z
  .string({ error: RESIDENT_ID_MISSING })
  .refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
  .trim()
  .toUpperCase()
  .min(1, { message: RESIDENT_ID_MISSING, abort: true })
  .superRefine(refineResidentId)
  .transform(eighteenDigitResidentId)

/** An optional resident identity number: blank is null, anything else must be valid. */
export const optionalResidentId = z
  .string()
  .refine((v) => !v.includes('\u0000'), NUL_MESSAGE)
  .trim()
  .toUpperCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    if (v !== null) refineResidentId(v, ctx)
  })
  .transform((v) => (v === null ? null : eighteenDigitResidentId(v)))

// ------------------------------------------------------------ telephone numbers

/** What `mobile` answers when the number is missing or blank (the phone pages check this before posting). */
export const MOBILE_MISSING = '请输入手机号'

const MOBILE = /^1[3-9]\d{9}$/

/**
 * A landline with its area code: 010 and 02x take three digits, 03xx–09xx four; the local
 * number 7–8 digits not starting 0 or 1; the code may be in brackets or followed by a
 * hyphen or space; an extension after -, 转 or #. E.g. 025-83123456, 0512-68123456-806.
 */
const LANDLINE = /^(?:\((?:010|02\d|0[3-9]\d\d)\)|(?:010|02\d|0[3-9]\d\d)[- ]?)[2-9]\d{6,7}(?:(?:-|转|#)\d{1,6})?$/

export function mobileIssue(value: string): string | null {
  return spreadsheetDamage('手机号', value) ?? (MOBILE.test(value) ? null : '手机号格式错误')
}

/** Mainland mobile number: 11 digits, starting 1, second digit 3–9 (spec 000 §5). */
export const mobile = z
  .string({ error: MOBILE_MISSING })
  .trim()
  .min(1, { message: MOBILE_MISSING, abort: true })
  .superRefine((v, ctx) => {
    const issue = mobileIssue(v)
    if (issue) ctx.addIssue({ code: 'custom', message: issue })
  })

/** An optional mobile number (a record carried along, e.g. a sign-up's copy of the member's): blank is null. */
export const optionalMobile = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    const issue = v === null ? null : mobileIssue(v)
    if (issue) ctx.addIssue({ code: 'custom', message: issue })
  })

/** What is wrong with an organisation's or unit's telephone (a mobile or a landline with area code), or null. */
export function contactPhoneIssue(label: string, value: string): string | null {
  if (MOBILE.test(value) || LANDLINE.test(value)) return null
  return spreadsheetDamage(label, value) ?? `${label}格式错误，应为手机号或带区号的固定电话（如 025-83123456）`
}

function refineContactPhone(label: string) {
  return (v: string | null, ctx: z.RefinementCtx) => {
    const issue = v === null ? null : contactPhoneIssue(label, v)
    if (issue) ctx.addIssue({ code: 'custom', message: issue })
  }
}

/** A required telephone of an organisation or unit; `label` names the field in the message (联系电话, 联系方式). */
export function contactPhone(label: string, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing, abort: true })
    .superRefine(refineContactPhone(label))
}

/** An optional telephone of an organisation or unit: blank is null. */
export function optionalContactPhone(label: string) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine(refineContactPhone(label))
}
