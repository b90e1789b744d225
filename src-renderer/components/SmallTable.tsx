import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { EmptyState } from './EmptyState'
import { TruncatedCell } from './TruncatedCell'

export interface SmallColumn<Row> {
  key: string
  /** The header; empty for a column of buttons. */
  title: ReactNode
  render(row: Row, index: number): ReactNode
  /** CSS width (`'120px'`, `'24%'`); columns without one share the rest. */
  width?: string
  /** Figures (counts, shares, scores): aligned at the end, digits of equal width, so they line up down the column. */
  numeric?: boolean
  /** One line cut at the column's width, whole on hover (TruncatedCell), instead of wrapping. */
  truncate?: boolean
  /** The cell's class, e.g. a value before a change in red. */
  className?: string | ((row: Row) => string | undefined)
  /** Merged cells: how many rows this row's cell covers (1 unless told); 0 where a cell above covers it. */
  span?(row: Row, index: number): number
}

export interface SmallTableProps<Row> {
  /** Accessible name of the table (有误的行, 数据变化 …). */
  label: string
  columns: readonly SmallColumn<Row>[]
  rows: readonly Row[]
  rowKey(row: Row, index: number): string | number
  /** What no rows say (还没有数据 unless given); null says nothing (the rows are still on their way). */
  empty?: string | null
  size?: 'small' | 'medium'
  className?: string
}

const useStyles = makeStyles({
  numeric: {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    '& .fui-TableHeaderCell__button, & .fui-TableCellLayout': { justifyContent: 'flex-end' },
  },
})

/**
 * The one small read-only grid of the console (figures, a log entry's changes, an import's
 * bad rows, the refused offline writes, the answer analysis): rows the screen already
 * holds, headers, number alignment and the empty state declared here once. Lists of
 * records with paging, filters and actions are ResourceTable's.
 */
export function SmallTable<Row>({ label, columns, rows, rowKey, empty = '还没有数据', size = 'small', className }: SmallTableProps<Row>) {
  const styles = useStyles()
  const cellClass = (column: SmallColumn<Row>, row: Row) =>
    mergeClasses(column.numeric && styles.numeric, typeof column.className === 'function' ? column.className(row) : column.className)
  const cell = (column: SmallColumn<Row>, row: Row, index: number) => {
    const span = column.span?.(row, index) ?? 1
    if (span === 0) return null
    const content = column.render(row, index)
    const rowSpan = span > 1 ? span : undefined
    if (column.truncate)
      return (
        <TruncatedCell key={column.key} rowSpan={rowSpan} className={cellClass(column, row)}>
          {content}
        </TruncatedCell>
      )
    return (
      <TableCell key={column.key} rowSpan={rowSpan} className={cellClass(column, row)}>
        {content}
      </TableCell>
    )
  }
  return (
    <>
      <Table aria-label={label} size={size} className={className}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHeaderCell key={column.key} style={column.width ? { width: column.width } : undefined} className={column.numeric ? styles.numeric : undefined}>
                {column.title}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey(row, index)}>{columns.map((column) => cell(column, row, index))}</TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length === 0 && empty !== null && <EmptyState text={empty} />}
    </>
  )
}
