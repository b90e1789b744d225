import JSZip from 'jszip'

/**
 * A minimal WordprocessingML (.docx) writer for official documents (公文, GB/T 9704-2012):
 * paragraphs of text runs and PNG pictures on an A4 page whose type area holds
 * 22 lines of 28 characters of 3号 (16 pt) text, page numbers in the footer and the 版记
 * at the foot of the last page. A .docx is a zip of a few XML parts; jszip (already
 * installed with exceljs) writes the zip.
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
  /** Height in lines of the grid, 1 unless given (a larger mark needs more); whole lines keep later text on the grid. */
  lines?: number
  /** A red rule under the paragraph, as wide as the type area (the 版头's 分隔线). */
  redRuleBelow?: boolean
}

/**
 * The 版记 (GB/T 9704-2012 §7.4): the printing office 左空一字 and the printing date
 * 右空一字 followed by 印发, in 4号仿宋 between a thick rule above and one below that lies
 * on the type area's lower edge of the page it ends. Put it last.
 */
export type DocColophon = { kind: 'colophon'; printedBy: string; printedOn: string }

export type DocBlock =
  | DocParagraph
  | DocColophon
  | { kind: 'image'; png: Buffer; widthPx: number; heightPx: number; align?: 'left' | 'center' | 'right' }

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
  /** Page numbers: 宋体, its digits too. */
  pageNumber: { name: '宋体', alt: 'SimSun', family: 'auto', pitch: 'variable' },
} as const
export type DocFont = keyof typeof fonts
const LATIN_FONT = 'Times New Roman'

/** Twentieths of a point per point. */
const TWIPS = 20
const EMU_PER_PX = 9525
const EMU_PER_TWIP = 635
const BODY_PT = 16
/** 4号: the page numbers and the 版记. */
const SMALL_PT = 14
/** The red of the issuing-office mark and the rule under it. */
export const RED = 'FF0000'
/** The red rule under the mark: 1.5 pt wide, 6 pt below the text. */
const RED_RULE = { eighths: 12, gapPt: 6 }

/**
 * The page (twips): A4; 天头 37 mm, 订口 28 mm, a type area of 156 × 225 mm, so
 * right 26 mm and bottom 35 mm (GB/T 9704-2012 §5.2.1–5.2.2).
 */
const page = { width: 11906, height: 16838, top: 2098, right: 1474, bottom: 1984, left: 1588 }
const TYPE_AREA_WIDTH = page.width - page.left - page.right
/**
 * The footer's distance from the page's foot (twips): its 4号 line, 14 pt high, then has its
 * dash (mid-line) 7 mm below the type area (GB/T 9704-2012 §7.5): 35 mm − 7 mm − 7 pt.
 */
const FOOTER_DISTANCE = Math.round(((35 - 7) / 25.4) * 72 * TWIPS - (SMALL_PT / 2) * TWIPS)
const LINES_PER_PAGE = 22
const CHARS_PER_LINE = 28
/** 225 mm / 22 lines: 579 twips (28.95 pt) a line. */
export const LINE_PITCH = Math.floor((page.height - page.top - page.bottom) / LINES_PER_PAGE)
/**
 * 28 characters of 16 pt are 448 pt, the 156 mm line 442 pt: each character is drawn
 * this much closer (twips, floor to a quarter point), so exactly 28 fit. Spacing on the
 * runs, not a character grid: LibreOffice spreads a grid's characters apart.
 */
export const CHAR_SPACING = Math.floor(((TYPE_AREA_WIDTH / CHARS_PER_LINE - BODY_PT * TWIPS) * 4) / TWIPS) * (TWIPS / 4)

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

/**
 * A picture floating over as many empty lines of the grid as it needs, centred on them: the text
 * after it stays on the grid, and nothing clips it (an inline picture in an exact line is cut).
 * The lines keep together, so the picture never hangs over a page's foot.
 */
