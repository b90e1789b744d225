import { isValidElement, type ReactNode } from 'react'
import { minutesOf } from '../../src-shared/date-text'
import { MAX_PRINTED_ROWS, type DocumentOf } from '../../src-shared/schemas/documents'
import type { FilterField, FilterValues } from './FilterBar'

/**
 * The text a cell shows, read from what a column draws: strings and numbers as they are,
 * an element by its children (a Badge's 启用), a <br /> as a line break. A control with no
 * text of its own (a switch, a picture) reads as nothing: such a column says its text itself.
 */
export function cellText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node)
  if (isValidElement(node)) return node.type === 'br' ? '\n' : cellText((node.props as { children?: ReactNode }).children)
  if (typeof node === 'object' && Symbol.iterator in node) return [...node].map(cellText).join('')
  return ''
}

/** The applied filters as they read on paper: 状态：启用；所在组织：玄武区委组织部 — option labels, names, not ids. */
export function filterSummary<F extends string>(fields: readonly FilterField<F>[], values: FilterValues<F>): string {
  return fields
    .flatMap((field) => {
      const value = values[field.name]
      if (!value) return []
      const shown =
        field.options?.find((option) => option.value === value)?.label ??
        field.summary?.(value) ??
        (field.type === 'datetime-local' ? value.replace('T', ' ') : value)
      return [`${field.label}：${shown}`]
    })
    .join('；')
}

/**
 * Why a list of `total` rows (`capped`: the server stopped counting there, so at least that
 * many) is not printed, or null when it may be.
 */
export function tooLongToPrint(total: number, capped = false): string | null {
  if (total < MAX_PRINTED_ROWS || (!capped && total === MAX_PRINTED_ROWS)) return null
  return `共 ${total}${capped ? '+' : ''} 条，一次最多打印 ${MAX_PRINTED_ROWS} 条，请缩小查询范围后再打印`
}

/** A column as printed: its title and its text for a row. */
export interface PrintedColumn<Row> {
  title: string
  text(row: Row): string
}

/** What a list's column tells printing (ResourceTable's Column has it). */
export interface PrintableColumn<Row> {
  title: string
  render(row: Row): ReactNode
  /** The cell's text on paper when what `render` draws has none (a switch); false leaves the column out (a picture). */
  text?: ((row: Row) => string) | false
}

/** The columns as printed, in their order: each one's own text, else the text of what it draws. */
export function printedColumns<Row>(columns: readonly PrintableColumn<Row>[]): PrintedColumn<Row>[] {
  return columns.flatMap((column) => {
    const { text } = column
    if (text === false) return []
    return [{ title: column.title, text: text ?? ((row: Row) => cellText(column.render(row))) }]
  })
}

/**
 * The document 打印 sends for a list: the columns in their order, every row, and under the
 * title what was filtered, how many rows and when (yyyy-MM-dd HH:mm).
 */
export function tableViewDocument<Row>(view: {
  title: string
  columns: readonly PrintedColumn<Row>[]
  rows: readonly Row[]
  filters: string
  printedAt: Date
}): DocumentOf<'tableView'> {
  const subtitle = [view.filters ? `筛选条件：${view.filters}` : '全部记录', `共 ${view.rows.length} 条`, `打印时间 ${minutesOf(view.printedAt)}`].join(' · ')
  return {
    kind: 'tableView',
    fileName: view.title,
    title: view.title,
    subtitle,
    columns: view.columns.map((c) => c.title),
    rows: view.rows.map((row) => view.columns.map((c) => c.text(row))),
  }
}
