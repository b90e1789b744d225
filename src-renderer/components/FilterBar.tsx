import { useState } from 'react'
import { Button, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'

export interface FilterOption {
  value: string
  label: string
}

export interface FilterField<F extends string = string> {
  name: F
  label: string
  placeholder?: string
  /** A choice instead of text (e.g. a role); the empty choice 全部 means no filter. */
  options?: readonly FilterOption[]
  /** Input type of a text filter, e.g. `datetime-local` for a time bound. */
  type?: 'text' | 'datetime-local'
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
  // Fluent's Dropdown and a date-time input are wider than a filter field by default.
  control: { minWidth: 0, width: '100%' },
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

/** Text filters with 查询 / 重置; Enter in a field searches too. */
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
        <Field key={field.name} className={styles.field} label={field.label}>
          {field.options ? (
            <Dropdown
              className={styles.control}
              value={field.options.find((o) => o.value === draft[field.name])?.label ?? ''}
              selectedOptions={[draft[field.name] ?? '']}
              placeholder={field.placeholder ?? `请选择${field.label}`}
              onOptionSelect={(_, data) => setDraft((current) => ({ ...current, [field.name]: data.optionValue || undefined }))}
            >
              <Option value="">全部</Option>
              {field.options.map((option) => (
                <Option key={option.value} value={option.value}>
                  {option.label}
                </Option>
              ))}
            </Dropdown>
          ) : (
            <Input
              className={styles.control}
              type={field.type}
              value={draft[field.name] ?? ''}
              placeholder={field.placeholder ?? `请输入${field.label}`}
              onChange={(_, data) => setDraft((current) => ({ ...current, [field.name]: data.value }))}
              onKeyDown={(event) => event.key === 'Enter' && search()}
            />
          )}
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
