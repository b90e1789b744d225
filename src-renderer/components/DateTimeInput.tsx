import { useCallback, useRef, useState, type KeyboardEvent } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { DatePicker, type CalendarStrings } from '@fluentui/react-datepicker-compat'
import { TimePicker } from '@fluentui/react-timepicker-compat'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { parseTypedDate } from '../../src-shared/date-text'

/*
 * The one date input of the console (issue 32): typing works however the box is reached.
 * A click puts the caret in the box (the calendar opens from its icon or ↓ only, so it
 * never takes the keys being typed), Enter and Tab commit what was typed, and the text
 * may be 2027-03-12, 20270312, 2027/3/12, with or without a time HH:mm
 * (`parseTypedDate`, src-shared/date-text.ts).
 *
 * Chinese pickers whatever the operating system's language (the platform's own inputs
 * followed it: mm/dd/yyyy, AM/PM, 「October 2015」). The texts stay the spec's
 * (spec 000 §9): `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd`, `yyyy-MM`; what the user sees is
 * yyyy-MM-dd and HH:mm on a 24-hour clock.
 */
const months = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月']
const zhStrings: CalendarStrings = {
  months,
  shortMonths: months.map((_, i) => `${i + 1}月`),
  days: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  shortDays: ['日', '一', '二', '三', '四', '五', '六'],
  goToToday: '今天',
  prevMonthAriaLabel: '上个月',
  nextMonthAriaLabel: '下个月',
  prevYearAriaLabel: '上一年',
  nextYearAriaLabel: '下一年',
  prevYearRangeAriaLabel: '上一个年份范围',
  nextYearRangeAriaLabel: '下一个年份范围',
  closeButtonAriaLabel: '关闭',
  selectedDateFormatString: '已选择 {0}',
  todayDateFormatString: '今天 {0}',
  monthPickerHeaderAriaLabel: '{0}，选择以切换年份',
  yearPickerHeaderAriaLabel: '{0}，选择以切换月份',
  dayMarkedAriaLabel: '已标记',
}

const zh = (date: Date) => dayjs(date).locale('zh-cn')
const dateTimeFormatter = {
  formatDay: (date: Date) => String(date.getDate()),
  formatMonth: (date: Date) => zh(date).format('M月'),
  formatYear: (date: Date) => zh(date).format('YYYY年'),
  formatMonthDayYear: (date: Date) => zh(date).format('YYYY年M月D日'),
  formatMonthYear: (date: Date) => zh(date).format('YYYY年M月'),
}

const DATE = 'YYYY-MM-DD'
const MONTH = 'YYYY-MM'

function parseValue(value: string): Date | null {
  if (!value) return null
  const date = dayjs(value.length === 7 ? `${value}-01` : value.replace(' ', 'T'))
  return date.isValid() ? date.toDate() : null
}

const useStyles = makeStyles({
  // Without minWidth 0 the pickers' intrinsic widths widen a narrow field (a filter's 200px) over the next one.
  root: { display: 'inline-flex', gap: tokens.spacingHorizontalS, width: '100%', minWidth: 0 },
  date: { flex: '1 1 60%', minWidth: '140px' },
  time: { flex: '1 1 40%', minWidth: '96px' },
  // The input's intrinsic width (20 characters) would push the picker's icon out of its box, over whatever follows.
  input: { minWidth: 0, width: '100%' },
})

export interface DateTimeInputProps {
  /** `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd` with `dateOnly`, `yyyy-MM` with `monthOnly`), '' when empty. */
  value: string
  onChange(value: string): void
  onBlur?(): void
  dateOnly?: boolean
  /** A year and month (任职时间): the calendar shows months only. */
  monthOnly?: boolean
  'aria-label'?: string
  id?: string
  placeholder?: string
}

