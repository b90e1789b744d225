import { Button, Spinner, Tooltip } from '@fluentui/react-components'
import { PrintRegular } from '@fluentui/react-icons'
import { MAX_PRINTED_ROWS } from '../../src-shared/schemas/documents'
import { readAllPages } from './exportTable'
import type { FilterField } from './FilterBar'
import { filterSummary, printedColumns, tableViewDocument, type PrintableColumn } from './printView'
import { useNotify } from './toast'
import { useDownloadTask } from './useDownloadTask'
import type { LoadPage, PageRequest } from './useResourcePage'

interface PrintViewButtonProps<Row, F extends string> {
  /** The list's name, the printed title. */
  title: string
  /** The visible columns in their order. */
  columns: readonly PrintableColumn<Row>[]
  filters: readonly FilterField<F>[]
  /** The list as on screen: its filters (and whatever else the table asks `load` for); every page of it is printed. */
  view: PageRequest<F>
  load: LoadPage<Row, F>
  /** Rows the list has, as the last page read said; `capped`: the server stopped counting there. */
  total: number
  capped?: boolean
}

/**
 * 打印 of a list's current view: every row of its filters, not only the page on screen,
 * in the visible columns, as a vector PDF printed the way the venue papers are (the desktop's
 * print dialog on a preview window; the browser's PDF viewer in the web host).
 */
export function PrintViewButton<Row, F extends string>({ title, columns, filters, view, load, total, capped }: PrintViewButtonProps<Row, F>) {
  const task = useDownloadTask()
  const notify = useNotify()
  const print = () => {
    if (total > MAX_PRINTED_ROWS || (capped && total >= MAX_PRINTED_ROWS)) {
      notify.warning(`共 ${capped ? `${total} 条以上` : `${total} 条`}，一次最多打印 ${MAX_PRINTED_ROWS} 条，请缩小查询范围后再打印`)
      return
    }
    return task.print(async () => {
      const rows = await readAllPages((pageNum, pageSize) => load({ ...view, pageNum, pageSize }))
      return tableViewDocument({ title, columns: printedColumns(columns), rows, filters: filterSummary(filters, view.filters), printedAt: new Date() })
    })
  }
  return (
    <Tooltip content="打印" relationship="label">
      <Button appearance="subtle" icon={task.busy ? <Spinner size="tiny" /> : <PrintRegular />} disabled={task.busy} onClick={() => void print()} />
    </Tooltip>
  )
}
