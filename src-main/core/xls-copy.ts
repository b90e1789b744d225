import { readFile, writeFile } from 'node:fs/promises'
import { AppError, ErrorKey } from '../../src-shared/errors'

/** Excel 97–2003 stops at 65 536 rows a sheet. */
export const XLS_MAX_ROWS = 65_536

/**
 * Writes an Excel 97–2003 (.xls) copy of an .xlsx export, for offices whose older
 * software opens only that format. The server exports .xlsx (streamed, any size); the
 * copy is made here when the user picks .xls in the save dialog.
 */
export async function saveAsXls(xlsxFile: string, xlsFile: string): Promise<void> {
  // Loaded when a copy is asked for: the main process starts without the workbook library.
  const XLSX = await import('@e965/xlsx')
  const workbook = XLSX.read(await readFile(xlsxFile), { type: 'buffer', dense: true, cellStyles: false })
  for (const name of workbook.SheetNames) {
    const ref = workbook.Sheets[name]['!ref']
    if (ref && XLSX.utils.decode_range(ref).e.r + 1 > XLS_MAX_ROWS) {
      throw new AppError(ErrorKey.VALIDATION, `Excel 97–2003（xls）格式每个工作表最多 ${XLS_MAX_ROWS} 行，请保存为 xlsx 格式`)
    }
  }
  await writeFile(xlsFile, XLSX.write(workbook, { bookType: 'xls', type: 'buffer' }) as Buffer)
}
