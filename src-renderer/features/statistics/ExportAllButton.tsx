import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { readAllPages, tableFile, type ExportColumn } from '../../components/exportTable'
import { useDownloadTask } from '../../components/useDownloadTask'

/** 导出 for a server-paged table: every row of its current filter, not the page shown, as a workbook. */
export function ExportAllButton<Row>({
  fileName,
  columns,
  load,
}: {
  fileName: string
  columns: readonly ExportColumn<Row>[]
  load(pageNum: number, pageSize: number): Promise<{ records: Row[]; total: number }>
}) {
  const task = useDownloadTask()
  return (
    <Button icon={<ArrowDownloadRegular />} disabled={task.busy} onClick={() => void task.save(async () => tableFile(fileName, columns, await readAllPages(load)))}>
      {task.busy ? '导出中...' : '导出'}
    </Button>
  )
}
