import { z } from 'zod'
import { dateTimeText, idListText, intLike, numberLike, optionalText, pageOf, pageQuery, requiredText, textFilter } from './common'
import { createTimeColumn, field, fieldsSchema } from '../fields'
import { listQueryOf, type ResourceDescriptor } from '../resource'
import { optionalStoredPath } from './files'

/**
 * Question categories and questions (spec 001 §3, §4, §5). Type numbering (one of the
 * spec's readings, docs/decisions.md): 1 single, 2 multiple, 3 true/false, 4 essay
 * (问答), 5 fill-in. Use types: 1 questionnaire, 2 exam.
 */

export const UseType = { QUESTIONNAIRE: 1, EXAM: 2 } as const
export type UseTypeValue = (typeof UseType)[keyof typeof UseType]
export const useTypeLabels: Record<UseTypeValue, string> = { 1: '问卷', 2: '考试' }

export const QuestionType = { SINGLE: 1, MULTIPLE: 2, JUDGE: 3, ESSAY: 4, FILL: 5 } as const
export type QuestionTypeValue = (typeof QuestionType)[keyof typeof QuestionType]
export const questionTypes: readonly QuestionTypeValue[] = [1, 2, 3, 4, 5]
export const questionTypeLabels: Record<QuestionTypeValue, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }
/** The short names the paper messages use (请将单选选项填写完整). */
export const questionTypeShortLabels: Record<QuestionTypeValue, string> = { 1: '单选', 2: '多选', 3: '判断', 4: '问答', 5: '填空' }
/** A questionnaire asks single, multiple and essay questions only (spec 001 §4). */
export const questionnaireTypes: readonly QuestionTypeValue[] = [1, 2, 4]
export function typesOfUse(useType: number): readonly QuestionTypeValue[] {
  return useType === UseType.QUESTIONNAIRE ? questionnaireTypes : questionTypes
}
export function isQuestionType(v: unknown): v is QuestionTypeValue {
  return typeof v === 'number' && (questionTypes as readonly number[]).includes(v)
}

export const QuestionStatus = { PENDING: 0, PASSED: 1, REJECTED: -1 } as const
export const questionStatusLabels: Record<number, string> = { 0: '未审核', 1: '已通过', [-1]: '已驳回' }

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const
/** Options a new choice question starts with (A–D). */
export const INITIAL_OPTIONS = 4
/** Multiple choice grows to J; single choice shows A–F (spec 001 §3, §4). */
export const MAX_OPTIONS = { 1: 6, 2: 10 } as const
export const TOO_MANY_OPTIONS = '至多只能设置十个选项！'
/** A, B and C are always required; D only when options follow it; E–J once shown. */
export const REQUIRED_OPTIONS = 3

export const TITLE_MAX = 200
export const ANALYSIS_MAX = 500
export const ANSWER_MAX = 500
export const OPTION_MAX = 200
export const CATEGORY_NAME_MAX = 50

export const JUDGE_TRUE = 'true'
export const JUDGE_FALSE = 'false'

// ---------------------------------------------------------------- categories

const categoryForm = {
  name: field.text('类别名称', { required: true, max: CATEGORY_NAME_MAX }),
  // Not drawn in the dialog: the screen's use (exam or questionnaire) gives it.
  useType: field.choice('题目用途', { options: [UseType.QUESTIONNAIRE, UseType.EXAM].map((value) => ({ value, label: useTypeLabels[value] })), hidden: true }),
}

/** 1 questionnaire, 2 exam: every query and body of the banks names its use. */
const useTypeField = categoryForm.useType.schema

export const CategoryCreateSchema = fieldsSchema(categoryForm)
export const CategoryUpdateSchema = z.object({ id: z.number({ error: '编号无效' }).int().positive('编号无效'), name: categoryForm.name.schema })

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  useType: z.number().int(),
  /** Questions filed under it (a category in use cannot be deleted). */
  questionCount: z.number().int(),
  createTime: dateTimeText,
})
export type Category = z.infer<typeof CategorySchema>
export const CategoryPageSchema = pageOf(CategorySchema)

