import { describe, expect, it } from 'vitest'
import { jpegPdf, type JpegPage } from '../support/image-pdf'

/** A 4 × 2 red JPEG as Chromium's canvas writes it (what the reports wrap). */
const RED = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAEqX/9k=',
  'base64',
)
const page: JpegPage = { jpeg: new Uint8Array(RED), width: 4, height: 2 }

async function open(pdf: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  return { pdfjs, doc: await pdfjs.getDocument({ data: pdf.slice() }).promise }
}

/** Every in-use entry of the cross-reference table points at the start of its object. */
function xrefEntries(pdf: Uint8Array): { n: number; at: string }[] {
  const text = Buffer.from(pdf).toString('latin1')
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1])
  const table = text.slice(start).split('\n')
  expect(table[0]).toBe('xref')
  const count = Number(table[1].split(' ')[1])
  return table.slice(3, 2 + count).map((line, i) => ({ n: i + 1, at: text.slice(Number(line.slice(0, 10)), Number(line.slice(0, 10)) + 12) }))
}

describe('the JPEG-per-page PDF', () => {
  it('holds one A4 portrait page per picture, each drawing its picture, with exact xref offsets', async () => {
    const pdf = jpegPdf([page, page, page], 'portrait')
    const entries = xrefEntries(pdf)
    expect(entries).toHaveLength(2 + 3 * 3)
    for (const { n, at } of entries) expect(at.startsWith(`${n} 0 obj\n`)).toBe(true)

    const { pdfjs, doc } = await open(pdf)
    expect(doc.numPages).toBe(3)
    for (let i = 1; i <= 3; i++) {
      const p = await doc.getPage(i)
      expect(p.view).toEqual([0, 0, 595, 842])
      const ops = await p.getOperatorList()
      expect(ops.fnArray).toContain(pdfjs.OPS.paintImageXObject)
    }
  })

  it('lays a landscape page on its side (the seat chart)', async () => {
    const { doc } = await open(jpegPdf([page], 'landscape'))
    expect(doc.numPages).toBe(1)
    expect((await doc.getPage(1)).view).toEqual([0, 0, 842, 595])
  })
})
