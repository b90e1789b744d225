import type { ReportBlock } from '../../../src-shared/schemas/documents'
import { MUTED, RULE, type Pdf } from './pdf'

type ChartBlock = Extract<ReportBlock, { type: 'chart' }>

export const CHART_HEIGHT = 200
/** The console's chart colours (components/chart), so paper and screen agree. */
const PALETTE = ['#c8161d', '#e6a23c', '#409eff', '#67c23a', '#909399', '#9b59b6', '#1abc9c', '#f56c6c', '#34495e', '#d4a017']
const LABEL = { size: 8, color: MUTED }

/** A round axis maximum ≥ the largest value whose quarters read well (counts: at least 4, so the gridlines are whole). */
function niceMax(max: number): number {
  if (max <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 4, 5, 8, 10]) if (step * power >= max) return step * power
  return 10 * power
}

const axisLabel = (value: number) => String(Number(value.toFixed(1)))

/** The height a chart takes: bars and pies a fixed box, horizontal bars a row per option. */
export function chartHeight(block: ChartBlock): number {
  return block.kind === 'horizontalBar' ? Math.min(CHART_HEIGHT, Math.max(1, block.values.length) * 24) + 8 : CHART_HEIGHT
}

/** Vertical bars: counts by category (the score distribution). */
function bars(pdf: Pdf, block: ChartBlock, x: number, y: number, width: number): void {
  const axisW = 28
  const labelH = 28
  const plotX = x + axisW
  const plotW = width - axisW
  const plotH = CHART_HEIGHT - labelH - 10
  const top = y + 10
  const max = niceMax(Math.max(...block.values, 0))
  for (let i = 0; i <= 4; i++) {
    const gy = top + plotH - (plotH * i) / 4
    pdf.rule(plotX, gy, plotX + plotW, gy, i === 0 ? RULE : '#dddddd', 0.5)
    pdf.lineAround(axisLabel((max * i) / 4), x, gy, LABEL, 'right', axisW - 4)
  }
  const slot = plotW / Math.max(1, block.values.length)
  block.values.forEach((value, i) => {
    const h = (plotH * value) / max
    const bx = plotX + i * slot + slot * 0.2
    if (h > 0) pdf.rect(bx, top + plotH - h, slot * 0.6, h, { fill: PALETTE[0] })
    pdf.lineAround(String(value), plotX + i * slot, top + plotH - h - 7, LABEL, 'center', slot)
    pdf.fitted(block.categories[i] ?? '', plotX + i * slot, top + plotH + 10, slot - 2, LABEL, 4)
  })
}

/** Horizontal bars: one per option (multiple choice, whose shares need not add up to one). */
function horizontalBars(pdf: Pdf, block: ChartBlock, x: number, y: number, width: number): void {
  const labelW = width * 0.35
  const plotX = x + labelW
  const plotW = width - labelW - 40
  const rowH = Math.min(24, CHART_HEIGHT / Math.max(1, block.values.length))
  const max = niceMax(Math.max(...block.values, 0))
  block.values.forEach((value, i) => {
    const middle = y + i * rowH + rowH / 2
    pdf.fitted(block.categories[i] ?? '', x, middle, labelW - 6, LABEL, 4, 'right')
    const w = (plotW * value) / max
    if (w > 0) pdf.rect(plotX, middle - rowH * 0.3, w, rowH * 0.6, { fill: PALETTE[i % PALETTE.length] })
    pdf.lineAround(String(value), plotX + w + 4, middle, LABEL)
  })
  pdf.rule(plotX, y, plotX, y + rowH * block.values.length, RULE, 0.5)
}

/** A pie with a legend of category, count and share. */
function pie(pdf: Pdf, block: ChartBlock, x: number, y: number, width: number): void {
  const total = block.values.reduce((sum, v) => sum + v, 0)
  const r = CHART_HEIGHT / 2 - 10
  const cx = x + r + 10
  const cy = y + CHART_HEIGHT / 2
  const doc = pdf.doc
  let start = -Math.PI / 2
  block.values.forEach((value, i) => {
    if (value <= 0 || total <= 0) return
    const sweep = (value / total) * Math.PI * 2
    const color = PALETTE[i % PALETTE.length]
    doc.save()
    if (sweep >= Math.PI * 2 - 1e-9) doc.circle(cx, cy, r)
    else {
      // An arc as short straight steps: exact enough at print size and plain PDF paths.
      doc.moveTo(cx, cy)
      const steps = Math.max(2, Math.ceil(sweep / 0.05))
      for (let s = 0; s <= steps; s++) {
        const a = start + (sweep * s) / steps
        doc.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a))
      }
      doc.closePath()
    }
    doc.fillColor(color).fill()
    doc.restore()
    start += sweep
  })
  const legendX = cx + r + 24
  const rowH = Math.min(18, CHART_HEIGHT / Math.max(1, block.values.length))
  const legendW = x + width - legendX
  block.values.forEach((value, i) => {
    const middle = y + 10 + i * rowH + rowH / 2
    pdf.rect(legendX, middle - 4, 8, 8, { fill: PALETTE[i % PALETTE.length] })
    const share = total > 0 ? `${((value / total) * 100).toFixed(1)}%` : '0%'
    pdf.fitted(`${block.categories[i] ?? ''}  ${value}（${share}）`, legendX + 12, middle, legendW - 12, { size: 9 }, 4, 'left')
  })
  if (total <= 0) pdf.lineAround('暂无数据', cx - r, cy, LABEL, 'center', 2 * r)
}

/** One chart as vector shapes in a box `width` × CHART_HEIGHT whose top left is (x, y). */
export function drawChart(pdf: Pdf, block: ChartBlock, x: number, y: number, width: number): void {
  if (block.kind === 'pie') pie(pdf, block, x, y, width)
  else if (block.kind === 'horizontalBar') horizontalBars(pdf, block, x, y, width)
  else bars(pdf, block, x, y, width)
}
