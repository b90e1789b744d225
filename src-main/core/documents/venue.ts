import type { CertificateTemplate, DocumentOf } from '../../../src-shared/schemas/documents'
import { MUTED, PARTY_RED, Pdf, RULE, type TextStyle } from './pdf'

// ---------------------------------------------------------------- 签到表

const SHEET_MARGIN = 42
const SHEET_ROW_H = 28
const SHEET_HEADER_H = 24
/** 序号, 姓名, 单位, 座位, 签名 — the signature column wide enough to sign in. */
const SHEET_COLUMNS = [
  { title: '序号', share: 0.08 },
  { title: '姓名', share: 0.16 },
  { title: '单位', share: 0.38 },
  { title: '座位', share: 0.13 },
  { title: '签名', share: 0.25 },
]

/**
 * 签到表 on A4 portrait: title and subtitle on the first page, the header row on every
 * page, one row per person (a unit too long for one line takes two smaller ones), an
 * empty signature column, pages numbered.
 */
export async function signInSheetPdf(spec: DocumentOf<'signInSheet'>, resourcesDir?: string): Promise<Buffer> {
  const pdf = new Pdf({ size: 'A4', layout: 'portrait', title: `${spec.trainName} 签到表`, resourcesDir })
  const contentW = pdf.width - 2 * SHEET_MARGIN
  const widths = SHEET_COLUMNS.map((c) => c.share * contentW)
  const bottom = pdf.height - SHEET_MARGIN - 16
  let y = SHEET_MARGIN
  for (const line of pdf.wrap(`${spec.trainName} 签到表`, contentW, { size: 16, weight: 'bold' })) {
    pdf.line(line, SHEET_MARGIN, y, { size: 16, weight: 'bold' }, 'center', contentW)
    y += 22
  }
  pdf.line(spec.subtitle, SHEET_MARGIN, y, { size: 9, color: MUTED }, 'center', contentW)
  y += 18

  const header = () => {
    let x = SHEET_MARGIN
    SHEET_COLUMNS.forEach((column, i) => {
      pdf.rect(x, y, widths[i], SHEET_HEADER_H, { fill: '#f2f2f2', stroke: '#999999' })
      pdf.lineAround(column.title, x, y + SHEET_HEADER_H / 2, { size: 10, weight: 'bold' }, 'center', widths[i])
      x += widths[i]
    })
    y += SHEET_HEADER_H
  }
  header()
  const cell: TextStyle = { size: 10 }
  spec.people.forEach((person, index) => {
    if (y + SHEET_ROW_H > bottom) {
      pdf.addPage()
      y = SHEET_MARGIN
      header()
    }
    const middle = y + SHEET_ROW_H / 2
    const cells = [String(index + 1), person.name, person.unit, person.seat, '']
    let x = SHEET_MARGIN
    cells.forEach((text, i) => {
      pdf.rect(x, y, widths[i], SHEET_ROW_H, { stroke: '#999999' })
      if (i === 2) unitCell(pdf, text, x + 4, middle, widths[i] - 8)
      else if (text) pdf.fitted(text, x + 3, middle, widths[i] - 6, cell, 5)
      x += widths[i]
    })
    y += SHEET_ROW_H
  })
  pdf.numberPages(SHEET_MARGIN)
  return pdf.bytes()
}

/** A unit name on one line, or on two smaller lines when it is long (never cut). */
function unitCell(pdf: Pdf, text: string, x: number, middle: number, width: number): void {
  const style: TextStyle = { size: 9 }
  if (pdf.measure(text, style) <= width) return pdf.lineAround(text, x, middle, style)
  const small: TextStyle = { size: 8 }
  const lines = pdf.wrap(text, width, small)
  if (lines.length <= 2) {
    pdf.lineAround(lines[0], x, middle - 5, small)
    pdf.lineAround(lines[1] ?? '', x, middle + 5, small)
    return
  }
  const half = Math.ceil([...text].length / 2)
  const chars = [...text]
  const [a, b] = [chars.slice(0, half).join(''), chars.slice(half).join('')]
  const size = Math.min(pdf.fit(a, width, small, 3), pdf.fit(b, width, small, 3))
  pdf.lineAround(a, x, middle - 5, { size })
  pdf.lineAround(b, x, middle + 5, { size })
}

// ---------------------------------------------------------------- 桌签

/**
 * 桌签 on A4 portrait, two per page: each tent is half a page folded along its middle,
 * the name large on both faces and the unit small under it; the upper face is turned
 * 180° so both read upright once the tent stands. Dashed line: fold; solid: cut.
 */
export async function nameTentsPdf(spec: DocumentOf<'nameTents'>, resourcesDir?: string): Promise<Buffer> {
  const pdf = new Pdf({ size: 'A4', layout: 'portrait', title: '桌签', resourcesDir })
  const tentH = pdf.height / 2
  const faceH = tentH / 2
  spec.people.forEach((person, i) => {
    if (i > 0 && i % 2 === 0) pdf.addPage()
    const top = (i % 2) * tentH
    if (i % 2 === 1) pdf.rule(0, top, pdf.width, top, RULE, 0.5)
    pdf.rule(20, top + faceH, pdf.width - 20, top + faceH, '#bbbbbb', 0.5, 4)
    // The face seen from the front (lower) and the one from behind (upper, turned over).
    tentFace(pdf, person.name, person.unit, top + faceH, faceH)
    pdf.doc.save()
    pdf.doc.rotate(180, { origin: [pdf.width / 2, top + faceH / 2] })
    tentFace(pdf, person.name, person.unit, top, faceH)
    pdf.doc.restore()
  })
  return pdf.bytes()
}

