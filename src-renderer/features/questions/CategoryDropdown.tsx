import { Dropdown, makeStyles, Option } from '@fluentui/react-components'
import type { CategoryOption } from '../../../src-shared/schemas/question'

const useStyles = makeStyles({
  root: { minWidth: 0, width: '100%' },
})

/** 题目类别 picked from the categories of one use: the question dialog's field and each category row of the paper wizard. */
export function CategoryDropdown({
  categories,
  value,
  onChange,
  taken,
}: {
  categories: readonly CategoryOption[]
  value: number | null
  onChange(categoryId: number): void
  /** A category chosen elsewhere (another row of the wizard) is shown but not offered again. */
  taken?: (categoryId: number) => boolean
}) {
  const styles = useStyles()
  return (
    <Dropdown
      className={styles.root}
      aria-label="题目类别"
      placeholder="请选择题目类别"
      value={categories.find((c) => c.id === value)?.name ?? ''}
      selectedOptions={value ? [String(value)] : []}
      onOptionSelect={(_, data) => onChange(Number(data.optionValue))}
    >
      {categories.map((c) => (
        <Option key={c.id} value={String(c.id)} disabled={taken?.(c.id)}>
          {c.name}
        </Option>
      ))}
    </Dropdown>
  )
}
