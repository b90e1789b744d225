import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { ImportCheck, ImportIssue, ImportResult } from '../../../src-shared/schemas/imports'
import { mobile, residentId } from '../../../src-shared/schemas/identity'
import { conferenceShape, type ConferenceItems, type SignUpMember } from '../../../src-shared/schemas/signup'
import { genderLabel } from '../../../src-shared/schemas/training-codes'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { chunks } from '../../db/chunks'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { importCheckOf, importResultOf, rowIssues, type CheckedImport } from '../../files/import-report'
import { firstSheetRows, uploadedWorkbook, type SheetRow, type UploadedWorkbook } from '../../files/workbook-rows'
import type { SheetColumn } from '../../files/xlsx-stream'
import { isUniqueViolation, memberForSignUp, signUpValuesOf, placesFree, TRAIN_FULL } from './queries'

const yesNo = (v: number | null) => (v === 1 ? '是' : v === 0 ? '否' : '')

/**
 * Columns of the sign-up roster, export and import alike: an exported roster can be
 * edited and imported again (a column with a `key` is read back). The arrival time shows
 * its date only (spec 000 §9: the roster trims the last 9 characters, ` HH:mm:ss`), so it
 * is the one column not read back: its time is not in the file.
 */
export const rosterColumns: readonly (SheetColumn<SignUpMember> & { key?: keyof SignUpMember })[] = [
  { header: '姓名', key: 'name', width: 10, value: (r) => r.name },
  { header: '手机号', key: 'telephone', width: 14, value: (r) => r.telephone },
  { header: '性别', key: 'gender', width: 6, value: (r) => genderLabel(r.gender) },
  { header: '民族', key: 'nation', width: 8, value: (r) => r.nation },
  { header: '所在组织', width: 22, value: (r) => r.orgName },
  { header: '单位', key: 'company', width: 22, value: (r) => r.company },
  { header: '部门', key: 'department', value: (r) => r.department },
  { header: '职务', key: 'jobs', value: (r) => r.jobs },
  { header: '党内职务', key: 'partyJobs', value: (r) => r.partyJobs },
  { header: '任现职时间', key: 'tenureTime', width: 10, value: (r) => r.tenureTime },
  { header: '任同职级年限', key: 'sameTenureYear', width: 10, value: (r) => r.sameTenureYear },
  { header: '身份证号', key: 'cardsNumber', width: 20, value: (r) => r.cardsNumber },
  { header: '到达方式', key: 'arrivalType', value: (r) => r.arrivalType },
  { header: '到达时间', value: (r) => (r.arrivalTime ? r.arrivalTime.slice(0, -9) : null) },
  { header: '集中接送', key: 'needFocusDriver', value: (r) => yesNo(r.needFocusDriver) },
  { header: '住宿', key: 'needRoom', value: (r) => yesNo(r.needRoom) },
  { header: '车次或航班号', key: 'traffic', value: (r) => r.traffic },
  { header: '接站', key: 'needReception', value: (r) => yesNo(r.needReception) },
  { header: '送站', key: 'needSeeOff', value: (r) => yesNo(r.needSeeOff) },
  { header: '自带车辆', key: 'withCar', value: (r) => yesNo(r.withCar) },
  { header: '驾驶员住宿', key: 'needDriverRoom', value: (r) => yesNo(r.needDriverRoom) },
  { header: '请假', key: 'needLeave', value: (r) => yesNo(r.needLeave) },
  { header: '请假原因', key: 'reason', value: (r) => r.reason },
  { header: '备注', key: 'marks', value: (r) => r.marks },
  { header: '报名时间', width: 20, value: (r) => r.createTime },
  { header: '签到时间', width: 20, value: (r) => r.checkInTime },
]

/** What an import of a list of people (a roster, a seat list) answers for a file it cannot take. */
export const ROSTER_FILE = { notFound: '名单文件不存在，请重新上传', wrongFormat: '请上传 xlsx 或 xls 格式的名单文件' }

