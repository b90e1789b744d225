import { MAX_PAGE_SIZE } from '../../src-shared/schemas/common'
import type { MadeFile } from './useDownloadTask'
import { workbookBytes, XLSX_MIME } from '../lib/workbook'

/** A column of an exported table: its header and the cell's text or number. */
export interface ExportColumn<Row> {
  title: string
  text(row: Row): string | number | null | undefined
}

/** Width of a column in characters: its longest cell (a CJK character counts two), within 8–50. */
function widthOf<Row>(column: ExportColumn<Row>, rows: readonly Row[]): number {
  const length = (value: unknown) => [...String(value ?? '')].reduce((n, ch) => n + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0)
  const longest = rows.slice(0, 500).reduce((n, row) => Math.max(n, length(column.text(row))), length(column.title))
  return Math.min(50, Math.max(8, longest + 2))
}

/**
 * Rows the screen already holds (a statistics table, a chart's figures) as a workbook
 * like every other export of the console (lib/workbook.ts), to save with
 * useDownloadTask().save, which names the file it saved.
 */
export async function tableFile<Row>(fileName: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Promise<MadeFile> {
  const bytes = await workbookBytes(
    fileName.slice(0, 31),
    columns.map((c) => ({ header: c.title, width: widthOf(c, rows) })),
    rows.map((row) => columns.map((c) => c.text(row))),
  )
  return { name: `${fileName}.xlsx`, contentType: XLSX_MIME, bytes }
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