/**
 * 题库类别 as a resource: the screen (CrudScreen), its dialog, columns and filter come from
 * it. The routes are declared by hand (routes/question.ts) for both uses; their names and
 * inputs are the standard ones. The questionnaire's screen is the same resource under its
 * own permission (its heading and its menu entry).
 */
export const examCategoryResource = {
  name: 'questionCategory', path: '/api/question/category', noun: '类别', access: 'exam:category', table: 'questionCategory',
  row: CategorySchema, form: categoryForm, fields: CategoryCreateSchema,
  columns: ['name', { key: 'questionCount', title: '题目数', width: '100px' }, createTimeColumn],
  filters: { name: { schema: textFilter, match: 'contains' } },
} as const satisfies ResourceDescriptor

/** 问卷类别: the same records, of the questionnaire use. */
export const questionnaireCategoryResource = { ...examCategoryResource, access: 'questionnaire:category' } as const satisfies ResourceDescriptor

export const CategoryQuerySchema = listQueryOf(examCategoryResource.filters).extend({ useType: useTypeField })

export const CategoryAllQuerySchema = z.object({ useType: useTypeField })
export const CategoryOptionSchema = z.object({ id: z.number().int(), name: z.string() })
export type CategoryOption = z.infer<typeof CategoryOptionSchema>

// ---------------------------------------------------------------- the question form

/** Options as `{"A": "…", "B": "…"}` (the spec's stem), from the wire's JSON text or an object. */
const stemField = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((v, ctx): string[] => {
    if (v === null || v === undefined || v === '') return []
    let record: unknown = v
    if (typeof v === 'string') {
      try {
        record = JSON.parse(v)
      } catch {
        ctx.addIssue({ code: 'custom', message: '选项格式无效' })
        return z.NEVER
      }
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      ctx.addIssue({ code: 'custom', message: '选项格式无效' })
      return z.NEVER
    }
    const entries = record as Record<string, unknown>
    const letters = Object.keys(entries)
    const expected = OPTION_LETTERS.slice(0, letters.length)
    if (letters.length > OPTION_LETTERS.length || !expected.every((l) => l in entries)) {
      ctx.addIssue({ code: 'custom', message: '选项须从 A 开始依次排列' })
      return z.NEVER
    }
    return expected.map((l) => (typeof entries[l] === 'string' ? (entries[l] as string).trim() : ''))
  })

/** Answer letters of a choice question, from 'A,C', 'AC' or ['C','A']. */
export function answerLetters(answer: string | readonly string[] | null | undefined): string[] {
  if (!answer) return []
  const parts = typeof answer === 'string' ? answer.toUpperCase().split(/[\s,，、]*/) : answer.map((a) => a.toUpperCase())
  return [...new Set(parts.filter((p) => p !== ''))].sort()
}

