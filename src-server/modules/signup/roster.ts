import { AppError, ErrorKey, type FieldIssue } from '../../../src-shared/errors'
import { mobile, residentId } from '../../../src-shared/schemas/identity'
import { conferenceShape, type ConferenceItems, type SignUpMember } from '../../../src-shared/schemas/signup'
import { genderLabel } from '../../../src-shared/schemas/training-codes'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { firstSheetRows, uploadedWorkbook, type UploadedWorkbook } from '../../files/workbook-rows'
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

interface RosterRow {
  line: number
  telephone: string
  overrides: Record<string, string | number | null>
  /** The training's own items (到达方式, 住宿 …), checked by the sign-up form's schema. */
  conference: Partial<ConferenceItems>
}

/** The conference items the roster carries, as the sign-up form takes them; 是/否 columns become 1/0. */
const conferenceKeys = new Set<string>(Object.keys(conferenceShape.shape).filter((k) => k !== 'arrivalTime'))
const yesNoKeys = new Set<string>(['needFocusDriver', 'needRoom', 'needReception', 'needSeeOff', 'withCar', 'needDriverRoom', 'needLeave'])
const RosterConferenceSchema = conferenceShape.omit({ arrivalTime: true }).partial()

/** Reads a roster workbook: a header row naming at least 手机号, then one person per row. Streamed, within MAX_ROSTER_ROWS. */
async function readRoster({ file, format }: UploadedWorkbook): Promise<{ rows: RosterRow[]; issues: FieldIssue[] }> {
  const unreadable = '名单文件无法读取，请使用导出的名单模板（xlsx 或 xls 格式）'
  let headers: Map<string, number> | undefined
  const rows: RosterRow[] = []
  const issues: FieldIssue[] = []
  for await (const { number: line, cells } of firstSheetRows(file, format, { maxRows: MAX_ROSTER_ROWS, unreadable })) {
    if (!headers) {
      if (line !== 1) break
      headers = new Map(cells.map((text, col) => [text, col]))
      if (!headers.has('手机号')) break
      continue
    }
    const columns = headers
    const get = (header: string) => {
      const col = columns.get(header)
      return col === undefined ? '' : (cells[col] ?? '')
    }
    if (rosterColumns.every((c) => get(c.header) === '')) continue
    const overrides: RosterRow['overrides'] = {}
    const conference: Record<string, string | number> = {}
    for (const column of rosterColumns) {
      if (!column.key || column.key === 'telephone' || column.key === 'name') continue
      const text = get(column.header)
      if (text === '') continue
      if (yesNoKeys.has(column.key)) {
        if (text !== '是' && text !== '否') issues.push({ path: `第${line}行`, message: `第${line}行：${column.header}应为“是”或“否”` })
        conference[column.key] = text === '是' ? 1 : 0
      } else if (conferenceKeys.has(column.key)) {
        conference[column.key] = text
      } else if (column.key === 'gender') {
        if (text !== '男' && text !== '女') issues.push({ path: `第${line}行`, message: `第${line}行：性别应为“男”或“女”` })
        overrides.gender = text === '男' ? 1 : 0
      } else if (column.key === 'sameTenureYear') {
        if (!/^\d+$/.test(text)) issues.push({ path: `第${line}行`, message: `第${line}行：任同职级年限须为整数` })
        overrides.sameTenureYear = Number(text)
      } else if (column.key === 'cardsNumber') {
        const id = residentId.safeParse(text)
        if (id.success) overrides.cardsNumber = id.data
        else issues.push({ path: `第${line}行`, message: `第${line}行：${id.error.issues[0].message}` })
      } else {
        overrides[column.key] = text
      }
    }
    const items = RosterConferenceSchema.safeParse(conference)
    if (!items.success) issues.push({ path: `第${line}行`, message: `第${line}行：${items.error.issues[0].message}` })
    const phone = mobile.safeParse(get('手机号'))
    if (!phone.success) issues.push({ path: `第${line}行`, message: `第${line}行：${phone.error.issues[0].message}` })
    rows.push({ line, telephone: phone.success ? phone.data : '', overrides, conference: items.success ? items.data : {} })
  }
  if (!headers?.has('手机号')) throw new AppError(ErrorKey.VALIDATION, '名单第1行须为表头，且包含“手机号”列')
  if (rows.length === 0 && issues.length === 0) throw new AppError(ErrorKey.VALIDATION, '名单中没有人员')
  return { rows, issues }
}

/**
 * Imports a roster into a training: every row must name an enabled member inside
 * the account's scope who has not signed up yet, and all of them must fit in maxNum.
 * Any problem is reported per row and nothing is imported (one transaction).
 */
export async function importRoster(db: Db, user: AuthUser, uploadDir: string, trainId: number, storedPath: string): Promise<number> {
  const { rows, issues } = await readRoster(await uploadedWorkbook(db, uploadDir, storedPath, user.adminId, ROSTER_FILE))
  const scope = dataScopeOf(user)
  const seen = new Map<string, number>()
  const values: (ReturnType<typeof signUpValuesOf> & Partial<ConferenceItems>)[] = []
  for (const row of rows) {
    if (!row.telephone) continue
    const fail = (message: string) => issues.push({ path: `第${row.line}行`, message: `第${row.line}行：${message}` })
    const earlier = seen.get(row.telephone)
    if (earlier !== undefined) {
      fail(`手机号 ${row.telephone} 与第${earlier}行重复`)
      continue
    }
    seen.set(row.telephone, row.line)
    const member = await memberForSignUp(db, { telephone: row.telephone })
    if (!member || !member.orgPath.startsWith(scope.path)) fail(`未找到手机号为 ${row.telephone} 的党员`)
    else if (member.enabled !== 1) fail(`党员 ${member.name} 已被禁用`)
    else if (await db.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).where('memberId', '=', member.id).executeTakeFirst()) {
      fail(`${member.name} 已报名此培训班`)
    } else values.push({ ...signUpValuesOf(member, row.overrides), ...row.conference })
  }
  if (issues.length > 0) {
    const lineOf = (i: FieldIssue) => Number(i.path.replace(/\D/g, ''))
    issues.sort((a, b) => lineOf(a) - lineOf(b))
    throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
  }
  const now = nowText()
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await placesFree(trx, trainId, values.length))) throw new AppError(ErrorKey.CONFLICT, `${TRAIN_FULL}：导入 ${values.length} 人将超过报名最大人数`)
      for (let i = 0; i < values.length; i += 500) {
        await trx
          .insertInto('trainSignUp')
          .values(values.slice(i, i + 500).map((v) => ({ ...v, trainId, source: 'import', createdAt: now, updatedAt: now })))
          .execute()
      }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, '名单中有人员刚刚已报名，请重新导入')
    throw err
  }
  return values.length
}
