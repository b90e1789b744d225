import { describe, expect, it } from 'vitest'
import { formatDateTime, minutesOf, parseTypedDate } from './date-text'

const typed = (text: string, month = false) => {
  const result = parseTypedDate(text, month)
  return result && { text: formatDateTime(result.date), withTime: result.withTime }
}

describe('typed dates', () => {
  it('reads a date however it is typed', () => {
    for (const text of ['2027-03-12', '20270312', '2027/3/12', '2027.03.12', '2027年3月12日', ' 2027-3-12 ']) {
      expect(typed(text), text).toEqual({ text: '2027-03-12 00:00:00', withTime: false })
    }
  })
  it('keeps a time typed after the date', () => {
    for (const text of ['2027-03-12 14:30', '2027/3/12 14:30', '20270312 1430', '202703121430', '2027-03-12T14:30', '2027-03-12 14:30:00', '2027-03-12 14：30']) {
      expect(typed(text), text).toEqual({ text: '2027-03-12 14:30:00', withTime: true })
    }
  })
  it('refuses what is not a real date rather than rolling it over', () => {
    for (const text of ['', '2027-02-30', '2027-13-01', '20271301', '2027-03-12 24:00', '2027-03-12 12:60', '12/03/2027', '2027-03', 'abc']) {
      expect(typed(text), text).toBeNull()
    }
  })
  it('reads months', () => {
    for (const text of ['2027-03', '2027/3', '202703', '2027年3月']) expect(typed(text, true), text).toEqual({ text: '2027-03-01 00:00:00', withTime: false })
    expect(typed('2027-13', true)).toBeNull()
  })
  it('shows a stored time or a Date to the minute', () => {
    expect(minutesOf('2027-03-12 14:30:59')).toBe('2027-03-12 14:30')
    expect(minutesOf(new Date(2027, 2, 12, 9, 5, 7))).toBe('2027-03-12 09:05')
  })
})
