import PDFDocument from 'pdfkit'
import { fontBytes, type FontWeight } from './fonts'

/** Page sizes in PDF points (1/72 inch), portrait. */
export const PAGE_SIZES = { A4: [595.28, 841.89], A3: [841.89, 1190.55] } as const
export type PageSize = keyof typeof PAGE_SIZES
export type Layout = 'portrait' | 'landscape'

/** Noto Sans SC's ascent (1160/1000): pdfkit puts the top of the ascent at the y it is given. */
const ASCENT = 1.16
/** Where a CJK glyph's middle sits below the top of the ascent, in ems (its box is −0.12…0.88 em around the baseline). */
const GLYPH_MIDDLE = ASCENT - 0.38

export const INK = '#000000'
export const MUTED = '#555555'
export const RULE = '#888888'
export const PARTY_RED = '#c8161d'

export interface TextStyle {
  size: number
  weight?: FontWeight
  color?: string
}

export interface PdfOptions {
  size: PageSize
  layout: Layout
  title: string
  /** The app's resources folder, where the installer put the font files. */
  resourcesDir?: string
  /** No first page yet: the caller measures text first and then adds it (a list chooses its layout by its columns' widths). */
  noFirstPage?: boolean
}

/**
 * One PDF being drawn: pdfkit with the shipped CJK font registered (regular and bold, both
 * subset on write), pages kept in memory until `bytes()` so page numbers can be added last.
 * Text is drawn one line at a time at positions computed here — pdfkit's own line wrapper
 * knows nothing of Chinese line breaking and would add pages by itself.
 */
export class Pdf {
  readonly doc: PDFKit.PDFDocument
  private readonly chunks: Buffer[] = []
  private readonly finished: Promise<Buffer>
  private readonly widths = new Map<string, number>()

  constructor(readonly options: PdfOptions) {
    this.doc = new PDFDocument({
      size: options.size,
      layout: options.layout,
      margin: 0,
      autoFirstPage: !options.noFirstPage,
      bufferPages: true,
      info: { Title: options.title, Creator: '党员教育培训管理控制台' },
      displayTitle: true,
      lang: 'zh-CN',
    })
    this.finished = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk))
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)))
      this.doc.on('error', reject)
    })
    this.doc.registerFont('regular', fontBytes('regular', options.resourcesDir))
    this.doc.registerFont('bold', fontBytes('bold', options.resourcesDir))
  }

  get width(): number {
    return this.doc.page.width
  }

  get height(): number {
    return this.doc.page.height
  }

  addPage(size: PageSize = this.options.size, layout: Layout = this.options.layout): void {
    this.doc.addPage({ size, layout, margin: 0 })
  }

  private use(style: TextStyle): void {
    this.doc.font(style.weight ?? 'regular').fontSize(style.size).fillColor(style.color ?? INK)
  }

  /** Width of `text` in points (per character, cached: tables measure the same characters again and again). */
  measure(text: string, style: TextStyle): number {
    const weight = style.weight ?? 'regular'
    let total = 0
    for (const ch of text) {
      const key = `${weight}${ch}`
      let w = this.widths.get(key)
      if (w === undefined) {
        this.doc.font(weight).fontSize(1000)
        w = this.doc.widthOfString(ch) / 1000
        this.widths.set(key, w)
      }
      total += w
    }
    return total * style.size
  }

  /** The text broken into lines no wider than `width`, character by character (Chinese has no spaces to break at). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = []
    for (const paragraph of text.split('\n')) {
      let line = ''
      let lineWidth = 0
      for (const ch of paragraph) {
        const w = this.measure(ch, style)
        if (line && lineWidth + w > width) {
          lines.push(line)
          line = ''
          lineWidth = 0
        }
        line += ch
        lineWidth += w
      }
      lines.push(line)
    }
    return lines
  }

  /** The largest size ≤ style.size (and ≥ minSize) at which `text` fits `width` on one line. */
  fit(text: string, width: number, style: TextStyle, minSize: number): number {
    const natural = this.measure(text, { ...style, size: 1 })
    return natural === 0 ? style.size : Math.max(minSize, Math.min(style.size, width / natural))
  }

  /**
   * One line of text whose top of ascent is at `y`; `align` places it in [x, x + width].
   * Returns nothing: the caller owns the layout.
   */
  line(text: string, x: number, y: number, style: TextStyle, align: 'left' | 'center' | 'right' = 'left', width = 0): void {
    if (!text) return
    // Measured before the style is set: measuring switches pdfkit's font size.
    const w = align === 'left' ? 0 : this.measure(text, style)
    this.use(style)
    const left = align === 'center' ? x + (width - w) / 2 : align === 'right' ? x + width - w : x
    this.doc.text(text, left, y, { lineBreak: false })
  }

  /** One line centred vertically on `middle` (the middle of its Chinese glyphs). */
  lineAround(text: string, x: number, middle: number, style: TextStyle, align: 'left' | 'center' | 'right' = 'left', width = 0): void {
    this.line(text, x, middle - style.size * GLYPH_MIDDLE, style, align, width)
  }

  /** One line shrunk to fit `width` (never cut: every name must stay whole and searchable), centred in the box unless `align` says otherwise. */
  fitted(text: string, x: number, middle: number, width: number, style: TextStyle, minSize: number, align: 'left' | 'center' | 'right' = 'center'): void {
    this.lineAround(text, x, middle, { ...style, size: this.fit(text, width, style, minSize) }, align, width)
  }

  rect(x: number, y: number, w: number, h: number, options: { stroke?: string; fill?: string; lineWidth?: number; dash?: number } = {}): void {
    const doc = this.doc
    doc.save()
    doc.lineWidth(options.lineWidth ?? 0.6)
    if (options.dash) doc.dash(options.dash, { space: options.dash })
    doc.rect(x, y, w, h)
    if (options.fill && options.stroke) doc.fillAndStroke(options.fill, options.stroke)
    else if (options.fill) doc.fill(options.fill)
    else doc.stroke(options.stroke ?? RULE)
    doc.restore()
  }

  rule(x1: number, y1: number, x2: number, y2: number, color = RULE, lineWidth = 0.6, dash = 0): void {
    const doc = this.doc
    doc.save().lineWidth(lineWidth)
    if (dash) doc.dash(dash, { space: dash })
    doc.moveTo(x1, y1).lineTo(x2, y2).stroke(color)
    doc.restore()
  }

  /** 第 i / n 页 at the foot of every page, written once all pages exist. */
  numberPages(margin: number): void {
    const range = this.doc.bufferedPageRange()
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i)
      this.line(`第 ${i + 1} / ${range.count} 页`, 0, this.height - margin * 0.75, { size: 8, color: MUTED }, 'center', this.width)
    }
  }

  async bytes(): Promise<Buffer> {
    this.doc.end()
    return this.finished
  }
}
