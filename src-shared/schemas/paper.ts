import { z } from 'zod'
import { dateTimeText, intLike, pageOf, pageQuery, requiredText, textFilter } from './common'
import { isQuestionType, questionTypeShortLabels, type QuestionTypeValue } from './question'

/**
 * Papers (spec 001 §3, §4, §5). choiceType reading (docs/decisions.md): 1 manual,
 * 2 automatic; 3 (upload) is named by the spec but not offered. A paper keeps a copy
 * of the questions and scores it was assembled with (PaperQuestion).
 */

export const ChoiceType = { MANUAL: 1, AUTOMATIC: 2 } as const
export type ChoiceTypeValue = (typeof ChoiceType)[keyof typeof ChoiceType]
export const choiceTypeLabels: Record<ChoiceTypeValue, string> = { 1: '手动组卷', 2: '自动组卷' }

export const PAPER_TITLE_MAX = 20
export const PAPER_CONTENT_MAX = 200
export const MAX_PAPER_QUESTIONS = 1000
export const NO_TYPE_CHOSEN = '请至少选择一个题型！'
export const SPLIT_TOO_LARGE = '已选数量超过问卷题目总数！'
export const SPLIT_COUNT_MISSING = '请将题目数量填写完整！'
export const SPLIT_CATEGORY_MISSING = '请将题目类别填写完整！'

export function incompleteTypeMessage(type: number): string {
  return `请将${questionTypeShortLabels[type as QuestionTypeValue] ?? ''}选项填写完整`
}

/** Blank inputs arrive as null, '' or nothing: all mean "not filled". */
const blank = (v: unknown) => v === null || v === undefined || v === ''
const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (blank(v) ? null : typeof v === 'number' ? v : /^\d+(\.\d+)?$/.test(String(v).trim()) ? Number(v) : Number.NaN))

/** A score: step 0.5, at least 0 (spec 001 §5). */
export const scoreField = optionalNumber.pipe(
  z
    .number({ error: '分值须是数字' })
    .min(0, '分值不能小于0')
    .max(1000, '分值不能大于1000')
    .refine((v) => Number.isInteger(v * 2), '分值须是 0.5 的整数倍')
    .nullable(),
)
/** A count: a whole number, at least 0. */
export const countField = optionalNumber.pipe(
  z.number({ error: '数量须是整数' }).int('数量须是整数').min(0, '数量不能小于0').max(MAX_PAPER_QUESTIONS, `数量不能大于${MAX_PAPER_QUESTIONS}`).nullable(),
)

const typeField = intLike.pipe(z.number().refine(isQuestionType, '题型无效'))

/** One picked question of a manual paper (spec: questionType, questionId, questionScore). */
export const ManualItemSchema = z.object({
  questionType: typeField,
  questionId: z.number({ error: '题目无效' }).int().positive('题目无效'),
  questionScore: scoreField,
})
export type ManualItem = z.input<typeof ManualItemSchema>

/** One type of an automatic paper: how many questions, and the score of each. */
export const AutoItemSchema = z.object({
  questionType: typeField,
  questionCount: countField,
  questionScore: scoreField,
})
export type AutoItem = z.input<typeof AutoItemSchema>

/** A row of the automatic category split. */
export const CategorySplitSchema = z.object({
  categoryId: optionalNumber.pipe(z.number().int().positive('请选择题目类别').nullable()),
  categoryCount: countField,
})
export type CategorySplit = z.input<typeof CategorySplitSchema>

const useType = intLike.pipe(z.union([z.literal(1), z.literal(2)], { error: '试卷类型无效' }))

export const paperHeadShape = z.object({
  title: requiredText('请输入试卷名称', PAPER_TITLE_MAX),
  content: requiredText('请输入试卷信息', PAPER_CONTENT_MAX),
})
export const PaperHeadSchema = paperHeadShape

