import { useId } from 'react'
import { Dropdown, Label, makeStyles, Option, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dropdown: { minWidth: '140px' },
})

/** The year filter: the years that have trainings (up to this year), with 全部 where all years may be chosen. */
export function YearPicker({
  years,
  value,
  onChange,
  allowAll = false,
}: {
  years: readonly number[]
  value: number | null
  onChange(year: number | null): void
  allowAll?: boolean
}) {
  const styles = useStyles()
  const id = useId()
  return (
    <span className={styles.root}>
      <Label htmlFor={id}>年度</Label>
      <Dropdown
        id={id}
        aria-label="年度"
        className={styles.dropdown}
        value={value === null ? '全部' : `${value}年`}
        selectedOptions={[value === null ? 'all' : String(value)]}
        onOptionSelect={(_, data) => onChange(data.optionValue === 'all' || !data.optionValue ? null : Number(data.optionValue))}
      >
        {allowAll && <Option value="all">全部</Option>}
        {years.map((year) => (
          <Option key={year} value={String(year)}>{`${year}年`}</Option>
        ))}
      </Dropdown>
    </span>
  )
}
