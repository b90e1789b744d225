import { once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from './download'
import { exportedText, importedText } from '../../src-shared/workbook-text'
import { WORKBOOK_FOOTER, WORKBOOK_PRINT_SETUP } from '../../src-shared/workbook-print'
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
 * A number as a spreadsheet's General format shows it: exact integers in full, the rest
 * as the value. An integer beyond 2^53 (an 18-digit ID typed into a cell without text
 * format) has already lost its last digits, so it is shown as the spreadsheet shows it,
 * 3.20102E+17, never as digits that look right: the identity validators refuse that form
 * with a message that says how to fix the column (src-shared/schemas/identity.ts).
 */
function numberText(value: number): string {
  if (Number.isSafeInteger(value)) return value.toFixed(0)
  if (!Number.isInteger(value)) return String(value)
  return value.toPrecision(6).replace(/\.?0*e/, 'E')
}

/**
 * The text of a cell as a person typed it: numbers without exponent (see `numberText`), dates as yyyy-MM-dd,
 * rich text joined, an exporter's guard apostrophe taken off. Every import reads cells here.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return importedText(value.trim())
  if (typeof value === 'number') return numberText(value)
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return importedText(value.richText.map((r) => r.text).join('').trim())
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
  if ('text' in value) return importedText(String(value.text).trim())
  return ''
}

/** A sheet's column: its header, width, and whether what is typed into it stays text. */
export interface SheetColumnLayout {
  header: string
  width?: number
  /**
   * Text format (@) for number-like values (身份证号, 手机号, codes): typed into a General
   * cell an 18-digit ID becomes 3.20102E+17 and loses its last digits for good.
   */
  text?: boolean
  /** A number format for a column of numbers (NUMBER_FORMATS): the cell stays a number a clerk can sum. */
  numFmt?: string
}

/** The number formats exports use: a share such as 正确率 (0.5 shows 50.0%), a score, a count. */
export const NUMBER_FORMATS = { percent: '0.0%', score: '0.0', count: '0', index: '0.00' } as const

/** A new sheet whose bold header row, with column widths and formats, stays frozen above the data; printed as WORKBOOK_PRINT_SETUP says. */
export function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: readonly SheetColumnLayout[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { ...WORKBOOK_PRINT_SETUP, margins: { ...WORKBOOK_PRINT_SETUP.margins } },
    headerFooter: { oddFooter: WORKBOOK_FOOTER },
  })
  sheet.columns = columns.map((c) => {
    const numFmt = c.text ? '@' : c.numFmt
    return { header: c.header, width: c.width ?? 14, ...(numFmt ? { style: { numFmt } } : {}) }
  })
  sheet.getRow(1).font = { bold: true }
  return sheet
}

/**
 * A template's example row starts with this mark in its first cell (【示例】张三): the
 * workbook reader skips such a row, so an example left in the file is never imported.
 */
export const EXAMPLE_MARK = '【示例】'

/** The data rows of a template that its drop-down lists cover. */
export const TEMPLATE_ROWS = 10_000

/**
 * A drop-down list on a template column (1-based) for its data rows: `choices` are the
 * values themselves, or a range of another sheet (e.g. `'类别'!$A$2:$A$40`) when they
 * are too many for a list. A value not in the list is refused with `error`, or, when not
 * `strict`, only warned about (an organisation typed by name instead of its listed path).
 */
export function addDropDown(sheet: ExcelJS.Worksheet, column: number, choices: readonly string[] | string, error: string, { strict = true } = {}): void {
  const letter = sheet.getColumn(column).letter
  // exceljs declares no type for the sheet's validations (its writers have them).
  const validations = (sheet as unknown as { dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void } }).dataValidations
  validations.add(`${letter}2:${letter}${TEMPLATE_ROWS + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [typeof choices === 'string' ? choices : `"${choices.join(',')}"`],
    showErrorMessage: true,
    errorStyle: strict ? 'stop' : 'warning',
    errorTitle: '输入有误',
    error,
  })
}