const compositionShape = z.object({
  choiceType: z.union([z.literal(1), z.literal(2)], { error: '请选择组卷方式' }),
  /** Use type of the questions: 2 exam (the paper screen), 1 questionnaire. */
  type: useType.optional().default(2),
  questionList: z.array(z.union([ManualItemSchema, AutoItemSchema]), { error: NO_TYPE_CHOSEN }).max(MAX_PAPER_QUESTIONS, `一份试卷最多 ${MAX_PAPER_QUESTIONS} 道题`),
  categoryList: z.array(CategorySplitSchema, { error: '请将题目类别填写完整！' }).max(200, '题目类别过多').optional().default([]),
})
type CompositionValue = z.output<typeof compositionShape>

export interface ManualRule {
  questionType: number
  questionId: number
  questionScore: number
}
export interface AutoRule {
  questionType: number
  questionCount: number
  questionScore: number
}
export interface SplitRule {
  categoryId: number
  categoryCount: number
}

/** The composition after its rules: complete items only, in type order. */
export type Composition =
  | { choiceType: 1; type: 1 | 2; questionList: ManualRule[]; categoryList: [] }
  | { choiceType: 2; type: 1 | 2; questionList: AutoRule[]; categoryList: SplitRule[] }

/**
 * Spec 001 §5 paper rules: per type, the selection (or count) and the score are both
 * filled or both blank; at least one type; the category split rows are complete,
 * name each category once, and do not add up to more than the paper's questions.
 */
export function composition(v: CompositionValue, issue: (path: (string | number)[], message: string) => void = () => undefined): Composition {
  if (v.choiceType === ChoiceType.MANUAL) {
    const items: ManualRule[] = []
    v.questionList.forEach((raw, i) => {
      if (!('questionId' in raw)) return issue(['questionList', i], '请选择题目')
      if (raw.questionScore === null) return issue(['questionList', i, 'questionScore'], incompleteTypeMessage(raw.questionType))
      items.push({ questionType: raw.questionType, questionId: raw.questionId, questionScore: raw.questionScore })
    })
    if (v.questionList.length === 0) issue(['questionList'], NO_TYPE_CHOSEN)
    const ids = new Set(items.map((i) => i.questionId))
    if (ids.size !== items.length) issue(['questionList'], '同一道题目不能重复选择')
    return { choiceType: 1, type: v.type, questionList: items.sort((a, b) => a.questionType - b.questionType), categoryList: [] }
  }
  const rules: AutoRule[] = []
  const seenTypes = new Set<number>()
  v.questionList.forEach((raw, i) => {
    if (!('questionCount' in raw)) return issue(['questionList', i], '自动组卷须填写各题型的数量')
    if (seenTypes.has(raw.questionType)) return issue(['questionList', i], '同一题型只能出现一次')
    seenTypes.add(raw.questionType)
    const hasCount = raw.questionCount !== null && raw.questionCount > 0
    const hasScore = raw.questionScore !== null
    if (hasCount !== hasScore) return issue(['questionList', i], incompleteTypeMessage(raw.questionType))
    if (hasCount && hasScore) rules.push({ questionType: raw.questionType, questionCount: raw.questionCount as number, questionScore: raw.questionScore as number })
  })
  if (rules.length === 0) issue(['questionList'], NO_TYPE_CHOSEN)
  const total = rules.reduce((s, r) => s + r.questionCount, 0)
  if (total > MAX_PAPER_QUESTIONS) issue(['questionList'], `一份试卷最多 ${MAX_PAPER_QUESTIONS} 道题`)

  const split: SplitRule[] = []
  const seenCategories = new Set<number>()
  v.categoryList.forEach((row, i) => {
    if (row.categoryId === null && (row.categoryCount === null || row.categoryCount === 0)) return
    if (row.categoryId === null) return issue(['categoryList', i, 'categoryId'], SPLIT_CATEGORY_MISSING)
    if (row.categoryCount === null) return issue(['categoryList', i, 'categoryCount'], SPLIT_COUNT_MISSING)
    if (seenCategories.has(row.categoryId)) return issue(['categoryList', i, 'categoryId'], '同一类别只能选择一次')
    seenCategories.add(row.categoryId)
    if (row.categoryCount > 0) split.push({ categoryId: row.categoryId, categoryCount: row.categoryCount })
  })
  if (split.reduce((s, r) => s + r.categoryCount, 0) > total) issue(['categoryList'], SPLIT_TOO_LARGE)
  return { choiceType: 2, type: v.type, questionList: rules.sort((a, b) => a.questionType - b.questionType), categoryList: split }
}

