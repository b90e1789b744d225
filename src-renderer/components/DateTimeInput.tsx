import { Input } from '@fluentui/react-components'

/** `yyyy-MM-dd HH:mm:ss` ⇄ the `yyyy-MM-ddTHH:mm` of a datetime-local input. */
function toInput(value: string): string {
  return value ? value.slice(0, 16).replace(' ', 'T') : ''
}
function fromInput(value: string, withTime: boolean): string {
  if (!value) return ''
  return withTime ? `${value.replace('T', ' ')}:00` : value
}

export interface DateTimeInputProps {
  /** `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd` with `dateOnly`), '' when empty. */
  value: string
  onChange(value: string): void
  onBlur?(): void
  dateOnly?: boolean
  'aria-label'?: string
  id?: string
}

/**
 * A date-time in the spec's text form (spec 000 §9: yyyy-MM-dd HH:mm:ss) through the
 * platform's own picker, which follows the system's language and needs no locale strings.
 */
export function DateTimeInput({ value, onChange, onBlur, dateOnly = false, ...rest }: DateTimeInputProps) {
  return (
    <Input
      {...rest}
      type={dateOnly ? 'date' : 'datetime-local'}
      value={dateOnly ? value.slice(0, 10) : toInput(value)}
      onChange={(_, data) => onChange(fromInput(data.value, !dateOnly))}
      onBlur={onBlur}
    />
  )
}
