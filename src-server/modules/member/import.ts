import { z } from 'zod'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { ImportCheck, ImportResult } from '../../../src-shared/schemas/imports'
import { MemberCreateSchema, optionalMemberPassword } from '../../../src-shared/schemas/member'
import { hashPassword } from '../../auth/passwords'
import type { DataScope } from '../../auth/scope'
import { chunks } from '../../db/chunks'
import { startsWith } from '../../db/prefix'
import { isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import type { Db, NewMember } from '../../db/types'
import { importCheckOf, importResultOf, rowIssues, type CheckedImport } from '../../files/import-report'
import { firstSheetRows, uploadedWorkbook, type SheetRow, type UploadedWorkbook } from '../../files/workbook-rows'
import { orgsByNameOrPath, type OrgMatch, type OrgPlace } from '../org/by-path'
import { enabledLabel, headerKey, readColumns, type ImportColumn } from './columns'

/** One import at a time stays a few tens of megabytes in memory. */
export const MAX_IMPORT_ROWS = 100_000
const LOOKUP_CHUNK = 500

type Field = ImportColumn['field']

/** A data row as read: the sheet row, and the text of each template column. */
interface RawRow {
  sheet: SheetRow
  cells: Partial<Record<Field, string>>
}

/** A row that passed every check, ready to insert (the password still in clear, hashed on commit). */
type GoodRow = Omit<NewMember, 'pwdHash' | 'createdAt' | 'updatedAt'> & { pwd?: string }

const genderOfText: Record<string, number> = { 男: 1, 女: 0 }

/** A row's fields as the member dialog validates them; the organisation comes by name, path or code instead of id. */
const ImportRowSchema = MemberCreateSchema.omit({ orgId: true, avatarUrl: true }).extend({
  gender: z.union([z.literal(0), z.literal(1)], { error: '性别只能填写 男 或 女' }),
  pwd: optionalMemberPassword,
})

/**
 * Reads the first worksheet: the header row names the columns, every non-empty row after it is a member.
 * `headerOf` names a field's column as the file heads it (an older template's 初始密码), for the report.
 */
async function readRows({ file, format }: UploadedWorkbook): Promise<{ header: readonly string[]; rows: RawRow[]; headerOf(field: Field): string }> {
  const rows: RawRow[] = []
  let header: readonly string[] | undefined
  let columnOf: Map<Field, number> | undefined
  const unreadable = '无法读取该 Excel 文件，请确认文件未损坏且为 xlsx 或 xls 格式'
  for await (const row of firstSheetRows(file, format, { maxRows: MAX_IMPORT_ROWS, unreadable })) {
    if (!columnOf) {
      header = row.cells
      columnOf = headerColumns(row.cells)
      continue
    }
    const cells: RawRow['cells'] = {}
    for (const [field, col] of columnOf) {
      const text = row.cells[col] ?? ''
      if (text) cells[field] = text
    }
    if (Object.keys(cells).length > 0) rows.push({ sheet: row, cells })
  }
  if (!header || !columnOf) throw new AppError(ErrorKey.VALIDATION, '文件中没有数据，请按导入模板填写')
  const headerOfField = new Map([
    ...readColumns.map((c) => [c.field, c.header] as const),
    ...[...columnOf].map(([field, col]) => [field, headerKey(header[col])] as const),
  ])
  return { header, rows, headerOf: (field) => headerOfField.get(field) ?? field }
}

/** Where each template column is in the header row (0-based); 所属组织编码 stands in for 所属组织. */
function headerColumns(header: readonly string[]): Map<Field, number> {
  const byHeader = new Map(readColumns.flatMap((c) => [c.header, ...(c.formerly ?? [])].map((text) => [text, c.field] as const)))
  const columnOf = new Map<Field, number>()
  header.forEach((text, col) => {
    const field = byHeader.get(headerKey(text))
    if (field && !columnOf.has(field)) columnOf.set(field, col)
  })
  const missing = readColumns.filter((c) => c.required && !columnOf.has(c.field) && !(c.field === 'org' && columnOf.has('orgCode'))).map((c) => c.header)
  if (missing.length > 0) throw new AppError(ErrorKey.VALIDATION, `导入文件缺少必填列：${missing.join('、')}，请使用导入模板`)
  return columnOf
}

/** Organisations of the caller's tree by code. */
async function orgsByCode(db: Db, scope: DataScope, codes: string[]): Promise<Map<string, OrgPlace>> {
  const found = new Map<string, OrgPlace>()
  for (const part of chunks(codes, LOOKUP_CHUNK)) {
    const rows = await db
      .selectFrom('org as o')
      .select(['o.id', 'o.orgCode', 'o.path', 'o.topOrgId'])
      .where((eb) => eb.and([eb('o.orgCode', 'in', part), startsWith(eb, 'o.path', scope.path)]))
      .execute()
    for (const o of rows) found.set(o.orgCode, { orgId: o.id, orgPath: o.path, topOrgId: o.topOrgId ?? o.id })
  }
  return found
}

async function telephonesTaken(db: Db, telephones: string[]): Promise<Set<string>> {
  const taken = new Set<string>()
  for (const part of chunks(telephones, LOOKUP_CHUNK)) {
    for (const m of await db.selectFrom('member').select('telephone').where('telephone', 'in', part).execute()) taken.add(m.telephone)
  }
  return taken
}

const present = <K extends Field>(rows: RawRow[], field: K) => [...new Set(rows.flatMap((r) => (r.cells[field] ? [r.cells[field]] : [])))]

/** A row's organisation: by code when the row has one (an export), else by name or path; or the reason it has none. */
function orgOfRow(cells: RawRow['cells'], byCode: Map<string, OrgPlace>, byName: Map<string, OrgMatch>): { org: OrgPlace } | { field: Field; message: string } {
  if (cells.orgCode) {
    const org = byCode.get(cells.orgCode)
    return org ? { org } : { field: 'orgCode', message: '组织编码不存在或不在本单位范围内' }
  }
  if (!cells.org) return { field: 'org', message: '请填写所属组织' }
  const match = byName.get(cells.org) ?? { kind: 'none' }
  if (match.kind === 'one') return { org: match.org }
  if (match.kind === 'none') return { field: 'org', message: `组织“${cells.org}”不存在或不在本单位范围内` }
  const shown = match.paths.slice(0, 3).join('、')
  return { field: 'org', message: `有 ${match.paths.length} 个组织名为“${cells.org}”，请填写组织路径以区分：${shown}${match.paths.length > 3 ? ' 等' : ''}` }
}

/**
 * Reads and checks every row the way the member dialog would, plus what only a file
 * can get wrong: organisations that are unknown or ambiguous, numbers repeated within
 * the file. Nothing is written.
 */
async function checkMembers(db: Db, scope: DataScope, uploadDir: string, path: string, adminId: number): Promise<CheckedImport<GoodRow>> {
  const { header, rows, headerOf } = await readRows(await uploadedWorkbook(db, uploadDir, path, adminId))
  const [byCode, byName, taken] = await Promise.all([
    orgsByCode(db, scope, present(rows, 'orgCode')),
    orgsByNameOrPath(db, scope, present(rows, 'org')),
    telephonesTaken(db, present(rows, 'telephone')),
  ])
  const firstRowOf = new Map<string, number>()
  const checked: CheckedImport<GoodRow> = { header, good: [], bad: [] }

  for (const { sheet, cells } of rows) {
    const { issues, issue: issueAt } = rowIssues(sheet.number)
    const issue = (field: Field, message: string) => issueAt(headerOf(field), message)
    const gender = cells.gender === undefined ? undefined : (genderOfText[cells.gender] ?? -1)
    const parsed = ImportRowSchema.safeParse({ ...cells, gender })
    if (!parsed.success) {
      for (const i of parsed.error.issues) issue(String(i.path[0]) as Field, gender === undefined && i.path[0] === 'gender' ? '请填写性别' : i.message)
    }
    const enabled = cells.enabled === undefined || cells.enabled === enabledLabel(1) ? 1 : cells.enabled === enabledLabel(0) ? 0 : undefined
    if (enabled === undefined) issue('enabled', '状态只能填写 启用 或 停用')
    const place = orgOfRow(cells, byCode, byName)
    if ('message' in place) issue(place.field, place.message)
    const telephone = parsed.success ? parsed.data.telephone : undefined
    if (telephone !== undefined) {
      const first = firstRowOf.get(telephone)
      if (first !== undefined) issue('telephone', `与第 ${first} 行的手机号重复`)
      else if (taken.has(telephone)) issue('telephone', '该手机号已存在')
      else firstRowOf.set(telephone, sheet.number)
    }
    if (issues.length > 0 || !parsed.success || !('org' in place) || enabled === undefined) checked.bad.push({ row: sheet, issues })
    else checked.good.push({ ...parsed.data, ...place.org, enabled })
  }
  return checked
}

export async function checkMemberImport(db: Db, scope: DataScope, uploadDir: string, path: string, adminId: number): Promise<ImportCheck> {
  return importCheckOf(await checkMembers(db, scope, uploadDir, path, adminId), { db, uploadDir, adminId, name: '党员导入错误报告' })
}

const INSERT_CHUNK = 500
const HASHING_IN_PARALLEL = 4

/** Hashes the given passwords a few at a time (scrypt runs on libuv's pool). */
async function withPasswordHashes(rows: GoodRow[]): Promise<Omit<NewMember, 'createdAt' | 'updatedAt'>[]> {
  const out: Omit<NewMember, 'createdAt' | 'updatedAt'>[] = []
  for (const part of chunks(rows, HASHING_IN_PARALLEL)) {
    out.push(...(await Promise.all(part.map(async ({ pwd, ...row }) => ({ ...row, pwdHash: pwd ? await hashPassword(pwd) : null })))))
  }
  return out
}

/**
 * Checks the file again (the data may have changed since the dry run) and writes every
 * good row in one transaction: either all of them are imported or none.
 */
export async function commitMemberImport(db: Db, scope: DataScope, uploadDir: string, path: string, adminId: number): Promise<ImportResult> {
  const checked = await checkMembers(db, scope, uploadDir, path, adminId)
  const rows = await withPasswordHashes(checked.good)
  const now = nowText()
  try {
    await db.transaction().execute(async (trx) => {
      for (const part of chunks(rows, INSERT_CHUNK)) {
        await trx.insertInto('member').values(part.map((r) => ({ ...r, createdAt: now, updatedAt: now }))).execute()
      }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, '导入期间有手机号被占用，本次未导入任何数据，请重新检查后再导入')
    throw err
  }
  return importResultOf(checked)
}
