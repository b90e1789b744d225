import { AppError, ErrorKey } from '../../../src-shared/errors'
import {
  encodeQuestion,
  JUDGE_FALSE,
  JUDGE_TRUE,
  OPTION_LETTERS,
  QuestionCreateSchema,
  questionTypeLabels,
  QuestionType,
  type UseTypeValue,
} from '../../../src-shared/schemas/question'
import type { ImportCheck, ImportResult } from '../../../src-shared/schemas/imports'
import type { AuthUser } from '../../auth/auth-user'
import { chunks } from '../../db/chunks'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { importCheckOf, importResultOf, rowIssues, type CheckedImport } from '../../files/import-report'
import { firstSheetRows, uploadedWorkbook, type SheetRow, type UploadedWorkbook } from '../../files/workbook-rows'
import { questionColumns } from './workbooks'

/** One import stays small: a bank is built a few thousand questions at a time. */
export const MAX_IMPORT_QUESTIONS = 10_000
const INSERT_CHUNK = 200

type Header = (typeof questionColumns)[number]['header']
type Cells = Partial<Record<Header, string>>

const typeOfLabel = new Map<string, number>(
  Object.entries(questionTypeLabels).flatMap(([n, label]) => [
    [label, Number(n)],
    [label.replace('题', ''), Number(n)],
    [n, Number(n)],
  ]),
)
typeOfLabel.set('简答题', QuestionType.ESSAY)

const judgeOfText: Record<string, string> = {
  对: JUDGE_TRUE, 正确: JUDGE_TRUE, '√': JUDGE_TRUE, 是: JUDGE_TRUE, true: JUDGE_TRUE,
  错: JUDGE_FALSE, 错误: JUDGE_FALSE, '×': JUDGE_FALSE, 否: JUDGE_FALSE, false: JUDGE_FALSE,
}

/** The first worksheet's rows after the header, by header name; blank rows skipped. Read by the one workbook reader. */
async function readQuestionRows({ file, format }: UploadedWorkbook): Promise<{ header: readonly string[]; rows: { sheet: SheetRow; cells: Cells }[] }> {
  const rows: { sheet: SheetRow; cells: Cells }[] = []
  let header: readonly string[] = []
  const known = new Set<string>(questionColumns.map((c) => c.header))
  const unreadable = '无法读取该 Excel 文件，请确认文件未损坏且为 xlsx 或 xls 格式'
  let columnOf: Map<Header, number> | undefined
  for await (const row of firstSheetRows(file, format, { maxRows: MAX_IMPORT_QUESTIONS, unreadable })) {
    if (!columnOf) {
      header = row.cells
      columnOf = new Map()
      for (const [col, text] of row.cells.entries()) {
        const header = text.replace(/\s/g, '')
        if (known.has(header) && !columnOf.has(header as Header)) columnOf.set(header as Header, col)
      }
      const missing = ['题目类别', '题目类型', '题目名称'].filter((h) => !columnOf?.has(h as Header))
      if (missing.length > 0) throw new AppError(ErrorKey.VALIDATION, `导入文件缺少列：${missing.join('、')}，请使用导入模板`)
      continue
    }
    const cells: Cells = {}
    for (const [header, col] of columnOf) {
      const text = row.cells[col] ?? ''
      if (text) cells[header] = text
    }
    if (Object.keys(cells).length > 0) rows.push({ sheet: row, cells })
  }
  if (!columnOf) throw new AppError(ErrorKey.VALIDATION, '文件中没有数据，请按导入模板填写')
  return { header, rows }
}

type GoodQuestion = ReturnType<typeof encodeQuestion> & {
  useType: number
  categoryId: number
  type: number
  title: string
  analysis: string | null
}

/** The column a form field is typed in (the options' gaps and counts are 选项A's). */
const columnOfField: Record<string, Header> = {
  type: '题目类型', categoryId: '题目类别', title: '题目名称', stem: '选项A', answer: '答案', analysis: '解析',
}

/** Options typed in the row, up to the last one filled (a gap in between is reported by the form's rule). */
function optionsOf(cells: Cells): Record<string, string> {
  const texts = OPTION_LETTERS.map((l) => cells[`选项${l}`] ?? '')
  let last = texts.length
  while (last > 0 && texts[last - 1] === '') last--
  return Object.fromEntries(texts.slice(0, last).map((t, i) => [OPTION_LETTERS[i], t]))
}

/** Every row checked by the question form's own rules, plus what only a file gets wrong. Nothing is written. */
async function checkRows(db: Db, uploadDir: string, path: string, useType: UseTypeValue, adminId: number): Promise<CheckedImport<GoodQuestion>> {
  const { header, rows } = await readQuestionRows(await uploadedWorkbook(db, uploadDir, path, adminId))
  const categories = new Map(
    (await db.selectFrom('questionCategory').select(['id', 'name']).where('useType', '=', useType).execute()).map((c) => [c.name, c.id]),
  )
  const checked: CheckedImport<GoodQuestion> = { header, good: [], bad: [] }
  for (const { sheet, cells } of rows) {
    const { issues, issue } = rowIssues(sheet.number)
    const categoryName = cells['题目类别'] ?? ''
    const categoryId = categories.get(categoryName)
    if (!categoryName) issue('题目类别', '请选择题目类别')
    else if (categoryId === undefined) issue('题目类别', `题目类别「${categoryName}」不存在`)
    const typeText = cells['题目类型'] ?? ''
    const type = typeOfLabel.get(typeText)
    if (!typeText) issue('题目类型', '请选择题目类型')
    else if (type === undefined) issue('题目类型', `题目类型「${typeText}」无效`)
    const answerCell = cells['答案'] ?? ''
    const answer = type === QuestionType.JUDGE ? (judgeOfText[answerCell.toLowerCase()] ?? answerCell) : answerCell
    const form = { useType, type: type ?? 0, categoryId: categoryId ?? 0, title: cells['题目名称'] ?? '', stem: optionsOf(cells), answer, analysis: cells['解析'] ?? null }
    const parsed = QuestionCreateSchema.safeParse(form)
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        if (i.path[0] === 'type' && type === undefined) continue
        if (i.path[0] === 'categoryId' && categoryId === undefined) continue
        if (!issues.some((known) => known.message === i.message)) issue(columnOfField[String(i.path[0])] ?? '', i.message)
      }
    }
    if (issues.length > 0 || !parsed.success) {
      checked.bad.push({ row: sheet, issues })
      continue
    }
    const v = parsed.data
    checked.good.push({ useType, categoryId: v.categoryId, type: v.type, title: v.title, analysis: v.analysis, ...encodeQuestion(v) })
  }
  return checked
}

export async function checkQuestions(db: Db, uploadDir: string, path: string, useType: UseTypeValue, adminId: number): Promise<ImportCheck> {
  return importCheckOf(await checkRows(db, uploadDir, path, useType, adminId), { db, uploadDir, adminId, name: '题目导入错误报告' })
}

/**
 * Checks the file again (categories may have changed since the dry run) and writes
 * every good question in one transaction: all of them or none. They await review.
 */
export async function commitQuestions(db: Db, uploadDir: string, path: string, useType: UseTypeValue, user: AuthUser): Promise<ImportResult> {
  const checked = await checkRows(db, uploadDir, path, useType, user.adminId)
  const now = nowText()
  const rows = checked.good.map((q) => ({ ...q, imagePath: null, status: 0, createdBy: user.adminId, createName: user.name, createdAt: now, updatedAt: now }))
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(rows, INSERT_CHUNK)) await trx.insertInto('question').values(part).execute()
  })
  return importResultOf(checked)
}
