import { z } from 'zod'

/**
 * One import rule for every workbook the console takes (members, a training's roster,
 * questions, a seat list): a dry run reads and checks every row and writes nothing, then
 * the user imports the good rows or none. Every import answers these two shapes.
 */

/** One problem of a row: its 1-based sheet row, the column's header ('' for the row as a whole), the message. */
export const ImportIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
})
export type ImportIssue = z.infer<typeof ImportIssueSchema>

/** The most problems a dry run lists; the error workbook has them all. */
export const MAX_REPORTED_IMPORT_ISSUES = 1000

/** The dry run: rows read, how many are good and bad, each bad row's problems. Nothing is written. */
export const ImportCheckSchema = z.object({
  /** Data rows read (blank rows and a template's example row are not counted). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first MAX_REPORTED_IMPORT_ISSUES problems, in row order. */
  issues: z.array(ImportIssueSchema),
  /** Stored path of a workbook of the bad rows as they were typed, each with its messages (`GET /api/file`); null when none. */
  errorFile: z.string().nullable(),
})
export type ImportCheck = z.infer<typeof ImportCheckSchema>

/** The import: the good rows written (all in one transaction), the bad ones skipped. */
export const ImportResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
})
export type ImportResult = z.infer<typeof ImportResultSchema>

/** What an import says it did, in the console's words: 导入完成：成功 2 人，跳过 5 行. */
export function importResultText({ imported, skipped }: ImportResult, unit: string): string {
  return `导入完成：成功 ${imported} ${unit}${skipped > 0 ? `，跳过 ${skipped} 行` : ''}`
}
