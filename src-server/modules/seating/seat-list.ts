import { AppError, ErrorKey, type FieldIssue } from '../../../src-shared/errors'
import { SEAT_LIST_HEADER, type SeatListImport, type SeatPerson } from '../../../src-shared/schemas/seating'
import type { Db } from '../../db/types'
import { firstSheetRows, type UploadedWorkbook } from '../../files/workbook-rows'
import { MAX_ROSTER_ROWS } from '../signup/roster'
import { seatPeople } from './plan'

/** The most issues one refusal lists in its message (all of them go in `issues`). */
const ISSUES_IN_MESSAGE = 5
const SHORT_SEATS = '剩余座位不足，请重新生成座位表'

type Column = (typeof SEAT_LIST_HEADER)[number]

interface Grid {
  rowNumber: number
  columnNumber: number
}

/** One person of the list: the row it is on, who, and the seat and group it names (if any). */
interface ListedPerson {
  line: number
  person: SeatPerson
  seat?: { rowNumber: number; columnNumber: number }
  group?: number
}

const countingNumber = (text: string) => (/^\d+$/.test(text) && Number(text) >= 1 ? Number(text) : undefined)

/**
 * Reads a seat list row by row and checks every row against the sign-ups and the grid:
 * who the row names (报名编号, else 姓名 and 手机号), the seat (排 and 列 both, inside
 * the grid, nobody else's), the column's group. Every problem is collected with its row.
 */
async function readList(workbook: UploadedWorkbook, people: readonly SeatPerson[], grid: Grid): Promise<{ listed: ListedPerson[]; issues: FieldIssue[] }> {
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const issues: FieldIssue[] = []
  const listed: ListedPerson[] = []
  const lineOfPerson = new Map<number, number>()
  const lineOfSeat = new Map<string, number>()
  const groupOfColumn = new Map<number, { group: number; line: number }>()
  let columnOf: Map<Column, number> | undefined
  const unreadable = '名单文件无法读取，请导入导出的座位名单（xlsx 或 xls 格式）'
  for await (const { number: line, cells } of firstSheetRows(workbook.file, workbook.format, { maxRows: MAX_ROSTER_ROWS, unreadable })) {
    if (!columnOf) {
      columnOf = new Map(SEAT_LIST_HEADER.flatMap((header) => (cells.includes(header) ? [[header, cells.indexOf(header)] as const] : [])))
      if (!columnOf.has('报名编号') && !(columnOf.has('姓名') && columnOf.has('手机号'))) {
        throw new AppError(ErrorKey.VALIDATION, '名单第1行须为表头，且包含“报名编号”列或“姓名”“手机号”列')
      }
      continue
    }
    const known = columnOf
    const cell = (header: Column) => {
      const col = known.get(header)
      return col === undefined ? '' : (cells[col] ?? '')
    }
    const fail = (message: string) => issues.push({ path: `第${line}行`, message: `第${line}行：${message}` })
    const person = byId.get(Number(cell('报名编号')) || 0) ?? people.find((p) => p.name === cell('姓名') && p.telephone === cell('手机号'))
    if (!person) {
      fail('该人员不在报名名单中')
      continue
    }
    const earlier = lineOfPerson.get(person.trainSignUpMemberId)
    if (earlier !== undefined) {
      fail(`${person.name}与第${earlier}行是同一人员`)
      continue
    }
    lineOfPerson.set(person.trainSignUpMemberId, line)
    const entry: ListedPerson = { line, person }
    const [rowText, columnText] = [cell('排'), cell('列')]
    if (rowText !== '' || columnText !== '') {
      const [rowNumber, columnNumber] = [countingNumber(rowText), countingNumber(columnText)]
      if (rowText === '' || columnText === '') fail('排和列须同时填写')
      else if (rowNumber === undefined || columnNumber === undefined) fail('排和列须为不小于1的整数')
      else if (rowNumber > grid.rowNumber || columnNumber > grid.columnNumber) {
        fail(`第${rowNumber}排第${columnNumber}列不在座位表内（座位表为 ${grid.rowNumber} 排 ${grid.columnNumber} 列）`)
      } else {
        const key = `${rowNumber}:${columnNumber}`
        const taken = lineOfSeat.get(key)
        if (taken !== undefined) fail(`第${rowNumber}排第${columnNumber}列与第${taken}行重复`)
        else {
          lineOfSeat.set(key, line)
          entry.seat = { rowNumber, columnNumber }
        }
      }
    }
    const groupText = cell('分组')
    if (groupText !== '' && entry.seat) {
      const group = countingNumber(groupText)
      const other = groupOfColumn.get(entry.seat.columnNumber)
      if (group === undefined || group > 999) fail('分组须为 1–999 的整数')
      else if (other && other.group !== group) fail(`第${entry.seat.columnNumber}列的分组与第${other.line}行不同`)
      else {
        groupOfColumn.set(entry.seat.columnNumber, { group, line })
        entry.group = group
      }
    }
    listed.push(entry)
  }
  if (!columnOf) throw new AppError(ErrorKey.VALIDATION, '名单中没有人员')
  return { listed, issues }
}

/**
 * Where the people of an uploaded seat list sit (decisions: "The seat list imports by
 * 排 and 列"): each on the seat its row names. Rows without 排 and 列 are people left
 * unseated, which is how the export lists them, unless no row names a seat at all:
 * then the list is an order, and its people fill the seats row by row. A list with any
 * bad row is refused whole, every row's reason given. Nothing is saved.
 */
export async function importSeatList(db: Db, trainId: number, workbook: UploadedWorkbook, grid: Grid): Promise<SeatListImport> {
  const people = await seatPeople(db, trainId)
  const { listed, issues } = await readList(workbook, people, grid)
  if (issues.length > 0) {
    const shown = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => i.message)
    const more = issues.length > ISSUES_IN_MESSAGE ? `；等 ${issues.length} 处` : ''
    throw new AppError(ErrorKey.VALIDATION, `座位名单有误，未导入：${shown.join('；')}${more}`, issues)
  }
  const byPosition = listed.some((p) => p.seat)
  if (!byPosition && listed.length > grid.rowNumber * grid.columnNumber) throw new AppError(ErrorKey.VALIDATION, SHORT_SEATS)
  const seats = byPosition
    ? listed.flatMap(({ person, seat }) => (seat ? [{ ...seat, trainSignUpMemberId: person.trainSignUpMemberId }] : []))
    : listed.map(({ person }, k) => ({
        rowNumber: Math.floor(k / grid.columnNumber) + 1,
        columnNumber: (k % grid.columnNumber) + 1,
        trainSignUpMemberId: person.trainSignUpMemberId,
      }))
  const groups = Array.from({ length: grid.columnNumber }, (_, c) => listed.find((p) => p.seat?.columnNumber === c + 1 && p.group !== undefined)?.group ?? null)
  const seated = seats.length
  const unseated = people.length - seated
  return { seats, groups, seated, unseated, message: `已按表中排列入座 ${seated} 人，${unseated} 人未安排` }
}
