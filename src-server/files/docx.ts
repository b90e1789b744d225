import JSZip from 'jszip'

/**
 * A minimal WordprocessingML (.docx) writer for official documents (公文, GB/T 9704-2012):
 * paragraphs of text runs and inline PNG pictures on an A4 page whose type area holds
 * 22 lines of 28 characters of 3号 (16 pt) text. A .docx is a zip of a few XML parts;
 * jszip (already installed with exceljs) writes the zip.
 */
export interface DocRun {
  text: string
  /** Font size in points; 16 (3号) unless given. */
  size?: number
  /** East-Asian font (one of `fonts`); 仿宋 unless given. */
  font?: DocFont
  /** RGB hex, e.g. `FF0000` for the red issuing-office mark. */
  colour?: string
}

export type DocParagraph = {
  kind: 'paragraph'
  runs: DocRun[]
  align?: 'left' | 'center' | 'right' | 'both'
  firstLineIndentChars?: number
  /** Space kept right of the text, in characters (the signature's 右空二字). */
  rightIndentChars?: number
  /** Line height in points; one line of the grid unless given (a larger mark needs more). */
  lineHeight?: number
  /** A red rule under the paragraph, as wide as the type area (the 版头's 分隔线). */
  redRuleBelow?: boolean
}

export type DocBlock = DocParagraph | { kind: 'image'; png: Buffer; widthPx: number; heightPx: number; align?: 'left' | 'center' | 'right' }

/**
 * The fonts of a 公文 by what they set, named as Chinese offices have them installed,
 * each with the font Word and WPS take in its place where it is missing (`altName`,
 * with the GB2312 character set and family so substitution stays Chinese). Latin
 * letters and digits take Times New Roman.
 */
export const fonts = {
  /** 发文机关标志 and title: 小标宋. */
  title: { name: '方正小标宋简体', alt: '宋体', family: 'roman', pitch: 'variable' },
  /** Body: 仿宋. */
  body: { name: '仿宋_GB2312', alt: '仿宋', family: 'modern', pitch: 'fixed' },
  /** First-level headings (一、): 黑体. */
  heading: { name: '黑体', alt: 'SimHei', family: 'modern', pitch: 'fixed' },
} as const
export type DocFont = keyof typeof fonts
const LATIN_FONT = 'Times New Roman'

/** Twentieths of a point per point. */
const TWIPS = 20
const EMU_PER_PX = 9525
const BODY_PT = 16
/** The red of the issuing-office mark and the rule under it. */
export const RED = 'FF0000'

/**
 * The page (twips): A4; 天头 37 mm, 订口 28 mm, a type area of 156 × 225 mm, so
 * right 26 mm and bottom 35 mm (GB/T 9704-2012 §5.2.1–5.2.2).
 */
const page = { width: 11906, height: 16838, top: 2098, right: 1474, bottom: 1984, left: 1588 }
const LINES_PER_PAGE = 22
const CHARS_PER_LINE = 28
/** 225 mm / 22 lines: 579 twips (28.95 pt) a line. */
export const LINE_PITCH = Math.floor((page.height - page.top - page.bottom) / LINES_PER_PAGE)
/**
 * 28 characters of 16 pt are 448 pt, the 156 mm line 442 pt: each character is drawn
 * this much closer (twips, floor to a quarter point), so exactly 28 fit. Spacing on the
 * runs, not a character grid: LibreOffice spreads a grid's characters apart.
 */
export const CHAR_SPACING = Math.floor((((page.width - page.left - page.right) / CHARS_PER_LINE - BODY_PT * TWIPS) * 4) / TWIPS) * (TWIPS / 4)

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    // Control characters other than tab and line breaks are not allowed in XML 1.0.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
}

