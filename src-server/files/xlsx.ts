import { once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from './download'
import { exportedText, importedText } from '../../src-shared/workbook-text'
import { fileTypeOf } from './file-types'

export const XLSX_MIME = fileTypeOf('xlsx')?.mime ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Rows per worksheet before a new one starts (Excel's own limit is 1 048 576). */
export const ROWS_PER_SHEET = 1_000_000

/** A value as an exported cell holds it: text as stored (see `exportedText`). */
export function inert(value: string | number | null | undefined): string | number | null {
  if (typeof value !== 'string') return value ?? null
  return exportedText(value)
}

export interface WorkbookOptions {
  /**
   * Cell styles (the bold header). Off for very long sheets: exceljs takes two to three
   * times as long per row with styles on (bench/roster-export).
   */
  styles?: boolean
}

/** A workbook written row by row to a stream: memory stays flat however many rows. */
export function streamingWorkbook(stream: Writable, { styles = true }: WorkbookOptions = {}): ExcelJS.stream.xlsx.WorkbookWriter {
  return new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: styles })
}

/** Waits while the reader of `stream` is behind, so a large export never piles up in memory. */
export async function drained(stream: Writable): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain')
}

/**
 * Sends a workbook as a download while `write` produces it. A failure half-way ends
 * the stream with the error (the client sees a broken download, not a wrong file).
 */
export function sendWorkbook(
  reply: FastifyReply,
  fileName: string,
  write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, out: PassThrough) => Promise<void>,
  options: WorkbookOptions = {},
): FastifyReply {
  const out = new PassThrough()
  const workbook = streamingWorkbook(out, options)
  void write(workbook, out)
    .then(() => workbook.commit())
    .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
    .header('Cache-Control', 'no-store')
    .send(out)
}

/**
 * The text of a cell as a person typed it: numbers without exponent, dates as yyyy-MM-dd,
 * rich text joined, an exporter's guard apostrophe taken off. Every import reads cells here.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return importedText(value.trim())
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value)
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return importedText(value.richText.map((r) => r.text).join('').trim())
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
  if ('text' in value) return importedText(String(value.text).trim())
  return ''
}

/** A new sheet whose bold header row, with column widths, stays frozen above the data. */
export function addSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly { header: string; width?: number }[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }))
  sheet.getRow(1).font = { bold: true }
  return sheet
}
