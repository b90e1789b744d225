import { SEAT_LIST_HEADER, type SeatPerson } from '../../../src-shared/schemas/seating'
import { workbookBytes } from '../../lib/workbook'
import { seatIndex, type Arrangement } from './arrangement'

/**
 * The full list as a workbook, of the arrangement on screen (saved or not, online or
 * not): every sign-up, seated ones in seat order with 排, 列 and 分组, then the unseated
 * with those blank. Imported again (`seat.importList`), it gives the same arrangement.
 */
export async function exportSeatList(a: Arrangement, people: readonly SeatPerson[]): Promise<Uint8Array> {
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const listed = new Set<number>()
  const rows: (string | number)[][] = []
  const row = (p: SeatPerson, place: (number | string)[]) => rows.push([p.trainSignUpMemberId, p.name, p.company ?? '', p.telephone, ...place])
  for (let r = 0; r < a.rows; r++) {
    for (let c = 0; c < a.columns; c++) {
      const id = a.seats[seatIndex(a, r, c)]
      const person = id === null ? undefined : byId.get(id)
      if (!person) continue
      listed.add(person.trainSignUpMemberId)
      row(person, [r + 1, c + 1, a.groups[c] ?? ''])
    }
  }
  for (const p of people) if (!listed.has(p.trainSignUpMemberId)) row(p, ['', '', ''])
  const widths = [10, 12, 30, 14, 6, 6, 6]
  return workbookBytes('座位名单', SEAT_LIST_HEADER.map((header, i) => ({ header, width: widths[i] })), rows)
}