/** A date-time, date or month in the spec's text form through Chinese pickers (yyyy-MM-dd HH:mm). */
export function DateTimeInput({ value, onChange, onBlur, dateOnly = false, monthOnly = false, placeholder, ...rest }: DateTimeInputProps) {
  const styles = useStyles()
  const current = parseValue(value)
  const label = rest['aria-label']
  const withTime = !dateOnly && !monthOnly
  // A date-time typed or pasted whole into the date box keeps its time.
  const typedTime = useRef<Date | null>(null)
  // What is in the time box while it is being typed; otherwise it shows the value's time.
  const [timeText, setTimeText] = useState<string | null>(null)
  const formatDate = useCallback((date?: Date) => (date ? dayjs(date).format(monthOnly ? MONTH : DATE) : ''), [monthOnly])
  const emit = (date: Date | null, time: Date | null) => {
    if (!date) return onChange('')
    if (monthOnly) return onChange(dayjs(date).format(MONTH))
    if (!withTime) return onChange(dayjs(date).format(DATE))
    // A date without a time yet starts at 00:00; the time keeps the chosen day.
    const at = time ?? current
    onChange(dayjs(date).hour(at ? at.getHours() : 0).minute(at ? at.getMinutes() : 0).second(0).format(`${DATE} HH:mm:ss`))
  }
  const commitTyped = (text: string) => {
    const typed = parseTypedDate(text, monthOnly)
    if (typed) emit(typed.date, typed.withTime ? typed.date : null)
    else if (!text.trim()) emit(null, null)
    return typed !== null
  }
  // Enter commits what is typed and stays in the box; the picker's own Enter would open the calendar over it.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement
    if (event.key !== 'Enter' || target.getAttribute('role') !== 'combobox' || !(target instanceof HTMLInputElement)) return
    event.preventDefault()
    event.stopPropagation()
    commitTyped(target.value)
  }
  return (
    <span className={styles.root} onKeyDownCapture={onKeyDownCapture}>
      <DatePicker
        {...rest}
        className={withTime ? styles.date : undefined}
        style={withTime ? undefined : { width: '100%' }}
        input={{ className: styles.input }}
        value={current}
        onSelectDate={(date) => {
          emit(date ?? null, typedTime.current)
          typedTime.current = null
        }}
        onBlur={(event) => {
          // What was typed counts when the box is left, however it is left (the picker itself only reads it on some).
          commitTyped(event.target.value)
          onBlur?.()
        }}
        allowTextInput
        // Both, explicitly: the picker opens on a click when disableAutoFocus is left unset, whatever openOnClick says.
        openOnClick={false}
        disableAutoFocus
        placeholder={placeholder ?? (monthOnly ? 'yyyy-MM' : 'yyyy-MM-dd')}
        formatDate={formatDate}
        parseDateFromString={(text) => {
          const typed = parseTypedDate(text, monthOnly)
          typedTime.current = typed?.withTime ? typed.date : null
          return typed?.date ?? null
        }}
        strings={zhStrings}
        dateTimeFormatter={dateTimeFormatter}
        firstDayOfWeek={1}
        showGoToToday
        calendar={monthOnly ? { isDayPickerVisible: false } : undefined}
        initialPickerDate={current ?? undefined}
      />
      {withTime && (
        <TimePicker
          className={styles.time}
          input={{ className: styles.input }}
          aria-label={label ? `${label}（时间）` : '时间'}
          hourCycle="h23"
          increment={30}
          freeform
          placeholder="HH:mm"
          dateAnchor={current ?? undefined}
          selectedTime={current}
          value={timeText ?? (current ? dayjs(current).format('HH:mm') : '')}
          onChange={(event) => setTimeText(event.target.value)}
          formatDateToTimeString={(date) => dayjs(date).format('HH:mm')}
          disabled={!current}
          onTimeChange={(_, data) => {
            setTimeText(null)
            if (data.selectedTime) emit(current, data.selectedTime)
          }}
          onBlur={onBlur}
        />
      )}
    </span>
  )
}
