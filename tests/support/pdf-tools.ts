import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Reads a PDF the way a person's tools would (poppler-utils: pdffonts, pdftotext,
 * pdftoppm), so tests check what is really in the file, not what the code meant to write.
 */
export class PdfFile {
  private readonly dir = mkdtempSync(join(tmpdir(), 'pdf-test-'))
  readonly path = join(this.dir, 'doc.pdf')

  constructor(bytes: Uint8Array) {
    writeFileSync(this.path, bytes)
  }

  private run(tool: string, args: string[]): string {
    return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  }

  /** The fonts pdffonts lists: name, type and whether embedded. */
  fonts(): { name: string; type: string; embedded: boolean }[] {
    return this.run('pdffonts', [this.path])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const parts = line.trim().split(/\s+/)
        // name type… encoding emb sub uni object-id gen: the last six columns are fixed.
        const emb = parts[parts.length - 5]
        return { name: parts[0], type: parts.slice(1, parts.length - 6).join(' '), embedded: emb === 'yes' }
      })
  }

  pages(): number {
    return Number(/Pages:\s+(\d+)/.exec(this.run('pdfinfo', [this.path]))?.[1] ?? 0)
  }

  pageSize(): { width: number; height: number } {
    const m = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(this.run('pdfinfo', [this.path]))
    return { width: Number(m?.[1]), height: Number(m?.[2]) }
  }

  /** The text of the pages (all, or `page` alone) in drawing order (-raw: a wrapped cell's lines stay together). */
  text(page?: number): string {
    return this.run('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), '-raw', this.path, '-'])
  }

  /** The words of a page with their boxes, in points from the top left. */
  words(page: number): { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
    const html = this.run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), this.path, '-'])
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      text: m[5],
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
    }))
  }

  /** The page rendered by pdftoppm in grey at 72 dpi (one pixel per point): `dark(x0, y0, x1, y1)` counts the inked pixels of a box. */
  render(page: number): { width: number; height: number; dark(x0: number, y0: number, x1: number, y1: number): number } {
    const base = join(this.dir, `page${page}`)
    this.run('pdftoppm', ['-gray', '-r', '72', '-f', String(page), '-l', String(page), '-singlefile', this.path, base])
    const pgm = readFileSync(`${base}.pgm`)
    // P5 header: magic, width, height, maxval, each followed by whitespace.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString('latin1'))
    if (!header) throw new Error('not a PGM')
    const [width, height] = [Number(header[1]), Number(header[2])]
    const pixels = pgm.subarray(header[0].length)
    return {
      width,
      height,
      dark(x0, y0, x1, y1) {
        let count = 0
        for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
          for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) if (pixels[y * width + x] < 128) count++
        }
        return count
      },
    }
  }

  /** Page `page` as a PNG at 100 dpi, `base`.png, for a person to look at. */
  png(page: number, base: string): void {
    this.run('pdftoppm', ['-png', '-r', '100', '-f', String(page), '-l', String(page), '-singlefile', this.path, base])
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** pdftotext's text with the spaces and line breaks a layout adds taken out (a wrapped title reads whole). */
export const joined = (text: string) => text.replace(/\s+/g, '')
