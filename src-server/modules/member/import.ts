import { createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { finished } from 'node:stream/promises'
import { z } from 'zod'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import {
  MAX_REPORTED_IMPORT_ISSUES,
  MemberFieldsSchema,
  memberPassword,
  type ImportIssue,
  type MemberImportCheck,
  type MemberImportResult,
} from '../../../src-shared/schemas/member'
import { hashPassword } from '../../auth/passwords'
import type { DataScope } from '../../auth/scope'
import { startsWith } from '../../db/prefix'
import { isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import type { Db, NewMember } from '../../db/types'
import { absoluteStoredPath, newStoredPath } from '../../files/storage'
import { firstSheetRows, uploadedWorkbook, type UploadedWorkbook } from '../../files/workbook-rows'
import { addSheet, inert, streamingWorkbook, XLSX_MIME } from '../../files/xlsx'
import { enabledLabel, headerKey, readColumns, type ImportColumn } from './columns'

/** One import at a time stays a few tens of megabytes in memory. */
export const MAX_IMPORT_ROWS = 100_000
const LOOKUP_CHUNK = 500

type Field = ImportColumn['field']

/** A data row as read: its sheet row number and the text of each template column. */
interface RawRow {
  row: number
  cells: Partial<Record<Field, string>>
}

/** A row that passed every check, ready to insert (the password still in clear, hashed on commit). */
export type GoodRow = Omit<NewMember, 'pwdHash' | 'createdAt' | 'updatedAt'> & { pwd?: string }

export interface CheckedRoster {
  total: number
  good: GoodRow[]
  bad: { row: number; cells: RawRow['cells']; issues: ImportIssue[] }[]
}

const genderOfText: Record<string, number> = { 男: 1, 女: 0 }

/** A row's fields as the member dialog validates them; the organisation comes by code instead of id. */
const ImportRowSchema = MemberFieldsSchema.omit({ orgId: true, avatarUrl: true }).extend({
  gender: z.union([z.literal(0), z.literal(1)], { error: '性别只能填写 男 或 女' }),
  pwd: z.preprocess((v) => (v === '' ? undefined : v), memberPassword.optional()),
})

const headerOfField = new Map(readColumns.map((c) => [c.field, c.header]))

/** Reads the first worksheet: the header row names the columns, every non-empty row after it is a member. */
async function readRows({ file, format }: UploadedWorkbook): Promise<RawRow[]> {
  const rows: RawRow[] = []
  let columnOf: Map<Field, number> | undefined
  const unreadable = '无法读取该 Excel 文件，请确认文件未损坏且为 xlsx 或 xls 格式'
  for await (const row of firstSheetRows(file, format, { maxRows: MAX_IMPORT_ROWS, unreadable })) {
    if (!columnOf) {
      columnOf = headerColumns(row.cells)
      continue
    }
    const cells: RawRow['cells'] = {}
    for (const [field, col] of columnOf) {
      const text = row.cells[col] ?? ''
      if (text) cells[field] = text
    }
    if (Object.keys(cells).length > 0) rows.push({ row: row.number, cells })
  }
  if (!columnOf) throw new AppError(ErrorKey.VALIDATION, '文件中没有数据，请按导入模板填写')
  return rows
}

/** Where each template column is in the header row (0-based). */
function headerColumns(header: readonly string[]): Map<Field, number> {
  const byHeader = new Map(readColumns.map((c) => [c.header, c.field]))
  const columnOf = new Map<Field, number>()
  header.forEach((text, col) => {
    const field = byHeader.get(headerKey(text))
    if (field && !columnOf.has(field)) columnOf.set(field, col)
  })
  const missing = readColumns.filter((c) => c.required && !columnOf.has(c.field)).map((c) => c.header)
  if (missing.length > 0) throw new AppError(ErrorKey.VALIDATION, `导入文件缺少必填列：${missing.join('、')}，请使用导入模板`)
  return columnOf
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Organisations of the caller's tree by code. */
async function orgsByCode(db: Db, scope: DataScope, codes: string[]) {
  const found = new Map<string, { orgId: number; orgPath: string; topOrgId: number }>()
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

/**
 * Reads and checks every row the way the member dialog would, plus what only a file
 * can get wrong: unknown organisation codes and numbers repeated within the file.
 * Nothing is written.
 */
export async function checkRoster(db: Db, scope: DataScope, uploadDir: string, path: string, adminId: number): Promise<CheckedRoster> {
  const rows = await readRows(await uploadedWorkbook(db, uploadDir, path, adminId))
  const orgs = await orgsByCode(db, scope, [...new Set(rows.flatMap((r) => (r.cells.orgCode ? [r.cells.orgCode] : [])))])
  const taken = await telephonesTaken(db, [...new Set(rows.flatMap((r) => (r.cells.telephone ? [r.cells.telephone] : [])))])
  const firstRowOf = new Map<string, number>()
  const checked: CheckedRoster = { total: rows.length, good: [], bad: [] }

  for (const { row, cells } of rows) {
    const issues: ImportIssue[] = []
    const issue = (field: Field, message: string) => issues.push({ row, column: headerOfField.get(field) ?? field, message })
    const gender = cells.gender === undefined ? undefined : (genderOfText[cells.gender] ?? -1)
    const parsed = ImportRowSchema.safeParse({ ...cells, gender })
    if (!parsed.success) {
      for (const i of parsed.error.issues) issue(String(i.path[0]) as Field, gender === undefined && i.path[0] === 'gender' ? '请填写性别' : i.message)
    }
    const enabled = cells.enabled === undefined || cells.enabled === enabledLabel(1) ? 1 : cells.enabled === enabledLabel(0) ? 0 : undefined
    if (enabled === undefined) issue('enabled', '状态只能填写 启用 或 停用')
    const org = cells.orgCode ? orgs.get(cells.orgCode) : undefined
    if (!cells.orgCode) issue('orgCode', '请填写所属组织编码')
    else if (!org) issue('orgCode', '组织编码不存在或不在本单位范围内')
    const telephone = parsed.success ? parsed.data.telephone : undefined
    if (telephone !== undefined) {
      const first = firstRowOf.get(telephone)
      if (first !== undefined) issue('telephone', `与第 ${first} 行的手机号重复`)
      else if (taken.has(telephone)) issue('telephone', '该手机号已存在')
      else firstRowOf.set(telephone, row)
    }
    if (issues.length > 0 || !parsed.success || !org || enabled === undefined) checked.bad.push({ row, cells, issues })
    else checked.good.push({ ...parsed.data, ...org, enabled })
  }
  return checked
}

/** A workbook of the bad rows as they were typed, each with its messages, for the user to fix and import again. */
async function writeErrorWorkbook(db: Db, uploadDir: string, bad: CheckedRoster['bad'], adminId: number): Promise<string> {
  const path = newStoredPath('xlsx')
  const absolute = absoluteStoredPath(uploadDir, path)
  await mkdir(dirname(absolute), { recursive: true })
  const out = createWriteStream(absolute)
  const workbook = streamingWorkbook(out)
  const sheet = addSheet(workbook, '党员信息', [...readColumns, { header: '错误信息', width: 60 }])
  for (const { cells, issues } of bad) {
    const values = readColumns.map((c) => inert(cells[c.field] ?? null))
    sheet.addRow([...values, issues.map((i) => `第 ${i.row} 行【${i.column}】${i.message}`).join('；')]).commit()
  }
  sheet.commit()
  await workbook.commit()
  await finished(out)
  const { size } = await stat(absolute)
  await db
    .insertInto('upload')
    .values({ path, originalName: '党员导入错误报告.xlsx', size, mime: XLSX_MIME, createdBy: adminId, createdAt: nowText() })
    .execute()
  return path
}

export async function importCheckReport(
  db: Db,
  scope: DataScope,
  uploadDir: string,
  path: string,
  adminId: number,
): Promise<MemberImportCheck> {
  const { total, good, bad } = await checkRoster(db, scope, uploadDir, path, adminId)
  return {
    total,
    valid: good.length,
    invalid: bad.length,
    issues: bad.flatMap((b) => b.issues).slice(0, MAX_REPORTED_IMPORT_ISSUES),
    errorFile: bad.length > 0 ? await writeErrorWorkbook(db, uploadDir, bad, adminId) : null,
  }
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
export async function commitRoster(
  db: Db,
  scope: DataScope,
  uploadDir: string,
  path: string,
  adminId: number,
): Promise<MemberImportResult> {
  const { good, bad } = await checkRoster(db, scope, uploadDir, path, adminId)
  const rows = await withPasswordHashes(good)
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
  return { imported: rows.length, skipped: bad.length }
}
