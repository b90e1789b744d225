import type { FastifyReply } from 'fastify'
import { addSheet, drained, inert, sendWorkbook } from './xlsx'

/** One column of an exported sheet. */
export interface SheetColumn<T> {
  header: string
  width?: number
  /** For a column of numbers: how they show (NUMBER_FORMATS); the cells stay numbers. */
  numFmt?: string
  value: (row: T) => string | number | null
}

/**
 * Reads the first batch now and hands back the whole sequence: an export calls this
 * before it sends any header, so a query that fails answers with an error envelope
 * rather than a 200 whose file is cut short.
 */
export async function firstReadEarly<T>(batches: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const rest = batches[Symbol.asyncIterator]()
  const first = await rest.next()
  return (async function* () {
    if (first.done) return
    yield first.value
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
  })()
}

/**
 * Streams a one-sheet .xlsx of rows that arrive in batches (see `keysetBatches`),
 * waiting whenever the client is slower. Without styles unless a column has a number
 * format: the styleless sheets run to hundreds of thousands of rows (rosters,
 * statistics), where styles cost most; those with formats (scores, analysis) are small.
 */
export async function streamWorkbook<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  source: AsyncIterable<readonly T[]>,
): Promise<FastifyReply> {
  const batches = await firstReadEarly(source)
  return sendWorkbook(
    reply,
    fileName,
    async (workbook, out) => {
      const sheet = addSheet(workbook, sheetName, columns)
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(columns.map((c) => inert(c.value(row)))).commit()
        await drained(out)
      }
      sheet.commit()
    },
    { styles: columns.some((c) => c.numFmt) },
  )
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
