import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Question } from '../../../src-shared/schemas/question'
import { containsText } from '../../db/sql-text'
import type { Database, Db } from '../../db/types'

export interface QuestionFilter {
  useType: number
  title?: string
  type?: number
  categoryId?: number
  status?: number
}

type QuestionEb = ExpressionBuilder<Database, 'question'>

/** The bank filter of spec 001 §2: title contains, type, category, review status, use type. */
export function questionFilter(eb: QuestionEb, f: QuestionFilter) {
  const conditions: Expression<SqlBool>[] = [eb('question.useType', '=', f.useType)]
  if (f.title) conditions.push(containsText('question.title', f.title))
  if (f.type !== undefined) conditions.push(eb('question.type', '=', f.type))
  if (f.categoryId !== undefined) conditions.push(eb('question.categoryId', '=', f.categoryId))
  if (f.status !== undefined) conditions.push(eb('question.status', '=', f.status))
  return eb.and(conditions)
}

/** Questions with their category's name, as every answer shows them. */
export function questionRows(db: Db) {
  return db
    .selectFrom('question')
    .innerJoin('questionCategory as c', 'c.id', 'question.categoryId')
    .selectAll('question')
    .select('c.name as categoryName')
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionRows>['executeTakeFirstOrThrow']>>

export function toQuestion(r: QuestionRow): Question {
  return {
    id: r.id,
    useType: r.useType,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    type: r.type,
    title: r.title,
    stem: r.stem,
    answer: r.answer,
    analysis: r.analysis,
    imagePath: r.imagePath,
    status: r.status,
    createBy: r.createdBy,
    createName: r.createName,
    createTime: r.createdAt,
  }
}

export async function questionById(db: Db, id: number): Promise<Question> {
  const row = await questionRows(db).where('question.id', '=', id).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '题目不存在')
  return toQuestion(row)
}

/** The category a question is filed under, which must be of the question's use. */
export async function categoryOfUse(db: Db, categoryId: number, useType: number): Promise<{ id: number; name: string }> {
  const category = await db.selectFrom('questionCategory').select(['id', 'name', 'useType']).where('id', '=', categoryId).executeTakeFirst()
  if (!category || category.useType !== useType) {
    throw new AppError(ErrorKey.VALIDATION, '请选择题目类别', [{ path: 'categoryId', message: '请选择题目类别' }])
  }
  return category
}
