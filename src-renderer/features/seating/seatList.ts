import type { SeatPerson } from '../../../src-shared/schemas/seating'
import { seatIndex, type Arrangement } from './arrangement'

const HEADER = ['报名编号', '姓名', '单位', '手机号', '排', '列', '分组']

/**
 * The full list as a workbook: every sign-up, seated ones in seat order first, then the
 * unseated. Re-sorting its rows and importing it seats people in the new order.
 */
export async function exportSeatList(a: Arrangement, people: readonly SeatPerson[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('座位名单')
  sheet.addRow(HEADER)
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const listed = new Set<number>()
  for (let r = 0; r < a.rows; r++) {
    for (let c = 0; c < a.columns; c++) {
      const id = a.seats[seatIndex(a, r, c)]
      const person = id === null ? undefined : byId.get(id)
      if (!person) continue
      listed.add(person.trainSignUpMemberId)
      sheet.addRow([person.trainSignUpMemberId, person.name, person.company ?? '', person.telephone, r + 1, c + 1, a.groups[c] ?? ''])
    }
  }
  for (const p of people) if (!listed.has(p.trainSignUpMemberId)) sheet.addRow([p.trainSignUpMemberId, p.name, p.company ?? '', p.telephone, '', '', ''])
  sheet.columns.forEach((column, i) => (column.width = [10, 12, 30, 14, 6, 6, 6][i]))
  return new Uint8Array(await book.xlsx.writeBuffer())
}

/**
 * The people of an imported list, in its row order (matched by 报名编号, else by name
 * and phone). Throws a message naming the first row that matches nobody.
 */
export async function readSeatList(bytes: ArrayBuffer, people: readonly SeatPerson[]): Promise<number[]> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  try {
    await book.xlsx.load(bytes)
  } catch {
    throw new Error('文件无法读取，请导入导出的名单（xlsx）')
  }
  const sheet = book.worksheets[0]
  if (!sheet) throw new Error('文件中没有工作表')
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const order: number[] = []
  const seen = new Set<number>()
  sheet.eachRow((row, n) => {
    if (n === 1) return
    const cell = (i: number) => String(row.getCell(i).text ?? '').trim()
    const id = Number(cell(1))
    const match = byId.get(id) ?? people.find((p) => p.name === cell(2) && p.telephone === cell(4))
    if (!match) throw new Error(`第${n}行的人员不在报名名单中`)
    if (seen.has(match.trainSignUpMemberId)) return
    seen.add(match.trainSignUpMemberId)
    order.push(match.trainSignUpMemberId)
  })
  return order
}
