import type { DocumentOf } from '../../../src-shared/schemas/documents'
import { seatIndex, type Arrangement } from './arrangement'

/**
 * The seat chart for the venue door, drawn by the core as a vector PDF: title, stage,
 * group of each column, row labels and every seat with its person's name (A4 or A3 by
 * the hall's size, a large hall over several pages).
 */
export function seatChartDocument(title: string, a: Arrangement, nameOf: (id: number) => string): DocumentOf<'seatChart'> {
  const seats: (string | null)[] = []
  for (let r = 0; r < a.rows; r++) {
    for (let c = 0; c < a.columns; c++) {
      const person = a.seats[seatIndex(a, r, c)]
      seats.push(person === null ? null : nameOf(person))
    }
  }
  return { kind: 'seatChart', fileName: `${title}座位表`, title, rows: a.rows, columns: a.columns, groups: a.groups, seats }
}