function imageXml(block: Extract<DocBlock, { kind: 'image' }>, relId: string, n: number): string {
  const cx = block.widthPx * EMU_PER_PX
  const cy = block.heightPx * EMU_PER_PX
  const lines = Math.ceil(cy / (LINE_PITCH * EMU_PER_TWIP))
  const offset = Math.round((lines * LINE_PITCH * EMU_PER_TWIP - cy) / 2)
  const line = (keepNext: boolean, content = '') =>
    `<w:p><w:pPr>${keepNext ? '<w:keepNext/>' : ''}<w:spacing w:before="0" w:after="0" w:line="${LINE_PITCH}" w:lineRule="exact"/></w:pPr>${content}</w:p>`
  const picture =
    '<w:r><w:drawing>' +
    '<wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="margin"><wp:align>${block.align ?? 'center'}</wp:align></wp:positionH>` +
    `<wp:positionV relativeFrom="paragraph"><wp:posOffset>${offset}</wp:posOffset></wp:positionV>` +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/><wp:docPr id="${n}" name="Picture ${n}"/>` +
    `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>` +
    '</a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>'
  return line(lines > 1, picture) + Array.from({ length: lines - 1 }, (_, i) => line(i < lines - 2)).join('')
}

/** An indent in characters, also in twips: Word reads the characters, LibreOffice only the twips. */
function charsIndent(side: 'firstLine' | 'right', chars: number | undefined): string {
  if (!chars) return ''
  return ` w:${side}="${Math.round(chars * (BODY_PT * TWIPS + CHAR_SPACING))}" w:${side}Chars="${Math.round(chars * 100)}"`
}

function paragraphXml(block: DocParagraph): string {
  // An exact line height of a 22nd of the type area: 22 lines a page in Word, WPS and LibreOffice alike
  // (a document grid does it in Word, but LibreOffice gives larger text two of its lines).
  // The red rule's gap and width add to the paragraph's height: taken off the line so the whole stays on the grid.
  const line = (block.lines ?? 1) * LINE_PITCH - (block.redRuleBelow ? (RED_RULE.gapPt + RED_RULE.eighths / 8) * TWIPS : 0)
  const indent =
    block.firstLineIndentChars || block.rightIndentChars
      ? `<w:ind${charsIndent('firstLine', block.firstLineIndentChars)}${charsIndent('right', block.rightIndentChars)}/>`
      : ''
  const props =
    (block.redRuleBelow ? `<w:pBdr><w:bottom w:val="single" w:sz="${RED_RULE.eighths}" w:space="${RED_RULE.gapPt}" w:color="${RED}"/></w:pBdr>` : '') +
    `<w:spacing w:before="0" w:after="0" w:line="${line}" w:lineRule="exact"/>` +
    indent +
    `<w:jc w:val="${block.align ?? 'both'}"/>`
  return `<w:p><w:pPr>${props}</w:pPr>${block.runs.map(runXml).join('')}</w:p>`
}

/** 4号宋体 throughout, digits too: the page number is 半角宋体阿拉伯数字 (§7.5). */
const PAGE_NUMBER_RPR =
  `<w:rPr><w:rFonts w:ascii="${fonts.pageNumber.name}" w:eastAsia="${fonts.pageNumber.name}" w:hAnsi="${fonts.pageNumber.name}" w:cs="${fonts.pageNumber.name}"/>` +
  `<w:sz w:val="${SMALL_PT * 2}"/><w:szCs w:val="${SMALL_PT * 2}"/></w:rPr>`

/**
 * A footer with the page number as “— 1 —” (GB/T 9704-2012 §7.5): odd pages 右空一字,
 * even pages 左空一字. The number is a PAGE field, so Word, WPS and LibreOffice count.
 */
function footerXml(side: 'left' | 'right'): string {
  const run = (inner: string) => `<w:r>${PAGE_NUMBER_RPR}${inner}</w:r>`
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<w:ftr ${W_NS}><w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${SMALL_PT * TWIPS}" w:lineRule="exact"/>` +
    `<w:ind w:${side}="${SMALL_PT * TWIPS}"/><w:jc w:val="${side}"/></w:pPr>` +
    run('<w:t xml:space="preserve">— </w:t>') +
    run('<w:fldChar w:fldCharType="begin"/>') +
    run('<w:instrText xml:space="preserve"> PAGE </w:instrText>') +
    run('<w:fldChar w:fldCharType="separate"/>') +
    run('<w:t>1</w:t>') +
    run('<w:fldChar w:fldCharType="end"/>') +
    run('<w:t xml:space="preserve"> —</w:t>') +
    '</w:p></w:ftr>'
  )
}

