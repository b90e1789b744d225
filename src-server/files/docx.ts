import JSZip from 'jszip'

/**
 * A minimal WordprocessingML (.docx) writer: paragraphs of text runs and inline PNG
 * pictures, which is all an official notice needs. A .docx is a zip of a few XML
 * parts; jszip (already installed with exceljs) writes the zip.
 */
export interface DocRun {
  text: string
  bold?: boolean
  /** Font size in points. */
  size?: number
  font?: string
}

export type DocBlock =
  | { kind: 'paragraph'; runs: DocRun[]; align?: 'left' | 'center' | 'right' | 'both'; firstLineIndentChars?: number }
  | { kind: 'image'; png: Buffer; widthPx: number; heightPx: number; align?: 'left' | 'center' | 'right' }

const DEFAULT_FONT = '仿宋'
const EMU_PER_PX = 9525

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    // Control characters other than tab and line breaks are not allowed in XML 1.0.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}

function runXml(run: DocRun): string {
  const font = run.font ?? DEFAULT_FONT
  const size = (run.size ?? 16) * 2
  const props =
    `<w:rFonts w:ascii="${font}" w:eastAsia="${font}" w:hAnsi="${font}"/>` + (run.bold ? '<w:b/>' : '') + `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>`
  return `<w:r><w:rPr>${props}</w:rPr><w:t xml:space="preserve">${escapeXml(run.text)}</w:t></w:r>`
}

function imageXml(block: Extract<DocBlock, { kind: 'image' }>, relId: string, n: number): string {
  const cx = block.widthPx * EMU_PER_PX
  const cy = block.heightPx * EMU_PER_PX
  return (
    `<w:p><w:pPr><w:jc w:val="${block.align ?? 'center'}"/></w:pPr><w:r><w:drawing>` +
    `<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${n}" name="Picture ${n}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    `</a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
  )
}

function paragraphXml(block: Extract<DocBlock, { kind: 'paragraph' }>): string {
  const props =
    `<w:jc w:val="${block.align ?? 'both'}"/><w:spacing w:line="560" w:lineRule="exact"/>` +
    (block.firstLineIndentChars ? `<w:ind w:firstLineChars="${block.firstLineIndentChars * 100}"/>` : '')
  return `<w:p><w:pPr>${props}</w:pPr>${block.runs.map(runXml).join('')}</w:p>`
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Default Extension="png" ContentType="image/png"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>'

const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>'

/** The .docx bytes of the given blocks on an A4 page with official-document margins. */
export async function buildDocx(blocks: DocBlock[]): Promise<Buffer> {
  const zip = new JSZip()
  // Only the parts themselves: Word does not expect folder entries in the package.
  const add = (name: string, data: string | Buffer) => zip.file(name, data, { createFolders: false })
  add('[Content_Types].xml', CONTENT_TYPES)
  add('_rels/.rels', PACKAGE_RELS)
  const rels: string[] = []
  const body = blocks.map((block, i) => {
    if (block.kind === 'paragraph') return paragraphXml(block)
    const relId = `rIdImg${i}`
    const target = `media/image${i}.png`
    add(`word/${target}`, block.png)
    rels.push(`<Relationship Id="${relId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`)
    return imageXml(block, relId, i + 1)
  })
  const document =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">' +
    `<w:body>${body.join('')}` +
    // A4, margins 3.7/3.5/2.8/2.6 cm as in GB/T 9704 official documents.
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="2098" w:right="1474" w:bottom="1984" w:left="1588" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr>' +
    '</w:body></w:document>'
  add('word/document.xml', document)
  add(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  )
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}