function tentFace(pdf: Pdf, name: string, unit: string, top: number, height: number): void {
  const width = pdf.width - 80
  const size = pdf.fit(name, width, { size: 72, weight: 'bold' }, 20)
  pdf.lineAround(name, 40, top + height * 0.45, { size, weight: 'bold' }, 'center', width)
  if (unit) pdf.fitted(unit, 40, top + height * 0.45 + size * 0.5 + 22, width, { size: 16, color: MUTED }, 6)
}

// ---------------------------------------------------------------- 座位标签

const LABEL_COLUMNS = 3
const LABEL_ROWS = 8
const LABEL_MARGIN_X = 14
const LABEL_MARGIN_Y = 22

/** 座位标签: 3 × 8 labels (about 70 × 37 mm) per A4 page, each with its row and column, the name and the training. */
export async function seatLabelsPdf(spec: DocumentOf<'seatLabels'>, resourcesDir?: string): Promise<Buffer> {
  const pdf = new Pdf({ size: 'A4', layout: 'portrait', title: `${spec.trainName} 座位标签`, resourcesDir })
  const w = (pdf.width - 2 * LABEL_MARGIN_X) / LABEL_COLUMNS
  const h = (pdf.height - 2 * LABEL_MARGIN_Y) / LABEL_ROWS
  const perPage = LABEL_COLUMNS * LABEL_ROWS
  spec.labels.forEach((label, i) => {
    if (i > 0 && i % perPage === 0) pdf.addPage()
    const at = i % perPage
    const x = LABEL_MARGIN_X + (at % LABEL_COLUMNS) * w
    const y = LABEL_MARGIN_Y + Math.floor(at / LABEL_COLUMNS) * h
    pdf.rect(x + 3, y + 3, w - 6, h - 6, { stroke: '#bbbbbb', lineWidth: 0.5, dash: 2 })
    pdf.fitted(`${label.row}排 ${label.column}列`, x + 8, y + h * 0.27, w - 16, { size: 15, weight: 'bold', color: PARTY_RED }, 6)
    pdf.fitted(label.name, x + 8, y + h * 0.58, w - 16, { size: 20, weight: 'bold' }, 6)
    pdf.fitted(spec.trainName, x + 8, y + h * 0.84, w - 16, { size: 7, color: MUTED }, 3)
  })
  return pdf.bytes()
}

// ---------------------------------------------------------------- 结业证书

interface Look {
  frame: string
  accent: string
  /** Two frames (outer thick, inner thin) or one. */
  double: boolean
  fill: string | null
}

const LOOKS: Record<CertificateTemplate, Look> = {
  classic: { frame: '#b8892b', accent: '#8a5a00', double: true, fill: '#fffaf0' },
  red: { frame: PARTY_RED, accent: PARTY_RED, double: true, fill: null },
  simple: { frame: '#444444', accent: '#222222', double: false, fill: null },
}

/**
 * 结业证书: one A4 landscape page per person — the certificate number, the person and
 * unit, the training with its dates and hours, the host unit and the date — in the
 * look of the chosen template.
 */
export async function certificatesPdf(spec: DocumentOf<'certificates'>, resourcesDir?: string): Promise<Buffer> {
  const pdf = new Pdf({ size: 'A4', layout: 'landscape', title: `${spec.trainName} 结业证书`, resourcesDir })
  const look = LOOKS[spec.template]
  const W = pdf.width
  const H = pdf.height
  spec.people.forEach((person, i) => {
    if (i > 0) pdf.addPage()
    if (look.fill) pdf.rect(0, 0, W, H, { fill: look.fill })
    pdf.rect(24, 24, W - 48, H - 48, { stroke: look.frame, lineWidth: look.double ? 4 : 1.5 })
    if (look.double) pdf.rect(34, 34, W - 68, H - 68, { stroke: look.frame, lineWidth: 1 })
    pdf.line(`证书编号：${person.number}`, 60, 52, { size: 10, color: MUTED }, 'right', W - 120)
    pdf.line('结 业 证 书', 0, 92, { size: 40, weight: 'bold', color: look.accent }, 'center', W)
    const bodyW = W - 220
    let y = 190
    const nameLine = person.unit ? `${person.name} 同志（${person.unit}）：` : `${person.name} 同志：`
    for (const line of pdf.wrap(nameLine, bodyW, { size: 18, weight: 'bold' })) {
      pdf.line(line, 110, y, { size: 18, weight: 'bold' })
      y += 30
    }
    y += 6
    const indent = '\u3000\u3000'
    const body = `于 ${spec.period} 参加${spec.hostUnit}举办的“${spec.trainName}”，完成 ${spec.hours} 学时的学习，经考核合格，准予结业。`
    for (const line of pdf.wrap(`${indent}${body}`, bodyW, { size: 16 })) {
      pdf.line(line, 110, y, { size: 16 })
      y += 30
    }
    pdf.line(`${indent}特发此证。`, 110, y, { size: 16 })
    const sealX = W - 340
    pdf.fitted(spec.hostUnit, sealX, H - 130, 240, { size: 16, weight: 'bold' }, 8)
    pdf.line(spec.issueDate, sealX, H - 105, { size: 14 }, 'center', 240)
  })
  return pdf.bytes()
}