function refineComposition(v: CompositionValue, ctx: z.RefinementCtx): void {
  composition(v, (path, message) => ctx.addIssue({ code: 'custom', path, message }))
}

export const PaperCreateSchema = paperHeadShape.extend(compositionShape.shape).superRefine(refineComposition)
export type PaperCreate = z.input<typeof PaperCreateSchema>

/**
 * An edit changes the title and information; with `choiceType` and `questionList` it
 * also assembles the paper again (a new draw for an automatic paper).
 */
export const PaperUpdateSchema = paperHeadShape
  .extend({ id: z.number({ error: '编号无效' }).int().positive('编号无效') })
  .extend(compositionShape.partial().shape)
  .superRefine((v, ctx) => {
    if (v.choiceType !== undefined) refineComposition(compositionPart(v), ctx)
  })
export type PaperUpdate = z.input<typeof PaperUpdateSchema>

/** The composition part of an edit that has one. */
export function compositionPart(v: { choiceType?: 1 | 2; type?: 1 | 2; questionList?: CompositionValue['questionList']; categoryList?: CompositionValue['categoryList'] }): CompositionValue {
  return { choiceType: v.choiceType ?? 1, type: v.type ?? 2, questionList: v.questionList ?? [], categoryList: v.categoryList ?? [] }
}

export const PaperQuerySchema = pageQuery.extend({
  title: textFilter,
  type: useType.optional().default(2),
})

export const PaperSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  totalScore: z.number(),
  choiceType: z.number().int(),
  type: z.number().int(),
  /** The composition as assembled: ManualRule[] or AutoRule[]. */
  questionList: z.array(z.object({ questionType: z.number().int(), questionId: z.number().int().optional(), questionCount: z.number().int().optional(), questionScore: z.number() })),
  categoryList: z.array(z.object({ categoryId: z.number().int(), categoryCount: z.number().int() })),
  questionCount: z.number().int(),
  createTime: dateTimeText,
  /** Why the paper is read-only (it is used by an exam: src-shared/references.ts `locks`), or null. */
  readOnly: z.string().nullable(),
})
export type Paper = z.infer<typeof PaperSchema>

/** The name of a copy (复制为新试卷): 「…（副本）」, the original cut so the whole fits the title's length. */
export function copyTitle(title: string): string {
  const suffix = '（副本）'
  return `${title.slice(0, PAPER_TITLE_MAX - suffix.length)}${suffix}`
}
export const PaperPageSchema = pageOf(PaperSchema)

/** A question of a paper as it was when the paper was assembled. */
export const PaperQuestionSchema = z.object({
  id: z.number().int(),
  sortOrder: z.number().int(),
  questionId: z.number().int(),
  questionType: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  stem: z.string().nullable(),
  answer: z.string().nullable(),
  analysis: z.string().nullable(),
  imagePath: z.string().nullable(),
  questionScore: z.number(),
})
export type PaperQuestion = z.infer<typeof PaperQuestionSchema>

export const PaperDetailSchema = PaperSchema.extend({ questions: z.array(PaperQuestionSchema) })
export type PaperDetail = z.infer<typeof PaperDetailSchema>

export const PaperAllQuerySchema = z.object({ type: useType.optional().default(2) })
export const PaperOptionSchema = z.object({ id: z.number().int(), title: z.string(), totalScore: z.number() })
