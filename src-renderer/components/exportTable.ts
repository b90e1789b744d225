import { MAX_PAGE_SIZE } from '../../src-shared/schemas/common'

/** A column of an exported table: its header and the cell's text or number. */
export interface ExportColumn<Row> {
  title: string
  text(row: Row): string | number | null | undefined
}

/**
 * Text that a spreadsheet would run as a formula gets an apostrophe: a CSV file is parsed
 * when it is opened (an .xlsx text cell is not, so workbooks need no such guard).
 */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * Saves rows the screen already holds (a statistics table, a chart's figures) as a
 * CSV file that spreadsheet programs open directly: UTF-8 with a byte-order mark so
 * the Chinese reads right, one header row.
 */
export function exportTable<Row>(fileName: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]): void {
  const lines = [columns.map((c) => cell(c.title)).join(','), ...rows.map((row) => columns.map((c) => cell(c.text(row))).join(','))]
  const url = URL.createObjectURL(new Blob(['\uFEFF', lines.join('\r\n')], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `${fileName}.csv`
  link.click()
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Every row of a server-paged list, read 9 999 (the largest page a call takes) at a
 * time, for exporting a table that shows one page of them.
 */
export async function readAllPages<Row>(load: (pageNum: number, pageSize: number) => Promise<{ records: Row[]; total: number }>): Promise<Row[]> {
  const rows: Row[] = []
  for (let pageNum = 1; ; pageNum++) {
    const page = await load(pageNum, MAX_PAGE_SIZE)
    rows.push(...page.records)
    if (rows.length >= page.total || page.records.length === 0) return rows
  }
}
