import { useState, type ReactElement } from 'react'
import { Button, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'
import { DateTimeInput } from './DateTimeInput'
import { minutesOf } from '../../src-shared/date-text'

export interface FilterOption {
  value: string
  label: string
}

export interface FilterField<F extends string = string> {
  name: F
  label: string
  placeholder?: string
  /** A choice instead of free text; the empty value is offered first as `allLabel` (全部). */
  options?: readonly FilterOption[]
  allLabel?: string
  /** `date` / `datetime-local` show the Chinese pickers (values `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`). */
  type?: 'text' | 'date' | 'datetime-local'
  /** A control of the screen's own (an organisation picker …) bound to the filter's text value. */
  control?(value: string | undefined, onChange: (value: string | undefined) => void): ReactElement
  /** CSS width of the field; 200px unless given. */
  width?: string
  /** How an applied value reads in a printed list's title when it is not the text itself (an organisation's id: its name). */
  summary?(value: string): string
}

/** Applied filters: trimmed, empty ones left out. */
export type FilterValues<F extends string = string> = Partial<Record<F, string>>

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    paddingBottom: tokens.spacingVerticalM,
  },
  field: { width: '200px' },
  // Fluent's dropdown is at least 250px wide; here it fits its field and long names end in …
  choice: { minWidth: 0, width: '100%' },
  choiceText: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  // A date-time input is wider than the field by default too.
  input: { minWidth: 0, width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
})

function applied<F extends string>(draft: FilterValues<F>): FilterValues<F> {
  const values: FilterValues<F> = {}
  for (const [name, value] of Object.entries(draft) as [F, string | undefined][]) {
    const trimmed = value?.trim()
    if (trimmed) values[name] = trimmed
  }
  return values
}

function renderControl<F extends string>(
  field: FilterField<F>,
  value: string | undefined,
  onChange: (value: string | undefined) => void,
  search: () => void,
  classes: ReturnType<typeof useStyles>,
): ReactElement {
  if (field.control) return field.control(value, onChange)
  if (field.type === 'date' || field.type === 'datetime-local') {
    const withTime = field.type === 'datetime-local'
    return (
      <DateTimeInput
        dateOnly={!withTime}
        value={value ? (withTime ? `${value.replace('T', ' ')}:00` : value) : ''}
        onChange={(text) => onChange(text ? (withTime ? minutesOf(text).replace(' ', 'T') : text) : undefined)}
      />
    )
  }
  if (field.options) {
    const all = field.allLabel ?? '全部'
    const selected = field.options.find((option) => option.value === value)
    return (
      <Dropdown
        className={classes.choice}
        button={{ className: classes.choiceText, title: selected?.label }}
        value={selected?.label ?? all}
        selectedOptions={[value ?? '']}
        onOptionSelect={(_, data) => onChange(data.optionValue || undefined)}
      >
        <Option value="">{all}</Option>
        {field.options.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.label}
          </Option>
        ))}
      </Dropdown>
    )
  }
  return (
    <Input
      className={classes.input}
      value={value ?? ''}
      placeholder={field.placeholder ?? `请输入${field.label}`}
      onChange={(_, data) => onChange(data.value)}
      onKeyDown={(event) => event.key === 'Enter' && search()}
    />
  )
}

/** Filters (text, choice, date or a screen's own control) with 查询 / 重置; Enter in a field searches too. */
export function FilterBar<F extends string>({
  fields,
  onSearch,
}: {
  fields: readonly FilterField<F>[]
  onSearch(values: FilterValues<F>): void
}) {
  const styles = useStyles()
  const [draft, setDraft] = useState<FilterValues<F>>({})

  const search = () => {
    const values = applied(draft)
    setDraft(values)
    onSearch(values)
  }
  const reset = () => {
    setDraft({})
    onSearch({})
  }

  return (
    <div className={styles.root} role="search">
      {fields.map((field) => (
        <Field key={field.name} className={styles.field} style={field.width ? { width: field.width } : undefined} label={field.label}>
          {renderControl(field, draft[field.name], (value) => setDraft((current) => ({ ...current, [field.name]: value })), search, styles)}
        </Field>
      ))}
      <div className={styles.actions}>
        <Button appearance="primary" icon={<SearchRegular />} onClick={search}>
          查询
        </Button>
        <Button icon={<ArrowResetRegular />} onClick={reset}>
          重置
        </Button>
      </div>
    </div>
  )
}
