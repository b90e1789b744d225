import { readFile, stat } from 'node:fs/promises'
import * as XLSX from '@e965/xlsx'
import ExcelJS from 'exceljs'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Db } from '../db/types'
import { extensionOf } from './file-types'
import { absoluteStoredPath } from './storage'
import { assertXlsWithinBudget, assertXlsxWithinLimits, limitedCell, workbookBudget } from './workbook-limits'
import { cellText, EXAMPLE_MARK } from './xlsx'
import { entriesInOrder } from './zip-directory'

/** The workbook formats every import reads: Excel 2007+ and Excel 97–2003. */
export const WORKBOOK_EXTENSIONS = ['xlsx', 'xls'] as const
export type WorkbookFormat = (typeof WORKBOOK_EXTENSIONS)[number]

export function isWorkbookFormat(extension: string): extension is WorkbookFormat {
  return (WORKBOOK_EXTENSIONS as readonly string[]).includes(extension)
}

/** A non-empty row of the first worksheet: its sheet row number (1-based) and each cell's text (`cells[0]` is column A). */
export interface SheetRow {
  number: number
  cells: readonly string[]
}

/** An uploaded workbook, ready to read with `firstSheetRows`. */
export interface UploadedWorkbook {
  file: string
  format: WorkbookFormat
}

/**
 * The workbook an import names, refused before anything is read unless this account
 * uploaded it (another account's upload path is no way to read its data) and it is
 * .xlsx or .xls.
 */
export async function uploadedWorkbook(
  db: Db,
  uploadDir: string,
  path: string,
  adminId: number,
  messages = { notFound: '导入文件不存在，请重新上传', wrongFormat: '请上传 xlsx 或 xls 格式的 Excel 文件（可先下载导入模板）' },
): Promise<UploadedWorkbook> {
  const upload = await db.selectFrom('upload').select('createdBy').where('path', '=', path).executeTakeFirst()
  if (!upload || upload.createdBy !== adminId) throw new AppError(ErrorKey.NOT_FOUND, messages.notFound)
  const format = extensionOf(path)
  if (!isWorkbookFormat(format)) throw new AppError(ErrorKey.VALIDATION, messages.wrongFormat)
  return { file: absoluteStoredPath(uploadDir, path), format }
}

export interface ReadOptions {
  /**
   * The most data rows below the header row 1. A sheet that goes on past row
   * `maxRows + 1` (even with blank rows) is refused as soon as the reader gets there,
   * so a file of a million rows never costs more than this much work or memory.
   */
  maxRows: number
  /** The message for a file that is not a readable workbook of its format. */
  unreadable: string
}

/**
 * A 97–2003 workbook is a compound file that SheetJS reads whole; the format itself
 * stops at 65 536 rows, so a genuine one stays well below this.
 */
const MAX_XLS_BYTES = 64 * 1024 * 1024

export function tooManyRows(maxRows: number): AppError {
  return new AppError(ErrorKey.VALIDATION, `一次最多导入 ${maxRows} 行，请分批导入`)
}

/** A row to read: not blank, and not a template's example (see EXAMPLE_MARK). */
function isDataRow(cells: string[]): boolean {
  return cells.some((c) => c !== '') && !isExampleRow(cells)
}

/** Whether a row is a template's example, marked in its first filled cell. */
export function isExampleRow(cells: readonly (string | undefined)[]): boolean {
  return (cells.find((c) => c) ?? '').startsWith(EXAMPLE_MARK)
}

/**
 * The parts the row reader needs, workbook before sheet: exceljs's streaming reader takes
 * the zip's entries in stored order and, when the workbook part comes after the sheets
 * (as exceljs itself writes it, so in every template of ours), intermittently reads a
 * sheet before it and fails (exceljs#3064: 1 read in 200 here, on Node 24).
 */
function readingOrder(names: string[]): string[] {
  const sheets = names
    .map((name) => ({ name, number: Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN) }))
    .filter((sheet) => Number.isInteger(sheet.number))
    .sort((a, b) => a.number - b.number)
  return ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', ...sheets.slice(0, 1).map((sheet) => sheet.name)]
}

async function* xlsxRows(file: string, options: ReadOptions): AsyncGenerator<SheetRow> {
  const directory = await assertXlsxWithinLimits(file, workbookBudget(options.maxRows))
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(entriesInOrder(file, directory, readingOrder), { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' })
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (row.number > options.maxRows + 1) throw tooManyRows(options.maxRows)
      const cells: string[] = []
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        cells[col - 1] = limitedCell(cellText(cell.value), row.number)
      })
      const filled = Array.from(cells, (c) => c ?? '')
      if (isDataRow(filled)) yield { number: row.number, cells: filled }
    }
    // The first worksheet only (the only one in the stream).
    return
  }
}

/** A SheetJS cell's value as `cellText` gives an exceljs one (dates read in UTC, as exceljs does). */
function xlsCellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return cellText(value as ExcelJS.CellValue)
}

async function* xlsRows(file: string, options: ReadOptions): AsyncGenerator<SheetRow> {
  if ((await stat(file)).size > MAX_XLS_BYTES) {
    throw new AppError(ErrorKey.VALIDATION, `Excel 97–2003（xls）文件不能超过 ${MAX_XLS_BYTES / 1024 / 1024}MB，请另存为 xlsx 格式或分批导入`)
  }
  await assertXlsWithinBudget(file, workbookBudget(options.maxRows))
  // read(), not readFile(): SheetJS's ES module build has no file system of its own.
  const workbook = XLSX.read(await readFile(file), { type: 'buffer', sheets: 0, sheetRows: options.maxRows + 2, cellDates: true, dense: true, UTC: true })
  const sheet = workbook.Sheets[workbook.SheetNames[0]]
  if (!sheet?.['!ref']) return
  const range = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref'])
  if (range.e.r + 1 > options.maxRows + 1) throw tooManyRows(options.maxRows)
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null, UTC: true })
  for (const [index, values] of table.entries()) {
    const cells = Array.from(values, (value) => limitedCell(xlsCellText(value), range.s.r + index + 1))
    // Columns before the sheet's first used one are blank, as in the .xlsx reader.
    const padded = [...Array<string>(range.s.c).fill(''), ...cells]
    if (isDataRow(padded)) yield { number: range.s.r + index + 1, cells: padded }
  }
}

/**
 * The non-empty rows of a workbook's first sheet, in order, as text: .xlsx streamed
 * row by row, .xls read by SheetJS up to the row limit. Every import reads through
 * here, so all of them take both formats within the same limits: rows, a budget of
 * bytes and Excel's longest cell (workbook-limits.ts).
 */
export async function* firstSheetRows(file: string, format: WorkbookFormat, options: ReadOptions): AsyncGenerator<SheetRow> {
  try {
    yield* format === 'xlsx' ? xlsxRows(file, options) : xlsRows(file, options)
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError(ErrorKey.VALIDATION, options.unreadable)
  }
}