/** The most people one roster file may name: more than any training takes. */
export const MAX_ROSTER_ROWS = 20_000

/** A row of people read from the file: who (by telephone), and what the row says about them. */
interface RosterRow {
  sheet: SheetRow
  telephone: string
  overrides: Record<string, string | number | null>
  /** The training's own items (到达方式, 住宿 …), checked by the sign-up form's schema. */
  conference: Partial<ConferenceItems>
  issues: ImportIssue[]
}

/** The conference items the roster carries, as the sign-up form takes them; 是/否 columns become 1/0. */
const conferenceKeys = new Set<string>(Object.keys(conferenceShape.shape).filter((k) => k !== 'arrivalTime'))
const yesNoKeys = new Set<string>(['needFocusDriver', 'needRoom', 'needReception', 'needSeeOff', 'withCar', 'needDriverRoom', 'needLeave'])
const RosterConferenceSchema = conferenceShape.omit({ arrivalTime: true }).partial()
const headerOfKey = new Map(rosterColumns.flatMap((c) => (c.key ? [[c.key as string, c.header]] : [])))

/** A row's cells as the sign-up takes them, each cell checked by the sign-up form's rules. */
function readPerson(line: SheetRow, get: (header: string) => string): RosterRow {
  const { issues, issue } = rowIssues(line.number)
  const overrides: RosterRow['overrides'] = {}
  const conference: Record<string, string | number> = {}
  for (const column of rosterColumns) {
    if (!column.key || column.key === 'telephone' || column.key === 'name') continue
    const text = get(column.header)
    if (text === '') continue
    if (yesNoKeys.has(column.key)) {
      if (text !== '是' && text !== '否') issue(column.header, `${column.header}应为“是”或“否”`)
      conference[column.key] = text === '是' ? 1 : 0
    } else if (conferenceKeys.has(column.key)) {
      conference[column.key] = text
    } else if (column.key === 'gender') {
      if (text !== '男' && text !== '女') issue(column.header, '性别应为“男”或“女”')
      overrides.gender = text === '男' ? 1 : 0
    } else if (column.key === 'sameTenureYear') {
      if (!/^\d+$/.test(text)) issue(column.header, '任同职级年限须为整数')
      overrides.sameTenureYear = Number(text)
    } else if (column.key === 'cardsNumber') {
      const id = residentId.safeParse(text)
      if (id.success) overrides.cardsNumber = id.data
      else issue(column.header, id.error.issues[0].message)
    } else {
      overrides[column.key] = text
    }
  }
  const items = RosterConferenceSchema.safeParse(conference)
  if (!items.success) issue(headerOfKey.get(String(items.error.issues[0].path[0])) ?? '', items.error.issues[0].message)
  const phone = mobile.safeParse(get('手机号'))
  if (!phone.success) issue('手机号', phone.error.issues[0].message)
  return { sheet: line, telephone: phone.success ? phone.data : '', overrides, conference: items.success ? items.data : {}, issues }
}

/** Reads a roster workbook: a header row naming at least 手机号, then one person per row. Streamed, within MAX_ROSTER_ROWS. */
async function readRoster({ file, format }: UploadedWorkbook): Promise<{ header: readonly string[]; rows: RosterRow[] }> {
  const unreadable = '名单文件无法读取，请使用导出的名单模板（xlsx 或 xls 格式）'
  let header: readonly string[] | undefined
  let columns: Map<string, number> | undefined
  const rows: RosterRow[] = []
  for await (const line of firstSheetRows(file, format, { maxRows: MAX_ROSTER_ROWS, unreadable })) {
    if (!columns) {
      if (line.number !== 1) break
      header = line.cells
      columns = new Map(line.cells.map((text, col) => [text, col]))
      if (!columns.has('手机号')) break
      continue
    }
    const known = columns
    const get = (text: string) => {
      const col = known.get(text)
      return col === undefined ? '' : (line.cells[col] ?? '')
    }
    if (rosterColumns.every((c) => get(c.header) === '')) continue
    rows.push(readPerson(line, get))
  }
  if (!header || !columns?.has('手机号')) throw new AppError(ErrorKey.VALIDATION, '名单第1行须为表头，且包含“手机号”列')
  if (rows.length === 0) throw new AppError(ErrorKey.VALIDATION, '名单中没有人员')
  return { header, rows }
}

