import type { DocumentOf } from '../../../src-shared/schemas/documents'
import { MUTED, PAGE_SIZES, PARTY_RED, Pdf, RULE, type PageSize, type TextStyle } from './pdf'

type SeatChart = DocumentOf<'seatChart'>

const MARGIN = 28
const LABEL_W = 34
const GROUP_H = 16
const STAGE_H = 26
/** Below this a 3-character name at 7 pt no longer reads from a step away: the hall goes onto more pages. */
const MIN_CELL_W = 38
const MIN_CELL_H = 22
const TITLE: TextStyle = { size: 18, weight: 'bold' }
const LABEL: TextStyle = { size: 8, color: MUTED }
const NAME: TextStyle = { size: 11 }

interface Plan {
  size: PageSize
  /** Title lines (the title wraps, never clipped; long ones shrink to at most three lines). */
  titleLines: string[]
  titleSize: number
  rowsPerPage: number
  columnsPerPage: number
}

/** The room the title takes on a page `width` wide: its lines and their size. */
function titleLayout(pdf: Pdf, title: string, width: number): { lines: string[]; size: number } {
  for (let size = TITLE.size; size > 9; size -= 1) {
    const lines = pdf.wrap(title, width, { ...TITLE, size })
    if (lines.length <= 3) return { lines, size }
  }
  return { lines: pdf.wrap(title, width, { ...TITLE, size: 9 }), size: 9 }
}

const headerHeight = (plan: { titleLines: string[]; titleSize: number }) => plan.titleLines.length * plan.titleSize * 1.35 + 14 + STAGE_H + 8 + GROUP_H

/**
 * A4 when the whole hall fits one A4 landscape page at a readable cell size, else A3;
 * a hall too large even for A3 is split into blocks of rows × columns, each on its own
 * A3 page with the row and column labels repeated.
 */
function planPages(pdf: Pdf, spec: SeatChart): Plan {
  for (const size of ['A4', 'A3'] as const) {
    const [h, w] = PAGE_SIZES[size]
    const title = titleLayout(pdf, `${spec.title} 座位表`, w - 2 * MARGIN)
    const gridW = w - 2 * MARGIN - LABEL_W
    const gridH = h - 2 * MARGIN - headerHeight({ titleLines: title.lines, titleSize: title.size }) - 14
    const columnsPerPage = Math.max(1, Math.floor(gridW / MIN_CELL_W))
    const rowsPerPage = Math.max(1, Math.floor(gridH / MIN_CELL_H))
    const fits = spec.columns <= columnsPerPage && spec.rows <= rowsPerPage
    if (fits || size === 'A3') {
      return { size, titleLines: title.lines, titleSize: title.size, rowsPerPage: Math.min(rowsPerPage, spec.rows), columnsPerPage: Math.min(columnsPerPage, spec.columns) }
    }
  }
  throw new Error('unreachable')
}

/** Splits `count` into `parts` nearly equal runs: 40 columns over 2 pages are 20 + 20, not 30 + 10. */
function runs(count: number, perPage: number): [number, number][] {
  const parts = Math.ceil(count / perPage)
  const base = Math.ceil(count / parts)
  return Array.from({ length: parts }, (_, i) => [i * base, Math.min(count, (i + 1) * base)] as [number, number]).filter(([a, b]) => b > a)
}

/**
 * The seat chart for the venue door: the title (wrapped, never clipped), the stage (主席台)
 * in front of row 1, the group of each column, row labels and each seat with its
 * person's name as text, shrunk to fit the seat rather than cut.
 */
export async function seatChartPdf(spec: SeatChart, resourcesDir?: string): Promise<Buffer> {
  const title = `${spec.title} 座位表`
  const a4 = new Pdf({ size: 'A4', layout: 'landscape', title, resourcesDir })
  const plan = planPages(a4, spec)
  // The A4 document measured the plan; an A3 plan is drawn in an A3 document (the A4 one is dropped unwritten).
  const pdf = plan.size === 'A4' ? a4 : new Pdf({ size: plan.size, layout: 'landscape', title, resourcesDir })
  const rowRuns = runs(spec.rows, plan.rowsPerPage)
  const columnRuns = runs(spec.columns, plan.columnsPerPage)
  const split = rowRuns.length * columnRuns.length > 1
  let first = true
  for (const [r0, r1] of rowRuns) {
    for (const [c0, c1] of columnRuns) {
      if (!first) pdf.addPage()
      first = false
      drawBlock(pdf, spec, plan, r0, r1, c0, c1, split)
    }
  }
  if (split) pdf.numberPages(MARGIN)
  return pdf.bytes()
}

function drawBlock(pdf: Pdf, spec: SeatChart, plan: Plan, r0: number, r1: number, c0: number, c1: number, split: boolean): void {
  const width = pdf.width
  let y = MARGIN
  for (const line of plan.titleLines) {
    pdf.line(line, MARGIN, y, { ...TITLE, size: plan.titleSize }, 'center', width - 2 * MARGIN)
    y += plan.titleSize * 1.35
  }
  const part = split ? `第 ${r0 + 1}–${r1} 排，第 ${c0 + 1}–${c1} 列（共 ${spec.rows} 排 ${spec.columns} 列）` : `共 ${spec.rows} 排 ${spec.columns} 列`
  pdf.line(part, MARGIN, y, LABEL, 'center', width - 2 * MARGIN)
  y += 14

  const columns = c1 - c0
  const rows = r1 - r0
  const gridLeft = MARGIN + LABEL_W
  const gridW = width - 2 * MARGIN - LABEL_W
  const cellW = Math.min(gridW / columns, 110)
  const left = gridLeft + (gridW - cellW * columns) / 2
  const gridH = pdf.height - MARGIN - 14 - (y + STAGE_H + 8 + GROUP_H)
  const cellH = Math.min(gridH / rows, 44)

  // The stage is in front of row 1; a block further back says which way it is.
  if (r0 === 0) {
    pdf.rect(left + cellW * columns * 0.2, y, cellW * columns * 0.6, STAGE_H, { fill: PARTY_RED })
    pdf.lineAround('主 席 台', left, y + STAGE_H / 2, { size: 13, weight: 'bold', color: '#ffffff' }, 'center', cellW * columns)
  } else {
    pdf.rect(left + cellW * columns * 0.2, y, cellW * columns * 0.6, STAGE_H, { stroke: PARTY_RED, dash: 3 })
    pdf.lineAround('↑ 主席台方向（前排见另页）', left, y + STAGE_H / 2, { size: 10, color: PARTY_RED }, 'center', cellW * columns)
  }
  y += STAGE_H + 8

  for (let c = c0; c < c1; c++) {
    const group = spec.groups[c] ?? null
    pdf.lineAround(group === null ? `${c + 1}列` : `${c + 1}列·第${group}组`, left + (c - c0) * cellW, y + GROUP_H / 2, LABEL, 'center', cellW)
  }
  y += GROUP_H

  const nameSize = Math.min(NAME.size, cellH * 0.45)
  for (let r = r0; r < r1; r++) {
    const top = y + (r - r0) * cellH
    pdf.lineAround(`${r + 1}排`, MARGIN, top + cellH / 2, LABEL, 'center', LABEL_W)
    for (let c = c0; c < c1; c++) {
      const x = left + (c - c0) * cellW
      pdf.rect(x + 1.5, top + 1.5, cellW - 3, cellH - 3, { stroke: RULE, lineWidth: 0.5 })
      const name = spec.seats[r * spec.columns + c]
      if (name) pdf.fitted(name, x + 3, top + cellH / 2, cellW - 6, { ...NAME, size: nameSize }, 4)
    }
  }
}
