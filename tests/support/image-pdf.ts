/** One page's picture: JPEG bytes and its size in pixels. */
export interface JpegPage {
  jpeg: Uint8Array
  width: number
  height: number
}

export type Orientation = 'portrait' | 'landscape'

/** A4 in PDF points (1/72 inch). */
const A4_SHORT = 595
const A4_LONG = 842
const MARGIN = 24

/**
 * An A4 PDF with one JPEG picture per page (a test upload: a scanned seat chart), each scaled to fit and centred.
 * The product's own PDFs are drawn by src-main/core/documents. JPEG goes into PDF as-is
 * (DCTDecode, PDF 1.4 §4.8). Objects: 1 catalog, 2 page tree, then page, picture and
 * content stream of each page.
 */
export function jpegPdf(pages: readonly JpegPage[], orientation: Orientation): Uint8Array {
  const [pageW, pageH] = orientation === 'portrait' ? [A4_SHORT, A4_LONG] : [A4_LONG, A4_SHORT]
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  const offsets: number[] = []
  let length = 0
  const push = (bytes: Uint8Array) => {
    parts.push(bytes)
    length += bytes.length
  }
  const text = (s: string) => push(encoder.encode(s))
  const object = (n: number, body: () => void) => {
    offsets[n] = length
    text(`${n} 0 obj\n`)
    body()
    text('\nendobj\n')
  }
  const pageObject = (i: number) => 3 + 3 * i

  text('%PDF-1.4\n%\u00e2\u00e3\n')
  object(1, () => text('<< /Type /Catalog /Pages 2 0 R >>'))
  object(2, () => text(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`))
  pages.forEach(({ jpeg, width, height }, i) => {
    const n = pageObject(i)
    const scale = Math.min((pageW - 2 * MARGIN) / width, (pageH - 2 * MARGIN) / height)
    const [w, h] = [width * scale, height * scale]
    const content = `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} ${((pageW - w) / 2).toFixed(2)} ${((pageH - h) / 2).toFixed(2)} cm /Im0 Do Q`
    object(n, () => text(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im0 ${n + 1} 0 R >> >> /Contents ${n + 2} 0 R >>`))
    object(n + 1, () => {
      text(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`)
      push(jpeg)
      text('\nendstream')
    })
    object(n + 2, () => text(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`))
  })
  const size = offsets.length
  const xref = length
  text(`xref\n0 ${size}\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`)
  text(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)

  const out = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