function runXml(run: DocRun): string {
  const font = fonts[run.font ?? 'body'].name
  const size = (run.size ?? BODY_PT) * 2
  const props =
    `<w:rFonts w:ascii="${LATIN_FONT}" w:eastAsia="${font}" w:hAnsi="${LATIN_FONT}" w:cs="${LATIN_FONT}"/>` +
    (run.colour ? `<w:color w:val="${run.colour}"/>` : '') +
    `<w:spacing w:val="${CHAR_SPACING}"/>` +
    `<w:sz w:val="${size}"/><w:szCs w:val="${size}"/>`
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

/** An indent in characters, also in twips: Word reads the characters, LibreOffice only the twips. */
function charsIndent(side: 'firstLine' | 'right', chars: number | undefined): string {
  if (!chars) return ''
  return ` w:${side}="${Math.round(chars * (BODY_PT * TWIPS + CHAR_SPACING))}" w:${side}Chars="${Math.round(chars * 100)}"`
}

function paragraphXml(block: DocParagraph): string {
  // An exact line height of a 22nd of the type area: 22 lines a page in Word, WPS and LibreOffice alike
  // (a document grid does it in Word, but LibreOffice gives larger text two of its lines).
  const line = block.lineHeight ? block.lineHeight * TWIPS : LINE_PITCH
  const indent =
    block.firstLineIndentChars || block.rightIndentChars
      ? `<w:ind${charsIndent('firstLine', block.firstLineIndentChars)}${charsIndent('right', block.rightIndentChars)}/>`
      : ''
  const props =
    (block.redRuleBelow ? `<w:pBdr><w:bottom w:val="single" w:sz="12" w:space="6" w:color="${RED}"/></w:pBdr>` : '') +
    `<w:spacing w:before="0" w:after="0" w:line="${line}" w:lineRule="exact"/>` +
    indent +
    `<w:jc w:val="${block.align ?? 'both'}"/>`
  return `<w:p><w:pPr>${props}</w:pPr>${block.runs.map(runXml).join('')}</w:p>`
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Default Extension="png" ContentType="image/png"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/fontTable.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml"/>' +
  '</Types>'

const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>'

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

/** Defaults of every run: 3号仿宋, Chinese. */
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  `<w:styles ${W_NS}><w:docDefaults><w:rPrDefault><w:rPr>` +
  `<w:rFonts w:ascii="${LATIN_FONT}" w:eastAsia="${fonts.body.name}" w:hAnsi="${LATIN_FONT}" w:cs="${LATIN_FONT}"/>` +
  `<w:sz w:val="${BODY_PT * 2}"/><w:szCs w:val="${BODY_PT * 2}"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/>` +
  '</w:rPr></w:rPrDefault></w:docDefaults>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>' +
  '</w:styles>'

/** Each font with its substitute, character set (86: GB2312), family and pitch: what Word and WPS match a missing font by. */
const FONT_TABLE =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  `<w:fonts ${W_NS}>` +
  Object.values(fonts)
    .map((f) => `<w:font w:name="${f.name}"><w:altName w:val="${f.alt}"/><w:charset w:val="86"/><w:family w:val="${f.family}"/><w:pitch w:val="${f.pitch}"/></w:font>`)
    .join('') +
  `<w:font w:name="${LATIN_FONT}"><w:charset w:val="00"/><w:family w:val="roman"/><w:pitch w:val="variable"/></w:font>` +
  '</w:fonts>'

/** The .docx bytes of the given blocks on the 公文 page (A4, 22 lines × 28 characters). */
export async function buildDocx(blocks: DocBlock[]): Promise<Buffer> {
  const zip = new JSZip()
  // Only the parts themselves: Word does not expect folder entries in the package.
  const add = (name: string, data: string | Buffer) => zip.file(name, data, { createFolders: false })
  add('[Content_Types].xml', CONTENT_TYPES)
  add('_rels/.rels', PACKAGE_RELS)
  add('word/styles.xml', STYLES)
  add('word/fontTable.xml', FONT_TABLE)
  const rels = [
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
    '<Relationship Id="rIdFonts" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/fontTable" Target="fontTable.xml"/>',
  ]
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
    `<w:document ${W_NS} ` +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">' +
    `<w:body>${body.join('')}` +
    `<w:sectPr><w:pgSz w:w="${page.width}" w:h="${page.height}"/>` +
    `<w:pgMar w:top="${page.top}" w:right="${page.right}" w:bottom="${page.bottom}" w:left="${page.left}" w:header="851" w:footer="992" w:gutter="0"/>` +
    '</w:sectPr>' +
    '</w:body></w:document>'
  add('word/document.xml', document)
  add(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  )
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
}
