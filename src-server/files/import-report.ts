import { createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { finished } from 'node:stream/promises'
import { MAX_REPORTED_IMPORT_ISSUES, type ImportCheck, type ImportIssue, type ImportResult } from '../../src-shared/schemas/imports'
import { nowText } from '../db/time'
import type { Db } from '../db/types'
import { absoluteStoredPath, newStoredPath } from './storage'
import type { SheetRow } from './workbook-rows'
import { addSheet, inert, streamingWorkbook, XLSX_MIME } from './xlsx'

/** A row that failed its checks: as it was typed, with every problem found in it. */
export interface BadRow {
  row: SheetRow
  issues: ImportIssue[]
}

/**
 * An import's rows after the checks (docs/decisions.md, "One import rule"): the file's
 * header row, the good rows ready to write, the bad ones with their problems. Every
 * import's dry run and commit start from one of these, so all of them answer alike.
 */
export interface CheckedImport<Good> {
  header: readonly string[]
  good: Good[]
  bad: BadRow[]
}

/** Collects a row's problems: `issue(column, message)` for one cell, `issue('', message)` for the row as a whole. */
export function rowIssues(row: number): { issues: ImportIssue[]; issue(column: string, message: string): void } {
  const issues: ImportIssue[] = []
  return { issues, issue: (column, message) => issues.push({ row, column, message }) }
}

/** An issue as one line of text: 第 3 行【手机号】手机号格式错误 (the row's own problem without 【】). */
export function issueText(issue: ImportIssue): string {
  return `第 ${issue.row} 行${issue.column ? `【${issue.column}】` : '：'}${issue.message}`
}

/** A workbook of the bad rows in the file's own columns, each with its messages, for the user to fix and import again. */
async function writeErrorWorkbook(db: Db, uploadDir: string, adminId: number, name: string, header: readonly string[], bad: readonly BadRow[]): Promise<string> {
  const path = newStoredPath('xlsx')
  const absolute = absoluteStoredPath(uploadDir, path)
  await mkdir(dirname(absolute), { recursive: true })
  const out = createWriteStream(absolute)
  const workbook = streamingWorkbook(out)
  const sheet = addSheet(workbook, '错误报告', [...header.map((h) => ({ header: h })), { header: '错误信息', width: 60 }])
  for (const { row, issues } of bad) {
    const cells = header.map((_, col) => inert(row.cells[col] || null))
    sheet.addRow([...cells, issues.map(issueText).join('；')]).commit()
  }
  sheet.commit()
  await workbook.commit()
  await finished(out)
  const { size } = await stat(absolute)
  await db.insertInto('upload').values({ path, originalName: `${name}.xlsx`, size, mime: XLSX_MIME, createdBy: adminId, createdAt: nowText() }).execute()
  return path
}

/** The dry run's answer: counts, the problems in row order, and (when a row is bad) the error workbook named `reportName`. */
export async function importCheckOf<Good>(
  checked: CheckedImport<Good>,
  report: { db: Db; uploadDir: string; adminId: number; name: string },
): Promise<ImportCheck> {
  const { header, good, bad } = checked
  return {
    total: good.length + bad.length,
    valid: good.length,
    invalid: bad.length,
    issues: bad.flatMap((b) => b.issues).slice(0, MAX_REPORTED_IMPORT_ISSUES),
    errorFile: bad.length > 0 ? await writeErrorWorkbook(report.db, report.uploadDir, report.adminId, report.name, header, bad) : null,
  }
}

/** The commit's answer: the good rows written, the bad ones skipped. */
export function importResultOf(checked: CheckedImport<unknown>, imported = checked.good.length): ImportResult {
  return { imported, skipped: checked.bad.length }
}