/** A rule of the 版记: thick (1 pt, the recommended 0.35 mm) first and last, thin (0.5 pt) between. */
const rule = (eighthsOfPoint: number) => `w:val="single" w:sz="${eighthsOfPoint}" w:space="0" w:color="000000"`

/**
 * The 版记 as a table floating at the bottom of the type area (`tblpYSpec="bottom"`), so its
 * last rule lies on the lower edge of the type area on whichever page the text ends; text
 * that would run into it moves on to the next page. A paragraph must follow a table.
 */
function colophonXml(block: DocColophon): string {
  const half = TYPE_AREA_WIDTH / 2
  const cell = (text: string, side: 'left' | 'right') =>
    `<w:tc><w:tcPr><w:tcW w:w="${half}" w:type="dxa"/></w:tcPr>` +
    `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${LINE_PITCH}" w:lineRule="exact"/><w:ind w:${side}="${SMALL_PT * TWIPS}"/><w:jc w:val="${side}"/></w:pPr>` +
    `${runXml({ text, size: SMALL_PT })}</w:p></w:tc>`
  return (
    '<w:tbl><w:tblPr>' +
    `<w:tblpPr w:leftFromText="0" w:rightFromText="0" w:topFromText="0" w:bottomFromText="0" w:vertAnchor="margin" w:tblpYSpec="bottom" w:horzAnchor="page" w:tblpX="${page.left}"/>` +
    `<w:tblW w:w="${TYPE_AREA_WIDTH}" w:type="dxa"/>` +
    `<w:tblBorders><w:top ${rule(8)}/><w:left w:val="nil"/><w:bottom ${rule(8)}/><w:right w:val="nil"/><w:insideH ${rule(4)}/><w:insideV w:val="nil"/></w:tblBorders>` +
    '<w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="0" w:type="dxa"/><w:right w:w="0" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
    `<w:tblGrid><w:gridCol w:w="${half}"/><w:gridCol w:w="${half}"/></w:tblGrid>` +
    `<w:tr>${cell(block.printedBy, 'left')}${cell(`${block.printedOn}印发`, 'right')}</w:tr></w:tbl>` +
    '<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/></w:pPr></w:p>'
  )
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
  '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>' +
  '<Override PartName="/word/footerOdd.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>' +
  '<Override PartName="/word/footerEven.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>' +
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

/** Odd and even pages take different footers (the page number's side). */
const SETTINGS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${W_NS}><w:evenAndOddHeaders/></w:settings>`

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
  add('word/settings.xml', SETTINGS)
  add('word/footerOdd.xml', footerXml('right'))
  add('word/footerEven.xml', footerXml('left'))
  const rels = [
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
    '<Relationship Id="rIdFonts" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/fontTable" Target="fontTable.xml"/>',
    '<Relationship Id="rIdSettings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>',
    '<Relationship Id="rIdFooterOdd" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footerOdd.xml"/>',
    '<Relationship Id="rIdFooterEven" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footerEven.xml"/>',
  ]
  const body = blocks.map((block, i) => {
    if (block.kind === 'paragraph') return paragraphXml(block)
    if (block.kind === 'colophon') return colophonXml(block)
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
    '<w:sectPr><w:footerReference w:type="default" r:id="rIdFooterOdd"/><w:footerReference w:type="even" r:id="rIdFooterEven"/>' +
    `<w:pgSz w:w="${page.width}" w:h="${page.height}"/>` +
    `<w:pgMar w:top="${page.top}" w:right="${page.right}" w:bottom="${page.bottom}" w:left="${page.left}" w:header="851" w:footer="${FOOTER_DISTANCE}" w:gutter="0"/>` +
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
