import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { createInflateRaw } from 'node:zlib'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { DEFLATED, LOCAL_SIGNATURE, NotAZip, STORED, ZIP64, zipDirectory, type ZipDirectory, type ZipEntry } from './zip-directory'

/**
 * What one uploaded workbook may cost to read (issue 25): a 100 KB .xlsx can hold a
 * cell of 100 M characters, which the readers (exceljs, SheetJS) build whole in memory
 * before any row limit applies, holding up every other request for seconds. So every
 * import first checks, before the reader inflates anything:
 *  - a per-file budget: the uncompressed size the zip's directory declares for all its
 *    entries, proportional to the import's row limit;
 *  - a per-cell limit: Excel's own 32,767 characters. The XML parts the reader parses
 *    are inflated once here, counted (a directory that understates sizes gains nothing)
 *    and scanned for a text run longer than that, with constant memory; rows the
 *    reader then gives are checked exactly (`limitedCell`).
 */
export const MAX_CELL_CHARS = 32_767

/** Room for the parts besides the rows (styles, themes, a logo) and a small sheet's overhead. */
const BASE_BUDGET_BYTES = 16 * 1024 * 1024
/**
 * Uncompressed XML a data row may take on average: a full row of the widest template
 * (member import, ~30 columns of inline strings ≈ 2 KB) twice over.
 */
const BUDGET_BYTES_PER_ROW = 4 * 1024

/** The uncompressed bytes an import of at most `maxRows` rows may read. */
export function workbookBudget(maxRows: number): number {
  return BASE_BUDGET_BYTES + maxRows * BUDGET_BYTES_PER_ROW
}

export function fileTooLarge(budget: number): AppError {
  return new AppError(ErrorKey.VALIDATION, `文件内容过大（解压后超过 ${Math.floor(budget / 1024 / 1024)} MB），请删除多余的内容或分批导入`)
}

export function cellTooLong(row?: number): AppError {
  const where = row === undefined ? '' : `（第 ${row} 行）`
  return new AppError(ErrorKey.VALIDATION, `单元格内容超过 ${MAX_CELL_CHARS} 个字符${where}，超出 Excel 单元格的上限，请检查文件内容`)
}

/** A cell's text as read, refused when longer than Excel allows. */
export function limitedCell(text: string, row: number): string {
  if (text.length > MAX_CELL_CHARS) throw cellTooLong(row)
  return text
}

/** The .xls reader (SheetJS) reads the file whole and uncompressed: its size is what it costs. */
export async function assertXlsWithinBudget(file: string, budget: number): Promise<void> {
  if ((await stat(file)).size > budget) throw fileTooLarge(budget)
}

/** The parts exceljs parses as XML (its WorkbookReader matches sheets by this same pattern). */
function parsedAsXml(name: string): boolean {
  return /xl\/worksheets\/sheet\d+[.]xml/.test(name) || ['xl/sharedStrings.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml'].includes(name)
}

const LT = 0x3c
const GT = 0x3e
const AMP = 0x26
const SEMICOLON = 0x3b

/**
 * The longest stretch between two of < and >, in characters (a UTF-8 sequence or an
 * entity like &amp; counts one), followed across chunks: a cell's text is one such run
 * (rich text several, which the exact check after reading sums up), and no tag of a
 * genuine sheet comes near the limit either (an attribute is built whole too).
 */
class TextRunGauge {
  private inEntity = false
  private run = 0

  /** False as soon as a run is longer than a cell may be. */
  feed(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte === LT || byte === GT) {
        this.run = 0
        this.inEntity = false
      } else if (this.inEntity) {
        if (byte === SEMICOLON) this.inEntity = false
      } else if ((byte & 0xc0) !== 0x80) {
        // A lead byte or ASCII starts a character; a 4-byte sequence is two UTF-16 units.
        this.run += byte >= 0xf0 ? 2 : 1
        if (byte === AMP) this.inEntity = true
        if (this.run > MAX_CELL_CHARS) return false
      }
    }
    return true
  }
}

/** Inflates one entry, counting its bytes against what is left of the budget, and scans its text. */
async function scanEntry(file: string, entry: ZipEntry, left: number, budget: number): Promise<number> {
  const header = Buffer.alloc(30)
  const handle = await open(file, 'r')
  try {
    await handle.read(header, 0, 30, entry.localHeaderOffset)
  } finally {
    await handle.close()
  }
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new NotAZip()
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  if (entry.method !== DEFLATED && entry.method !== STORED) throw new NotAZip()
  if (entry.compressedSize === 0) return left
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1 })
  const data = entry.method === DEFLATED ? raw.pipe(createInflateRaw()) : raw
  const gauge = new TextRunGauge()
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      left -= chunk.length
      if (left < 0) throw fileTooLarge(budget)
      if (!gauge.feed(chunk)) throw cellTooLong()
    }
  } finally {
    raw.destroy()
    data.destroy()
  }
  return left
}

/**
 * Refuses an .xlsx whose contents exceed `budget` uncompressed bytes or hold a cell longer
 * than Excel allows, before any reader builds them: first by the sizes the directory
 * declares, then by inflating the parsed parts once, counted and scanned.
 * A file that is no zip at all throws a plain Error: the import's "unreadable" answer.
 */
export async function assertXlsxWithinLimits(file: string, budget: number): Promise<ZipDirectory> {
  const directory = await zipDirectory(file)
  const { entries } = directory
  const declared = entries.reduce((sum, e) => sum + (e.declaredSize === ZIP64 ? Infinity : e.declaredSize), 0)
  if (declared > budget) throw fileTooLarge(budget)
  let left = budget
  for (const entry of entries.filter((e) => parsedAsXml(e.name))) left = await scanEntry(file, entry, left, budget)
  // The directory read here is the one the row reader then takes its parts by.
  return directory
}