const answerField = z
  .union([z.string(), z.array(z.string()), z.boolean(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? String(v) : v))

export const questionFormShape = z.object({
  useType: useTypeField,
  type: numberLike(z.number().refine(isQuestionType, '请选择题目类型'), '请选择题目类型'),
  categoryId: numberLike(z.number().int('请选择题目类别').positive('请选择题目类别'), '请选择题目类别'),
  title: requiredText('请输入题目名称', TITLE_MAX),
  stem: stemField,
  answer: answerField,
  analysis: optionalText(ANALYSIS_MAX),
  imagePath: optionalStoredPath,
})
type QuestionFormValue = z.output<typeof questionFormShape>

/** A question as stored: options to the spec's JSON stem, answer in its encoding (spec 001 §3). */
export interface EncodedQuestion {
  stem: string | null
  answer: string | null
}

/**
 * Every rule of spec 001 §5 that spans fields: the type allowed for the use, the
 * options of a choice question, and the answer each type needs. Questionnaire
 * questions have no right answer, so they carry none (docs/decisions.md).
 */
export function questionIssues(v: QuestionFormValue): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = []
  const add = (path: string, message: string) => issues.push({ path, message })
  if (!typesOfUse(v.useType).includes(v.type as QuestionTypeValue)) add('type', '问卷题目只能是单选题、多选题或问答题')
  const isChoice = v.type === QuestionType.SINGLE || v.type === QuestionType.MULTIPLE
  const exam = v.useType === UseType.EXAM
  if (isChoice) {
    const options = v.stem
    const max = MAX_OPTIONS[v.type as 1 | 2]
    if (options.length > max) add('stem', v.type === QuestionType.SINGLE ? '单选题至多设置六个选项（A–F）' : TOO_MANY_OPTIONS)
    for (let i = 0; i < Math.max(REQUIRED_OPTIONS, options.length); i++) {
      const text = options[i] ?? ''
      // D may stay empty while it is the last option; it is then left out.
      const optional = i === REQUIRED_OPTIONS && i === options.length - 1
      if (text === '' && !optional) add(`stem.${OPTION_LETTERS[i]}`, `请输入选项${OPTION_LETTERS[i]}`)
      else if (text.length > OPTION_MAX) add(`stem.${OPTION_LETTERS[i]}`, `选项${OPTION_LETTERS[i]}最多 ${OPTION_MAX} 个字`)
    }
    const shown = new Set<string>(OPTION_LETTERS.slice(0, options.length))
    const letters = answerLetters(v.answer)
    if (exam && v.type === QuestionType.SINGLE && letters.length === 0) add('answer', '答案不能为空')
    else if (exam && v.type === QuestionType.SINGLE && letters.length > 1) add('answer', '单选题只能有一个答案')
    else if (exam && v.type === QuestionType.MULTIPLE && letters.length < 2) add('answer', '请至少选择两个答案')
    else if (letters.some((l) => !shown.has(l))) add('answer', '答案须是已设置的选项')
  } else if (exam && v.type === QuestionType.JUDGE && ![JUDGE_TRUE, JUDGE_FALSE].includes(String(v.answer).toLowerCase())) {
    add('answer', '答案不能为空')
  } else if (exam && v.type === QuestionType.FILL && String(v.answer).trim() === '') {
    add('answer', '请输入建议答案')
  } else if (String(v.answer).length > ANSWER_MAX) {
    add('answer', `答案最多 ${ANSWER_MAX} 个字`)
  }
  return issues
}

/** The stored stem and answer of a valid form. */
export function encodeQuestion(v: QuestionFormValue): EncodedQuestion {
  const isChoice = v.type === QuestionType.SINGLE || v.type === QuestionType.MULTIPLE
  if (isChoice) {
    const options = v.stem.filter((text, i) => !(text === '' && i === v.stem.length - 1))
    const stem = JSON.stringify(Object.fromEntries(options.map((text, i) => [OPTION_LETTERS[i], text])))
    const letters = answerLetters(v.answer)
    return { stem, answer: letters.length > 0 ? letters.join(',') : null }
  }
  const answer = String(v.answer).trim()
  if (v.type === QuestionType.JUDGE) return { stem: null, answer: answer === '' ? null : answer.toLowerCase() }
  return { stem: null, answer: answer === '' ? null : answer }
}

function refineQuestion(v: QuestionFormValue, ctx: z.RefinementCtx): void {
  for (const issue of questionIssues(v)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message })
}

export const QuestionCreateSchema = questionFormShape.superRefine(refineQuestion)
export type QuestionCreate = z.input<typeof QuestionCreateSchema>
export const QuestionUpdateSchema = questionFormShape
  .extend({ id: z.number({ error: '编号无效' }).int().positive('编号无效') })
  .superRefine(refineQuestion)
export type QuestionUpdate = z.input<typeof QuestionUpdateSchema>

// ---------------------------------------------------------------- lists and records

export const QuestionFilterSchema = z.object({
  useType: useTypeField,
  title: textFilter,
  type: intLike.pipe(z.number().int()).optional(),
  categoryId: intLike.pipe(z.number().int().positive()).optional(),
  status: intLike.pipe(z.number().int()).optional(),
})
export const QuestionQuerySchema = pageQuery.extend(QuestionFilterSchema.shape)
export type QuestionQuery = z.input<typeof QuestionQuerySchema>

