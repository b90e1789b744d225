import { SEAT_LIST_HEADER, type SeatPerson } from '../../../src-shared/schemas/seating'
import { exportedText } from '../../../src-shared/workbook-text'
import { WORKBOOK_FOOTER, WORKBOOK_PRINT_SETUP } from '../../../src-shared/workbook-print'
import { seatIndex, type Arrangement } from './arrangement'

/**
 * The full list as a workbook, of the arrangement on screen (saved or not, online or
 * not): every sign-up, seated ones in seat order with 排, 列 and 分组, then the unseated
 * with those blank. Imported again (`seat.importList`), it gives the same arrangement.
 */
export async function exportSeatList(a: Arrangement, people: readonly SeatPerson[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('座位名单', { pageSetup: { ...WORKBOOK_PRINT_SETUP, margins: { ...WORKBOOK_PRINT_SETUP.margins } }, headerFooter: { oddFooter: WORKBOOK_FOOTER } })
  sheet.addRow([...SEAT_LIST_HEADER])
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const listed = new Set<number>()
  const row = (p: SeatPerson, place: (number | string)[]) =>
    sheet.addRow([p.trainSignUpMemberId, exportedText(p.name), exportedText(p.company ?? ''), p.telephone, ...place])
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
  sheet.columns.forEach((column, i) => (column.width = [10, 12, 30, 14, 6, 6, 6][i]))
  return new Uint8Array(await book.xlsx.writeBuffer())
}
