import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { exportTable, readAllPages, type ExportColumn } from '../../components/exportTable'
import { useNotify } from '../../components/toast'

/** 导出 for a server-paged table: every row of its current filter, not the page shown. */
export function ExportAllButton<Row>({
  fileName,
  columns,
  load,
}: {
  fileName: string
  columns: readonly ExportColumn<Row>[]
  load(pageNum: number, pageSize: number): Promise<{ records: Row[]; total: number }>
}) {
  const notify = useNotify()
  const [exporting, setExporting] = useState(false)
  const run = async () => {
    setExporting(true)
    try {
      exportTable(fileName, columns, await readAllPages(load))
    } catch (error) {
      notify.error(error)
    } finally {
      setExporting(false)
    }
  }
  return (
    <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void run()}>
      {exporting ? '导出中...' : '导出'}
    </Button>
  )
}
