import { Button, Spinner, Tooltip } from '@fluentui/react-components'
import { PrintRegular } from '@fluentui/react-icons'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { MAX_PRINTED_ROWS } from '../../src-shared/schemas/documents'
import type { FilterField } from './FilterBar'
import { filterSummary, printedColumns, tableViewDocument, tooLongToPrint, type PrintableColumn } from './printView'
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
 * 打印 of a list's current view: every row of its filters (up to MAX_PRINTED_ROWS), not only the page on screen,
 * in the visible columns, as a vector PDF printed the way the venue papers are (the desktop's
 * print dialog on a preview window; the browser's PDF viewer in the web host).
 */
export function PrintViewButton<Row, F extends string>({ title, columns, filters, view, load, total, capped }: PrintViewButtonProps<Row, F>) {
  const task = useDownloadTask()
  const notify = useNotify()
  const print = () => {
    const refusal = tooLongToPrint(total, capped)
    if (refusal) return notify.warning(refusal)
    return task.print(async () => {
      // One read, one row longer than may be printed: a list whose count the server stopped at
      // (the member list counts ten pages ahead) is found too long without reading all of it.
      const { records } = await load({ ...view, pageNum: 1, pageSize: MAX_PRINTED_ROWS + 1 })
      if (records.length > MAX_PRINTED_ROWS) throw new AppError(ErrorKey.VALIDATION, tooLongToPrint(MAX_PRINTED_ROWS, true) ?? undefined)
      return tableViewDocument({ title, columns: printedColumns(columns), rows: records, filters: filterSummary(filters, view.filters), printedAt: new Date() })
    })
  }
  return (
    <Tooltip content="打印" relationship="label">
      <Button appearance="subtle" icon={task.busy ? <Spinner size="tiny" /> : <PrintRegular />} disabled={task.busy} onClick={() => void print()} />
    </Tooltip>
  )
}
