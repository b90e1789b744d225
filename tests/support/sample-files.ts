/** Small real files of the kinds the upload route takes, checked by their content. */

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
/** The opening boxes of an MP4. */
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2'), Buffer.alloc(64)])

/** A file the upload route takes for `kind`: a picture, a video, else a PDF (a scan, an attachment, a seat chart). */
export function sampleUpload(kind: string): { name: string; bytes: Buffer } {
  if (kind === 'image') return { name: '样例.png', bytes: PNG }
  if (kind === 'video' || kind === 'courseware') return { name: '样例.mp4', bytes: MP4 }
  return { name: '样例.pdf', bytes: PDF }
}
