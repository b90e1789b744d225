import { seatIndex, type Arrangement } from './arrangement'
import { canvasJpeg, cjkFont as font, whiteCanvas } from '../../lib/canvasReport'
import { jpegPdf } from '../../lib/imagePdf'

const CELL_W = 96
const CELL_H = 44
const LABEL_W = 56
const PAD = 32

/**
 * The seat chart for the venue door: title, stage, group of each column, row labels and
 * every seat with its person's name, drawn at print resolution and wrapped into a PDF.
 */
export async function seatChartPdf(title: string, a: Arrangement, nameOf: (id: number) => string): Promise<Uint8Array> {
  const width = PAD * 2 + LABEL_W + a.columns * CELL_W
  const height = PAD * 2 + 60 + 50 + 30 + a.rows * CELL_H
  const g = whiteCanvas(width, height)
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.fillStyle = '#000000'
  g.font = font(26, true)
  g.fillText(`${title} 座位表`, width / 2, PAD + 20)

  const gridLeft = PAD + LABEL_W
  const stageTop = PAD + 50
  g.fillStyle = '#c62828'
  g.fillRect(gridLeft + (a.columns * CELL_W) * 0.2, stageTop, a.columns * CELL_W * 0.6, 36)
  g.fillStyle = '#ffffff'
  g.font = font(20, true)
  g.fillText('主 席 台', gridLeft + (a.columns * CELL_W) / 2, stageTop + 18)

  const groupTop = stageTop + 50
  g.fillStyle = '#555555'
  g.font = font(14)
  for (let c = 0; c < a.columns; c++) {
    const group = a.groups[c]
    g.fillText(group === null ? `${c + 1}列` : `第${group}组`, gridLeft + c * CELL_W + CELL_W / 2, groupTop + 12)
  }
  const top = groupTop + 30
  for (let r = 0; r < a.rows; r++) {
    g.fillStyle = '#555555'
    g.font = font(14)
    g.fillText(`${r + 1}排`, PAD + LABEL_W / 2, top + r * CELL_H + CELL_H / 2)
    for (let c = 0; c < a.columns; c++) {
      const x = gridLeft + c * CELL_W + 3
      const y = top + r * CELL_H + 3
      const person = a.seats[seatIndex(a, r, c)]
      g.strokeStyle = '#888888'
      g.lineWidth = 1
      g.strokeRect(x, y, CELL_W - 6, CELL_H - 6)
      if (person === null) continue
      g.fillStyle = '#000000'
      g.font = font(17)
      g.fillText(nameOf(person), x + (CELL_W - 6) / 2, y + (CELL_H - 6) / 2, CELL_W - 10)
    }
  }
  return jpegPdf([await canvasJpeg(g.canvas)], 'landscape')
}
