import type { DocumentOf, ReportBlock, ReportColumn } from '../../../src-shared/schemas/documents'
import { chartHeight, drawChart } from './chart'
import { MUTED, PAGE_SIZES, PARTY_RED, Pdf, type Layout, type TextStyle } from './pdf'

const FOOTER = 24
const BODY: TextStyle = { size: 10.5 }
/** A table cell's text, and its padding on each side in points. */
export const CELL: TextStyle = { size: 9 }
export const CELL_PAD = 4
const LINE = 1.5

export interface FlowOptions {
  resourcesDir?: string
  /** Portrait unless said; or chosen by measuring text once the fonts are loaded (a wide list is printed landscape). */
  layout?: Layout | ((pdf: Pdf) => Layout)
  /** Around the content, in points; 50 unless said. */
  margin?: number
}

/**
 * A report on A4 pages drawn top to bottom (the exam analysis, the questionnaire results,
 * a list's printed view): a new page starts whenever the next block does not fit; a table
 * repeats its header row on each page it runs onto; pages are numbered at the foot.
 */
export class FlowingReport {
  readonly pdf: Pdf
  private readonly margin: number
  private readonly layout: Layout
  private y: number

  constructor(title: string, { resourcesDir, layout = 'portrait', margin = 50 }: FlowOptions = {}) {
    if (typeof layout === 'function') {
      this.pdf = new Pdf({ size: 'A4', layout: 'portrait', title, resourcesDir, noFirstPage: true })
      this.layout = layout(this.pdf)
      this.pdf.addPage('A4', this.layout)
    } else {
      this.pdf = new Pdf({ size: 'A4', layout, title, resourcesDir })
      this.layout = layout
    }
    this.margin = margin
    this.y = margin
  }

  /** The width between the margins of a page of this size and layout. */
  static contentWidth(layout: Layout, margin = 50): number {
    const [short, long] = PAGE_SIZES.A4
    return (layout === 'portrait' ? short : long) - 2 * margin
  }

  get contentWidth(): number {
    return this.pdf.width - 2 * this.margin
  }

  /** Starts a new page unless `height` more fits on this one; true when it did. */
  room(height: number): boolean {
    if (this.y + height <= this.pdf.height - this.margin - FOOTER) return false
    this.pdf.addPage('A4', this.layout)
    this.y = this.margin
    return true
  }

  write(text: string, style: TextStyle, align: 'left' | 'center' = 'left'): void {
    const height = style.size * LINE
    for (const line of this.pdf.wrap(text, this.contentWidth, style)) {
      this.room(height)
      this.pdf.line(line, this.margin, this.y, style, align, this.contentWidth)
      this.y += height
    }
  }

  title(text: string): void {
    this.write(text, { size: 18, weight: 'bold' }, 'center')
    this.y += 6
  }

  heading(text: string, level: 1 | 2): void {
    // Kept with the first lines after it.
    this.room(60)
    this.y += level === 1 ? 10 : 6
    this.write(text, level === 1 ? { size: 14, weight: 'bold', color: PARTY_RED } : { size: 12, weight: 'bold' })
    this.y += 2
  }

  paragraph(text: string, muted = false): void {
    this.write(text, { ...BODY, color: muted ? MUTED : '#333333' })
  }

  /** Blank room of `points` before what comes next. */
  space(points: number): void {
    this.y += points
  }

  chart(block: Extract<ReportBlock, { type: 'chart' }>): void {
    const height = chartHeight(block)
    this.room(height + 8)
    drawChart(this.pdf, block, this.margin, this.y, this.contentWidth)
    this.y += height + 8
  }

  table(columns: readonly ReportColumn[], rows: readonly (readonly string[])[]): void {
    const widths = columns.map((c) => c.share * this.contentWidth)
    const lineHeight = CELL.size * 1.45
    const row = (cells: readonly string[], header: boolean) => {
      const style: TextStyle = { ...CELL, weight: header ? 'bold' : 'regular' }
      const lines = widths.map((w, i) => this.pdf.wrap(cells[i] ?? '', w - 2 * CELL_PAD, style))
      const height = Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * CELL_PAD
      if (this.room(height) && !header) row(columns.map((c) => c.title), true)
      let x = this.margin
      lines.forEach((cellLines, i) => {
        this.pdf.rect(x, this.y, widths[i], height, header ? { fill: '#f2f2f2', stroke: '#999999' } : { stroke: '#999999' })
        cellLines.forEach((line, l) => this.pdf.line(line, x + CELL_PAD, this.y + CELL_PAD + l * lineHeight, style))
        x += widths[i]
      })
      this.y += height
    }
    this.room(lineHeight * 3 + 4 * CELL_PAD)
    row(columns.map((c) => c.title), true)
    for (const cells of rows) row(cells, false)
    this.y += 8
  }

  async bytes(): Promise<Buffer> {
    this.pdf.numberPages(this.margin)
    return this.pdf.bytes()
  }
}

/** A report document (exam analysis, questionnaire results) as PDF bytes. */
export async function reportPdf(spec: DocumentOf<'report'>, resourcesDir?: string): Promise<Buffer> {
  const report = new FlowingReport(spec.title, { resourcesDir })
  report.title(spec.title)
  for (const block of spec.blocks) {
    if (block.type === 'heading') report.heading(block.text, block.level)
    else if (block.type === 'paragraph') report.paragraph(block.text, block.muted)
    else if (block.type === 'table') report.table(block.columns, block.rows)
    else report.chart(block)
  }
  return report.bytes()
}
