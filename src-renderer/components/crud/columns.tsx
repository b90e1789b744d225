import type { ChoiceOption, ColumnRef, FieldDecls } from '../../../src-shared/fields'
import { minutesOf } from '../../../src-shared/date-text'
import type { Column } from '../ResourceTable'
import { Thumbnail } from '../Thumbnail'

/** The text of an HTML text, for a table cell. */
const textOfHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''

const optionLabel = (options: readonly ChoiceOption[] | undefined, value: unknown) => options?.find((option) => option.value === value)?.label ?? ''

/**
 * A list's columns from its declaration: a declared field's label, width and a cell by its
 * kind (a picture's thumbnail, a choice's label, rich text as text); a row value as text or,
 * `dateTime`, to the minute. `cells` replaces what a screen draws its own way, by key.
 */
export function declaredColumns<Row extends Record<string, unknown>>(
  refs: readonly ColumnRef[],
  form: FieldDecls,
  cells: Partial<Record<string, Partial<Column<Row>>>>,
): Column<Row>[] {
  return refs.map((ref) => {
    const key = typeof ref === 'string' ? ref : ref.key
    const decl = typeof ref === 'string' ? form[ref] : undefined
    if (typeof ref === 'string' && !decl) throw new Error(`列 ${ref} 不是声明的字段`)
    const title = typeof ref === 'string' ? (decl?.label ?? ref) : ref.title
    const width = typeof ref === 'string' ? decl?.width : ref.width
    const value = (row: Row) => row[key]
    const text = (row: Row): string => {
      const v = value(row)
      if (decl?.kind === 'choice') return optionLabel(decl.options, v)
      if (decl?.kind === 'richText') return textOfHtml(String(v ?? ''))
      if (typeof ref !== 'string' && ref.kind === 'dateTime') return typeof v === 'string' ? minutesOf(v) : ''
      return v === null || v === undefined ? '' : String(v)
    }
    const column: Column<Row> =
      decl?.kind === 'image'
        ? { key, title, width, render: (row) => <Thumbnail path={value(row) as string | null} alt={title} />, text: false }
        : { key, title, width, render: text }
    return { ...column, ...cells[key] }
  })
}
