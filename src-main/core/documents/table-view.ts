import type { DocumentOf } from '../../../src-shared/schemas/documents'
import { CELL, CELL_PAD, FlowingReport } from './report'
import type { Layout, Pdf } from './pdf'

/** A printed list uses more of the sheet than a report: half an inch around. */
const MARGIN = 36
/** The narrowest a column gets before its cells wrap: its header, or three characters, whichever is wider. */
const MIN_CHARACTERS = 3

/** Width of the widest line of `text` in a table cell. */
function textWidth(pdf: Pdf, text: string, bold: boolean): number {
  const style = { ...CELL, weight: bold ? ('bold' as const) : ('regular' as const) }
  return Math.max(0, ...text.split('\n').map((line) => pdf.measure(line, style)))
}

/**
 * Column widths for the page: each column's natural width (its widest cell) when they all
 * fit, spread to fill the line; otherwise the widest columns are cut down to one common width
 * (their cells wrap) so that short ones — a phone number, a date — stay on one line; none drops
 * under its minimum. Portrait when the natural widths fit a portrait page, landscape otherwise.
 */
export function columnWidths(natural: readonly number[], minimum: readonly number[]): { layout: Layout; widths: number[] } {
  const sum = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0)
  const total = sum(natural)
  const layout: Layout = total <= FlowingReport.contentWidth('portrait', MARGIN) ? 'portrait' : 'landscape'
  const room = FlowingReport.contentWidth(layout, MARGIN)
  if (total <= room) return { layout, widths: natural.map((w) => (w * room) / total) }
  const floor = sum(minimum)
  // Too many columns even at their minimum: they share the line by their minimum.
  if (floor >= room) return { layout, widths: minimum.map((w) => (w * room) / floor) }
  const capped = (cap: number) => natural.map((w, i) => Math.min(w, Math.max(cap, minimum[i])))
  // The common width, found by halving: the widths it gives grow with it, from `floor` up to `total`.
  let [low, high] = [0, Math.max(...natural)]
  for (let step = 0; step < 40; step++) {
    const cap = (low + high) / 2
    if (sum(capped(cap)) > room) high = cap
    else low = cap
  }
  return { layout, widths: capped(low) }
}

/** 打印 of a list: title, the filters and time under it, then the table with its header on every page, pages numbered. */
export async function tableViewPdf(spec: DocumentOf<'tableView'>, resourcesDir?: string): Promise<Buffer> {
  let widths: number[] = []
  const report = new FlowingReport(spec.title, {
    resourcesDir,
    margin: MARGIN,
    layout: (pdf) => {
      const pad = 2 * CELL_PAD + 1
      const header = spec.columns.map((title) => textWidth(pdf, title, true) + pad)
      const natural = spec.columns.map((_, i) => Math.max(header[i], ...spec.rows.map((row) => textWidth(pdf, row[i] ?? '', false) + pad)))
      const minimum = header.map((w, i) => Math.min(natural[i], Math.max(w, MIN_CHARACTERS * CELL.size + pad)))
      const chosen = columnWidths(natural, minimum)
      widths = chosen.widths
      return chosen.layout
    },
  })
  report.title(spec.title)
  report.paragraph(spec.subtitle, true)
  report.space(4)
  const room = report.contentWidth
  report.table(
    spec.columns.map((title, i) => ({ title, share: widths[i] / room })),
    spec.rows,
  )
  return report.bytes()
}
