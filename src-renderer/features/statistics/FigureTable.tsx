import { useState, type ReactNode } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { tableFile, type ExportColumn } from '../../components/exportTable'
import { Pager } from '../../components/Pager'
import { SmallTable, type SmallColumn } from '../../components/SmallTable'
import { useDownloadTask } from '../../components/useDownloadTask'

export interface FigureColumn<Row> extends ExportColumn<Row> {
  key: string
  /** What the cell shows when it is more than the exported text. */
  render?(row: Row): ReactNode
  width?: string
  /** Let a long text (a training's name) take more lines rather than be cut short. */
  wrap?: boolean
  /** A count or a share: lined up at the end (SmallTable). */
  numeric?: boolean
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingBottom: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
})

/** A figure column as the table draws it: its own cell or its exported text, cut to one line unless it wraps. */
function cellOf<Row>({ key, title, width, wrap, numeric, render, text }: FigureColumn<Row>): SmallColumn<Row> {
  return { key, title, width, numeric, truncate: !wrap, render: render ?? ((row) => String(text(row) ?? '')) }
}

/**
 * A table of figures the screen already holds (statistics, a training's members):
 * exported as it is with 导出, paged on the screen when `pageSize` is given.
 */
export function FigureTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  exportName,
  rowActions,
  actionsWidth,
  pageSize,
  toolbar,
}: {
  label: string
  columns: readonly FigureColumn<Row>[]
  rows: readonly Row[]
  rowKey(row: Row): string | number
  exportName: string
  rowActions?(row: Row): ReactNode
  actionsWidth?: string
  pageSize?: number
  toolbar?: ReactNode
}) {
  const styles = useStyles()
  const exported = useDownloadTask()
  const [pageNum, setPageNum] = useState(1)
  const lastPage = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1
  const page = Math.min(pageNum, lastPage)
  const shown = pageSize ? rows.slice((page - 1) * pageSize, page * pageSize) : rows
  const actions: SmallColumn<Row>[] = rowActions
    ? [{ key: 'actions', title: '操作', width: actionsWidth, render: (row) => <div className={styles.actions}>{rowActions(row)}</div> }]
    : []
  return (
    <section aria-label={label}>
      <div className={styles.toolbar}>
        <Button size="small" icon={<ArrowDownloadRegular />} disabled={rows.length === 0 || exported.busy}
          onClick={() => void exported.save(() => tableFile(exportName, columns, rows))}
        >
          导出
        </Button>
        {toolbar}
      </div>
      <SmallTable label={label} columns={[...columns.map(cellOf), ...actions]} rows={shown} rowKey={rowKey} />
      {pageSize && rows.length > pageSize && <Pager total={rows.length} pageNum={page} pageSize={pageSize} onChange={(n) => setPageNum(n)} fixedSize />}
    </section>
  )
}