export const QuestionSchema = z.object({
  id: z.number().int(),
  useType: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  type: z.number().int(),
  title: z.string(),
  /** JSON text of option letter to text; null for true/false, essay and fill-in. */
  stem: z.string().nullable(),
  answer: z.string().nullable(),
  analysis: z.string().nullable(),
  imagePath: z.string().nullable(),
  status: z.number().int(),
  createBy: z.number().int().nullable(),
  createName: z.string().nullable(),
  createTime: dateTimeText,
})
export type Question = z.infer<typeof QuestionSchema>
export const QuestionPageSchema = pageOf(QuestionSchema)

/**
 * 题库 as a resource: the screen (CrudScreen) lists, filters and deletes through it. The
 * routes are declared by hand (routes/question.ts: both uses' permissions edit them, the
 * delete takes `ids`); so is the dialog (QuestionDialog: options and answers by type). The
 * query's use is the screen's (`fixed`).
 */
export const questionResource = {
  name: 'question', path: '/api/question', noun: '题目', access: 'exam:category', table: 'question',
  row: QuestionSchema, fields: QuestionCreateSchema,
  filters: {
    title: { schema: QuestionFilterSchema.shape.title, match: 'contains', label: '题目名称' },
    type: { schema: QuestionFilterSchema.shape.type, match: 'equals', label: '题型' },
    categoryId: { schema: QuestionFilterSchema.shape.categoryId, match: 'equals', label: '类别' },
    status: {
      schema: QuestionFilterSchema.shape.status, match: 'equals', label: '审核状态',
      options: Object.entries(questionStatusLabels).map(([value, label]) => ({ value, label })),
    },
  },
} as const satisfies ResourceDescriptor

/** Ids of a bulk delete, comma-joined in the path (spec 001 §7). */
export const QuestionIdsParam = z.object({
  ids: idListText('未选中任何行', 1000, '一次最多删除 1000 道题目'),
})

export const QuestionAuditSchema = z.object({
  id: z.number({ error: '编号无效' }).int().positive('编号无效'),
  status: z.union([z.literal(1), z.literal(-1)], { error: '审核结果无效' }),
})

/** 批量审核 (issue 27): the selected questions all approved (1) or all rejected (−1), in one request. */
export const QuestionAuditManySchema = z.object({
  ids: z
    .array(z.number({ error: '编号无效' }).int().positive('编号无效'), { error: '未选中任何行' })
    .min(1, '未选中任何行')
    .max(1000, '一次最多审核 1000 道题目'),
  status: QuestionAuditSchema.shape.status,
})
export const QuestionAuditManyResultSchema = z.object({ updated: z.number().int() })

export const QuestionCreatorSchema = z.object({ createName: z.string().nullable() })

/** Parsed options of a stored stem, in letter order. */
export function stemOptions(stem: string | null): { letter: string; text: string }[] {
  if (!stem) return []
  try {
    const record = JSON.parse(stem) as Record<string, unknown>
    return OPTION_LETTERS.filter((l) => typeof record[l] === 'string').map((l) => ({ letter: l, text: record[l] as string }))
  } catch {
    return []
  }
}

/** How an answer reads to a person: letters, 对 / 错, or the text. */
export function answerText(type: number, answer: string | null): string {
  if (answer === null) return ''
  if (type === QuestionType.JUDGE) return answer === JUDGE_TRUE ? '对' : answer === JUDGE_FALSE ? '错' : answer
  return answer
}

/**
 * An answer as the paper export writes it (issue 27): 正确 / 错误 for a judgement, each
 * chosen letter with its option's text (A. 甲；C. 丙), else the text as typed.
 */
export function answerWords(type: number, answer: string | null, stem: string | null): string {
  if (answer === null || answer === '') return ''
  if (type === QuestionType.JUDGE) return answer === JUDGE_TRUE ? '正确' : answer === JUDGE_FALSE ? '错误' : answer
  const options = stemOptions(stem)
  if (options.length === 0) return answer
  return answer
    .split(',')
    .map((letter) => letter.trim())
    .filter(Boolean)
    .map((letter) => {
      const option = options.find((o) => o.letter === letter)
      return option ? `${letter}. ${option.text}` : letter
    })
    .join('；')
}

// ---------------------------------------------------------------- import

export const QuestionImportInputSchema = z.object({
  path: z.string().regex(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/, '文件路径无效'),
  useType: useTypeField,
})

export const QuestionTemplateQuerySchema = z.object({ useType: useTypeField })
