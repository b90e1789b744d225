import { jpegPdf, type JpegPage } from './imagePdf'

/** A white canvas of the given size to draw a page on (the seat chart, report pages). */
export function whiteCanvas(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const g = canvas.getContext('2d')
  if (!g) throw new Error('无法生成PDF文件')
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, width, height)
  return g
}

/** The system's Chinese fonts (Windows, macOS, Linux): nothing has to ship with the app. */
export const cjkFont = (size: number, bold = false) =>
  `${bold ? 'bold ' : ''}${size}px "Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif`

/** A canvas as a JPEG page for `jpegPdf`. */
export async function canvasJpeg(canvas: HTMLCanvasElement): Promise<JpegPage> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9))
  if (!blob) throw new Error('无法生成PDF文件')
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height }
}

/** A4 portrait at 144 dpi (two pixels per point): sharp in print, a few hundred KB a page. */
const PAGE_W = 1190
const PAGE_H = 1684
const MARGIN = 64
const FOOTER = 48
export const CONTENT_W = PAGE_W - 2 * MARGIN
const BODY = 22
const LINE = 34
const CELL_PAD = 8

export interface ReportColumn {
  title: string
  /** Share of the content width; the shares of a table add up to 1. */
  share: number
}

/**
 * A print report drawn top to bottom on A4 canvases: a new page starts whenever the
 * next block does not fit, tables repeat their header on it and a long cell wraps.
 * `pdf()` numbers the pages and wraps them with `jpegPdf`.
 */
export class PagedReport {
  private readonly pages: HTMLCanvasElement[] = []
  private g: CanvasRenderingContext2D
  private y = MARGIN

  constructor() {
    this.g = this.newPage()
  }

  private newPage(): CanvasRenderingContext2D {
    const g = whiteCanvas(PAGE_W, PAGE_H)
    g.textBaseline = 'top'
    this.pages.push(g.canvas)
    this.y = MARGIN
    return g
  }

  /** Starts a new page unless `height` more fits on this one. */
  private room(height: number): boolean {
    if (this.y + height <= PAGE_H - MARGIN - FOOTER) return false
    this.g = this.newPage()
    return true
  }

  /** The text broken into lines no wider than `width` (character by character: Chinese has no spaces). */
  private wrap(text: string, width: number, font: string): string[] {
    this.g.font = font
    const lines: string[] = []
    for (const paragraph of text.split('\n')) {
      let line = ''
      for (const ch of paragraph) {
        if (line && this.g.measureText(line + ch).width > width) {
          lines.push(line)
          line = ''
        }
        line += ch
      }
      lines.push(line)
    }
    return lines
  }

  private write(text: string, size: number, options: { bold?: boolean; color?: string; center?: boolean } = {}) {
    const font = cjkFont(size, options.bold)
    const lineHeight = Math.round(size * 1.55)
    for (const line of this.wrap(text, CONTENT_W, font)) {
      this.room(lineHeight)
      this.g.font = font
      this.g.fillStyle = options.color ?? '#000000'
      this.g.textAlign = options.center ? 'center' : 'left'
      this.g.fillText(line, options.center ? PAGE_W / 2 : MARGIN, this.y)
      this.y += lineHeight
    }
  }

  title(text: string): void {
    this.write(text, 40, { bold: true, center: true })
    this.y += 8
  }

  /** A section heading (level 1, red) or a sub-heading (level 2), kept with the next few lines. */
  heading(text: string, level: 1 | 2 = 1): void {
    this.room(LINE * 4)
    this.y += level === 1 ? 18 : 10
    this.write(text, level === 1 ? 28 : 24, { bold: true, color: level === 1 ? '#c8161d' : '#000000' })
    this.y += 4
  }

  paragraph(text: string, color = '#333333'): void {
    this.write(text, BODY, { color })
  }

  /** A picture (a chart) at its own size, narrowed to the content width when wider. */
  image(picture: HTMLCanvasElement): void {
    const scale = Math.min(1, CONTENT_W / picture.width)
    const height = picture.height * scale
    this.room(height)
    this.g.drawImage(picture, MARGIN, this.y, picture.width * scale, height)
    this.y += height + 8
  }

  table(columns: readonly ReportColumn[], rows: readonly (readonly string[])[]): void {
    const widths = columns.map((c) => c.share * CONTENT_W)
    const row = (cells: readonly string[], header: boolean) => {
      const size = BODY - 2
      const font = cjkFont(size, header)
      const lines = cells.map((cell, i) => this.wrap(cell, widths[i] - 2 * CELL_PAD, font))
      const height = Math.max(...lines.map((l) => l.length)) * LINE + 2 * CELL_PAD
      if (this.room(height) && !header) row(columns.map((c) => c.title), true)
      let x = MARGIN
      lines.forEach((cellLines, i) => {
        if (header) {
          this.g.fillStyle = '#f2f2f2'
          this.g.fillRect(x, this.y, widths[i], height)
        }
        this.g.strokeStyle = '#999999'
        this.g.lineWidth = 1
        this.g.strokeRect(x, this.y, widths[i], height)
        this.g.font = font
        this.g.fillStyle = '#000000'
        this.g.textAlign = 'left'
        cellLines.forEach((line, l) => this.g.fillText(line, x + CELL_PAD, this.y + CELL_PAD + l * LINE + (LINE - size) / 2))
        x += widths[i]
      })
      this.y += height
    }
    this.room(LINE * 3)
    row(columns.map((c) => c.title), true)
    for (const cells of rows) row(cells, false)
    this.y += 12
  }

  /** The pages numbered 第 i / n 页 and wrapped into an A4 portrait PDF. */
  async pdf(): Promise<Uint8Array> {
    const pages: JpegPage[] = []
    for (const [i, canvas] of this.pages.entries()) {
      const g = canvas.getContext('2d')!
      g.font = cjkFont(18)
      g.fillStyle = '#666666'
      g.textAlign = 'center'
      g.fillText(`第 ${i + 1} / ${this.pages.length} 页`, PAGE_W / 2, PAGE_H - MARGIN)
      pages.push(await canvasJpeg(canvas))
    }
    return jpegPdf(pages, 'portrait')
  }
}
