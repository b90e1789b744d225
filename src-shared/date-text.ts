/*
 * The one home of date-time text (issue 32). Stored and sent: the spec's
 * `yyyy-MM-dd HH:mm:ss` (spec 000 §9); shown: `yyyy-MM-dd HH:mm`, whatever the
 * machine's language (the seconds say nothing to an office); typed: whatever a clerk
 * types for a date, read by `parseTypedDate`.
 */

const pad = (n: number) => String(n).padStart(2, '0')

/** `yyyy-MM-dd HH:mm:ss` of a local time: the spec's stored form. */
export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}

/** A stored time (`yyyy-MM-dd HH:mm:ss`, or a Date) as the console shows it: `yyyy-MM-dd HH:mm`. */
export function minutesOf(time: string | Date): string {
  return (typeof time === 'string' ? time : formatDateTime(time)).slice(0, 16)
}

export interface TypedDate {
  date: Date
  /** Whether a time (HH:mm) was typed after the date. */
  withTime: boolean
}

// 2027-03-12, 2027/3/12, 2027.3.12, 2027年3月12日, each with an optional ` 14:30` (or T14:30, 14:30:00, 14：30).
const SEPARATED = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:\s*[ T]\s*(\d{1,2})\s*[:：]\s*(\d{2})(?:[:：]\d{2})?)?$/
// 20270312, 202703121430, 20270312 1430, 20270312 14:30.
const DIGITS = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2})[:：]?(\d{2}))?$/
// Months: 2027-03, 2027/3, 2027年3月, 202703.
const MONTH = /^(\d{4})\s*(?:[-/.年]\s*(\d{1,2})|(\d{2}))\s*月?$/

/**
 * What a clerk typed into a date box, or null when it is not a real date (2027-02-30,
 * 25:00 and the like are null, not rolled over to another day). `month` reads a year
 * and month (任职时间).
 */
export function parseTypedDate(text: string, month = false): TypedDate | null {
  const trimmed = text.trim()
  if (month) {
    const m = MONTH.exec(trimmed)
    if (!m) return null
    const monthOfYear = Number(m[2] ?? m[3])
    if (monthOfYear < 1 || monthOfYear > 12) return null
    return { date: new Date(Number(m[1]), monthOfYear - 1, 1), withTime: false }
  }
  const m = SEPARATED.exec(trimmed) ?? DIGITS.exec(trimmed)
  if (!m) return null
  const [year, monthOfYear, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const withTime = m[4] !== undefined
  const [hour, minute] = withTime ? [Number(m[4]), Number(m[5])] : [0, 0]
  if (hour > 23 || minute > 59) return null
  const date = new Date(year, monthOfYear - 1, day, hour, minute)
  // new Date rolls 2027-02-30 over to March: such a text is not a date.
  if (date.getFullYear() !== year || date.getMonth() !== monthOfYear - 1 || date.getDate() !== day) return null
  return { date, withTime }
}

/** A stored time moved by `ms` (a copied training's dates move together); text that is not a time stays as it is. */
export function shiftDateTime(text: string, ms: number): string {
  const parsed = parseTypedDate(text)
  return parsed ? formatDateTime(new Date(parsed.date.getTime() + ms)) : text
}
