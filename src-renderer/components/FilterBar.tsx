import { useState, type ReactElement } from 'react'
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowResetRegular, SearchRegular } from '@fluentui/react-icons'

export interface FilterField<F extends string = string> {
  name: F
  label: string
  placeholder?: string
  /** CSS width of the field; 200px unless given. */
  width?: string
  /**
   * A control other than a text input (an organisation picker, a status dropdown),
   * bound to the filter's text value; `label` is its Field label.
   */
  render?(value: string | undefined, onChange: (value: string | undefined) => void): ReactElement
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

/** Filters (text, or a control of the screen's choosing) with 查询 / 重置; Enter in a text field searches too. */
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
      {fields.map((field) => {
        const set = (value: string | undefined) => setDraft((current) => ({ ...current, [field.name]: value }))
        return (
          <Field key={field.name} className={styles.field} style={field.width ? { width: field.width } : undefined} label={field.label}>
            {field.render ? (
              field.render(draft[field.name], set)
            ) : (
              <Input
                value={draft[field.name] ?? ''}
                placeholder={field.placeholder ?? `请输入${field.label}`}
                onChange={(_, data) => set(data.value)}
                onKeyDown={(event) => event.key === 'Enter' && search()}
              />
            )}
          </Field>
        )
      })}
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