type RosterValues = ReturnType<typeof signUpValuesOf> & Partial<ConferenceItems>

/**
 * Checks a roster against the training: every row must name an enabled member inside
 * the account's scope who has not signed up yet, once; the good rows beyond the places
 * left (maxNum) are refused as full, in row order. Nothing is written.
 */
async function checkRoster(db: Db, user: AuthUser, uploadDir: string, trainId: number, storedPath: string): Promise<CheckedImport<RosterValues>> {
  const { header, rows } = await readRoster(await uploadedWorkbook(db, uploadDir, storedPath, user.adminId, ROSTER_FILE))
  const scope = dataScopeOf(user)
  const train = await db.selectFrom('train').select(['maxNum', 'allNum']).where('id', '=', trainId).executeTakeFirstOrThrow()
  let placesLeft = train.maxNum === 0 ? Infinity : Math.max(0, train.maxNum - train.allNum)
  const seen = new Map<string, number>()
  const checked: CheckedImport<RosterValues> = { header, good: [], bad: [] }
  for (const row of rows) {
    const fail = (message: string) => row.issues.push({ row: row.sheet.number, column: '手机号', message })
    // A row whose number is wrong has said so already.
    const earlier = row.telephone ? seen.get(row.telephone) : undefined
    if (earlier !== undefined) fail(`手机号 ${row.telephone} 与第${earlier}行重复`)
    else if (row.telephone) {
      seen.set(row.telephone, row.sheet.number)
      const member = await memberForSignUp(db, { telephone: row.telephone })
      if (!member || !member.orgPath.startsWith(scope.path)) fail(`未找到手机号为 ${row.telephone} 的党员`)
      else if (member.enabled !== 1) fail(`党员 ${member.name} 已被禁用`)
      else if (await db.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).where('memberId', '=', member.id).executeTakeFirst()) {
        fail(`${member.name} 已报名此培训班`)
      } else if (row.issues.length === 0 && placesLeft === 0) {
        row.issues.push({ row: row.sheet.number, column: '', message: `${TRAIN_FULL}（最多 ${train.maxNum} 人）` })
      } else if (row.issues.length === 0) {
        placesLeft--
        checked.good.push({ ...signUpValuesOf(member, row.overrides), ...row.conference })
      }
    }
    if (row.issues.length > 0) checked.bad.push({ row: row.sheet, issues: row.issues })
  }
  return checked
}

export async function checkRosterImport(db: Db, user: AuthUser, uploadDir: string, trainId: number, storedPath: string): Promise<ImportCheck> {
  return importCheckOf(await checkRoster(db, user, uploadDir, trainId, storedPath), { db, uploadDir, adminId: user.adminId, name: '名单导入错误报告' })
}

/**
 * Imports a roster's good rows into a training, checked again, in one transaction; the
 * bad rows are skipped. Someone signing up meanwhile (the places or the person) refuses
 * the whole import, nothing written.
 */
export async function importRoster(db: Db, user: AuthUser, uploadDir: string, trainId: number, storedPath: string): Promise<ImportResult> {
  const checked = await checkRoster(db, user, uploadDir, trainId, storedPath)
  const now = nowText()
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await placesFree(trx, trainId, checked.good.length))) throw new AppError(ErrorKey.CONFLICT, `${TRAIN_FULL}：导入 ${checked.good.length} 人将超过报名最大人数`)
      for (const part of chunks(checked.good, 500)) {
        await trx
          .insertInto('trainSignUp')
          .values(part.map((v) => ({ ...v, trainId, source: 'import', createdAt: now, updatedAt: now })))
          .execute()
      }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, '名单中有人员刚刚已报名，请重新导入')
    throw err
  }
  return importResultOf(checked)
}
