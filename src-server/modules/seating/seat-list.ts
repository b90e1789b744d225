import { AppError, ErrorKey } from '../../../src-shared/errors'
import { SEAT_LIST_HEADER, type SeatListImport, type SeatPerson } from '../../../src-shared/schemas/seating'
import type { Db } from '../../db/types'
import { importCheckOf, rowIssues, type CheckedImport } from '../../files/import-report'
import { firstSheetRows, type UploadedWorkbook } from '../../files/workbook-rows'
import { MAX_ROSTER_ROWS } from '../signup/roster'
import { seatPeople } from './plan'

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

/** What the rows before have taken: people, seats and each column's group, with the row that took them. */
interface Taken {
  person: Map<number, number>
  seat: Map<string, number>
  groupOfColumn: Map<number, { group: number; line: number }>
}

/** One row checked against the sign-ups, the grid and the rows before it: the person and place it gives, or its problems. */
function checkRow(line: number, cell: (header: Column) => string, find: (cell: (header: Column) => string) => SeatPerson | undefined, grid: Grid, taken: Taken) {
  const { issues, issue } = rowIssues(line)
  const person = find(cell)
  if (!person) {
    issue(cell('报名编号') ? '报名编号' : '姓名', '该人员不在报名名单中')
    return { issues }
  }
  const earlier = taken.person.get(person.trainSignUpMemberId)
  if (earlier !== undefined) {
    issue('姓名', `${person.name}与第${earlier}行是同一人员`)
    return { issues }
  }
  const entry: ListedPerson = { line, person }
  const [rowText, columnText] = [cell('排'), cell('列')]
  if (rowText !== '' || columnText !== '') {
    const [rowNumber, columnNumber] = [countingNumber(rowText), countingNumber(columnText)]
    if (rowText === '' || columnText === '') issue(rowText === '' ? '排' : '列', '排和列须同时填写')
    else if (rowNumber === undefined || columnNumber === undefined) issue(rowNumber === undefined ? '排' : '列', '排和列须为不小于1的整数')
    else if (rowNumber > grid.rowNumber || columnNumber > grid.columnNumber) {
      issue('排', `第${rowNumber}排第${columnNumber}列不在座位表内（座位表为 ${grid.rowNumber} 排 ${grid.columnNumber} 列）`)
    } else {
      const other = taken.seat.get(`${rowNumber}:${columnNumber}`)
      if (other !== undefined) issue('排', `第${rowNumber}排第${columnNumber}列与第${other}行重复`)
      else entry.seat = { rowNumber, columnNumber }
    }
  }
  const groupText = cell('分组')
  if (groupText !== '' && entry.seat) {
    const group = countingNumber(groupText)
    const other = taken.groupOfColumn.get(entry.seat.columnNumber)
    if (group === undefined || group > 999) issue('分组', '分组须为 1–999 的整数')
    else if (other && other.group !== group) issue('分组', `第${entry.seat.columnNumber}列的分组与第${other.line}行不同`)
    else entry.group = group
  }
  return issues.length > 0 ? { issues } : { entry }
}

/**
 * Reads a seat list row by row and checks every row against the sign-ups and the grid:
 * who the row names (报名编号, else 姓名 and 手机号), the seat (排 and 列 both, inside
 * the grid, nobody else's), the column's group. A bad row is set aside with its problems
 * and takes nothing from the rows after it.
 */
async function readList(workbook: UploadedWorkbook, people: readonly SeatPerson[], grid: Grid): Promise<CheckedImport<ListedPerson>> {
  const byId = new Map(people.map((p) => [p.trainSignUpMemberId, p]))
  const find = (cell: (header: Column) => string) =>
    byId.get(Number(cell('报名编号')) || 0) ?? people.find((p) => p.name === cell('姓名') && p.telephone === cell('手机号'))
  const taken: Taken = { person: new Map(), seat: new Map(), groupOfColumn: new Map() }
  let columnOf: Map<Column, number> | undefined
  let checked: CheckedImport<ListedPerson> | undefined
  const unreadable = '名单文件无法读取，请导入导出的座位名单（xlsx 或 xls 格式）'
  for await (const sheetRow of firstSheetRows(workbook.file, workbook.format, { maxRows: MAX_ROSTER_ROWS, unreadable })) {
    const { number: line, cells } = sheetRow
    if (!columnOf || !checked) {
      columnOf = new Map(SEAT_LIST_HEADER.flatMap((header) => (cells.includes(header) ? [[header, cells.indexOf(header)] as const] : [])))
      if (!columnOf.has('报名编号') && !(columnOf.has('姓名') && columnOf.has('手机号'))) {
        throw new AppError(ErrorKey.VALIDATION, '名单第1行须为表头，且包含“报名编号”列或“姓名”“手机号”列')
      }
      checked = { header: cells, good: [], bad: [] }
      continue
    }
    const known = columnOf
    const cell = (header: Column) => {
      const col = known.get(header)
      return col === undefined ? '' : (cells[col] ?? '')
    }
    const result = checkRow(line, cell, find, grid, taken)
    if (!result.entry) {
      checked.bad.push({ row: sheetRow, issues: result.issues })
      continue
    }
    const { entry } = result
    taken.person.set(entry.person.trainSignUpMemberId, line)
    if (entry.seat) taken.seat.set(`${entry.seat.rowNumber}:${entry.seat.columnNumber}`, line)
    if (entry.seat && entry.group !== undefined) taken.groupOfColumn.set(entry.seat.columnNumber, { group: entry.group, line })
    checked.good.push(entry)
  }
  if (!checked) throw new AppError(ErrorKey.VALIDATION, '名单中没有人员')
  return checked
}

/**
 * Where the people of an uploaded seat list sit (decisions: "The seat list imports by
 * 排 and 列"): each on the seat its row names. Rows without 排 and 列 are people left
 * unseated, which is how the export lists them, unless no row names a seat at all:
 * then the list is an order, and its people fill the seats row by row. Like every
 * import (docs/decisions.md, "One import rule") it answers the dry run's counts and each
 * bad row's problems, and the arrangement of the good rows, which the screen takes only
 * when the user imports them. Nothing is saved.
 */
export async function importSeatList(db: Db, trainId: number, workbook: UploadedWorkbook, grid: Grid, report: { uploadDir: string; adminId: number }): Promise<SeatListImport> {
  const people = await seatPeople(db, trainId)
  const checked = await readList(workbook, people, grid)
  const listed = checked.good
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
  const check = await importCheckOf(checked, { db, ...report, name: '座位名单错误报告' })
  return { ...check, seats, groups, seated, unseated, message: `已按表中排列入座 ${seated} 人，${unseated} 人未安排` }
}
