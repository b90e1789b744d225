import type { getDocument, PDFDataRangeTransport, PDFDocumentLoadingTask } from 'pdfjs-dist'
import { MAX_READ_RANGE_BYTES, type FileRange } from '../../../src-shared/schemas/files'

/** pdf.js asks for the file in chunks of this size; the first one is read before it starts. */
export const RANGE_CHUNK_BYTES = 1024 * 1024

/** Reads bytes [start, end) of the file (`files.readRange`; end may pass the file's end). */
export type ReadFileRange = (start: number, end: number) => Promise<FileRange>

/** The parts of pdf.js used here: the browser build and the Node (legacy) build both have them. */
export interface PdfJsLoader {
  getDocument: typeof getDocument
  PDFDataRangeTransport: typeof PDFDataRangeTransport
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

/** Bytes [start, end), in calls of at most MAX_READ_RANGE_BYTES (pdf.js may ask for one large picture at once). */
async function readSpan(read: ReadFileRange, start: number, end: number): Promise<Uint8Array> {
  const parts = await Promise.all(
    Array.from({ length: Math.ceil((end - start) / MAX_READ_RANGE_BYTES) }, (_, i) =>
      read(start + i * MAX_READ_RANGE_BYTES, Math.min(end, start + (i + 1) * MAX_READ_RANGE_BYTES)),
    ),
  )
  const pieces = parts.map((part) => bytesOf(part.base64))
  const span = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0))
  let offset = 0
  for (const piece of pieces) {
    span.set(piece, offset)
    offset += piece.length
  }
  return span
}

/**
 * Opens a stored PDF reading only the byte ranges pdf.js needs for what is drawn (a
 * seat chart may be 500 MB): the first chunk up front, the rest as pages ask for them.
 * A failed read ends the loading task and calls `onFailure` (pdf.js itself would wait).
 */
export async function openRangedPdf(pdfjs: PdfJsLoader, read: ReadFileRange, onFailure: (error: unknown) => void): Promise<PDFDocumentLoadingTask> {
  const first = await read(0, RANGE_CHUNK_BYTES)
  const transport = new pdfjs.PDFDataRangeTransport(first.total, bytesOf(first.base64))
  const task = pdfjs.getDocument({ range: transport, rangeChunkSize: RANGE_CHUNK_BYTES, disableAutoFetch: true, disableStream: true })
  transport.requestDataRange = (begin, end) => {
    readSpan(read, begin, end).then(
      (bytes) => transport.onDataRange(begin, bytes),
      (error: unknown) => {
        void task.destroy()
        onFailure(error)
      },
    )
  }
  return task
}
