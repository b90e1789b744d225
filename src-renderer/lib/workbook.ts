import { exportedText } from '../../src-shared/workbook-text'
import { WORKBOOK_FOOTER, WORKBOOK_PRINT_SETUP } from '../../src-shared/workbook-print'

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A column of a workbook the renderer writes: its header and width (in characters). */
export interface WorkbookColumn {
  header: string
  width?: number
}

/**
 * The one way the renderer writes a workbook (a table it holds, the seat list): one
 * sheet, a bold frozen header, printed as every export of the product prints
 * (WORKBOOK_PRINT_SETUP), text stored as typed (`exportedText`), numbers as numbers.
 * exceljs is loaded only when a workbook is made.
 */
export async function workbookBytes(sheetName: string, columns: readonly WorkbookColumn[], rows: readonly (readonly (string | number | null | undefined)[])[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { ...WORKBOOK_PRINT_SETUP, margins: { ...WORKBOOK_PRINT_SETUP.margins } },
    headerFooter: { oddFooter: WORKBOOK_FOOTER },
  })
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }))
  sheet.getRow(1).font = { bold: true }
  for (const row of rows) sheet.addRow(row.map((v) => (typeof v === 'string' ? exportedText(v) : (v ?? null))))
  return new Uint8Array(await book.xlsx.writeBuffer())
}
