/**
 * A one-page PDF (A4 landscape) showing one JPEG picture scaled to fit: the seat chart
 * is drawn on a canvas with the system's Chinese fonts and wrapped here, so no font has
 * to be embedded and it works offline. JPEG goes into PDF as-is (DCTDecode, PDF 1.4 §4.8).
 */
export function jpegPdf(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const pageW = 842
  const pageH = 595
  const margin = 24
  const scale = Math.min((pageW - 2 * margin) / width, (pageH - 2 * margin) / height)
  const w = (width * scale).toFixed(2)
  const h = (height * scale).toFixed(2)
  const x = ((pageW - width * scale) / 2).toFixed(2)
  const y = ((pageH - height * scale) / 2).toFixed(2)
  const content = `q ${w} 0 0 ${h} ${x} ${y} cm /Im0 Do Q`

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

  text('%PDF-1.4\n%\u00e2\u00e3\n')
  object(1, () => text('<< /Type /Catalog /Pages 2 0 R >>'))
  object(2, () => text('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'))
  object(3, () => text(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`))
  object(4, () => {
    text(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`)
    push(jpeg)
    text('\nendstream')
  })
  object(5, () => text(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`))
  const xref = length
  text(`xref\n0 6\n0000000000 65535 f \n${offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`)
  text(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)

  const out = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
