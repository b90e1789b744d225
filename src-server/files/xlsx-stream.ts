import { PassThrough } from 'node:stream'
import { once } from 'node:events'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { contentDisposition } from './download'
import { inert, XLSX_MIME } from './xlsx'

/** One column of an exported sheet. */
export interface SheetColumn<T> {
  header: string
  width?: number
  value: (row: T) => string | number | null
}

/**
 * Streams an .xlsx to the response as the rows arrive in batches: exceljs'
 * WorkbookWriter without shared strings commits every row at once, so memory stays
 * flat however long the sheet is, and the writer waits whenever the client is slower.
 * Without styles: they cost exceljs more than twice the time per row (bench/roster-export).
 */
export async function streamWorkbook<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
): Promise<FastifyReply> {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false })
  const sheet = workbook.addWorksheet(sheetName)
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 14 }))
  sheet.getRow(1).commit()
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
    .header('Cache-Control', 'no-store')
  void reply.send(out)
  try {
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => inert(c.value(row)))).commit()
      if (out.writableNeedDrain) await once(out, 'drain')
    }
    sheet.commit()
    await workbook.commit()
  } catch (err) {
    // Headers are gone already: end the download broken rather than hand out half a roster as whole.
    out.destroy(err instanceof Error ? err : new Error(String(err)))
  }
  return reply
}

/** Reads rows in id order, `size` at a time, so a long export never holds more than one batch. */
export async function* keysetBatches<T extends { id: number }>(
  fetch: (afterId: number, size: number) => Promise<T[]>,
  size = 2000,
): AsyncIterable<T[]> {
  let afterId = 0
  for (;;) {
    const batch = await fetch(afterId, size)
    if (batch.length === 0) return
    yield batch
    if (batch.length < size) return
    afterId = batch[batch.length - 1].id
  }
}
