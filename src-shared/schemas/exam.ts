import { z } from 'zod'
import { minutesOf } from '../date-text'
import { listQueryOf, type ResourceDescriptor } from '../resource'
import { dateTimeText, intLike, pageOf, pageQuery, requiredText, textFilter } from './common'
import { requiredNumber } from './training'
import { classTypeCodes } from './training-codes'

/**
 * Exams (spec 001 §3 Exam, §4 exam and member-exam status, §5 exam rules) and the
 * member's side of them. An exam belongs to a training; type 2 is an exam, type 1 the
 * training's satisfaction questionnaire.
 */

export const ExamType = { QUESTIONNAIRE: 1, EXAM: 2 } as const

/** Stored status of a candidate (spec 001 §4): WAIT to take, DONE to mark, CHECK marked. */
export const memberExamStatuses = ['WAIT', 'DONE', 'CHECK'] as const
export type MemberExamStatus = (typeof memberExamStatuses)[number]

export const scorePolicies = ['highest', 'latest'] as const
/** What each score policy is called on screen (the exam form, the operation log). */
export const scorePolicyLabels: Record<(typeof scorePolicies)[number], string> = { highest: '取最高分', latest: '取最后一次' }

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
export const laterThan = (earlier: unknown, later: unknown) => typeof earlier === 'string' && typeof later === 'string' && TIME.test(earlier) && TIME.test(later) && later <= earlier
/** Whole minutes from `start` to `end` (both `yyyy-MM-dd HH:mm:ss`), null when either is not such a time. Read as UTC: only the difference matters. */
const minutesBetween = (start: unknown, end: unknown) =>
  typeof start === 'string' && typeof end === 'string' && TIME.test(start) && TIME.test(end)
    ? Math.floor((Date.parse(`${end.replace(' ', 'T')}Z`) - Date.parse(`${start.replace(' ', 'T')}Z`)) / 60_000)
    : null

export const requiredTime = (message: string) => z.string({ error: message }).trim().min(1, message).pipe(dateTimeText)
/** Papers B–E: absent, null or 0 (the dialog's 不使用) mean none. */
const optionalId = requiredNumber('试卷无效').pipe(z.number().min(0, '试卷无效')).nullish().transform((v) => (v ? v : null))

/** An optional field whose empty text (the spec's client's "none") is null. */
const blankAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullish())

/** Score numbers: a number or its text; `message` when missing. */
const requiredScore = (message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)], { error: message }).pipe(z.number().min(0, '不能小于0'))

/** An exam's paper fields (variants A–E) and what the form calls them. */
export const examPaperFields = [['paperId', '试卷A'], ['paper2Id', '试卷B'], ['paper3Id', '试卷C'], ['paper4Id', '试卷D'], ['paper5Id', '试卷E']] as const

export const examShape = z.object({
  title: requiredText('请输入考试名称', 40),
  content: requiredText('请输入考试简介', 200),
  trainId: requiredNumber('请选择关联培训').pipe(z.number().positive('请选择关联培训')),
  joinType: z.union([z.literal(1), z.literal(2), z.enum(['1', '2']).transform(Number)], { error: '请选择参加方式' }) as z.ZodType<1 | 2, 1 | 2 | '1' | '2'>,
  /** Required only for random join (joinType 2). */
  joinNum: requiredNumber('请输入考试人数').pipe(z.number().min(1, '考试人数不能小于1')).nullish().transform((v) => v ?? null),
  startTime: requiredTime('请选择开始时间'),
  endTime: requiredTime('请选择结束时间'),
  countdown: requiredNumber('请输入考试时长').pipe(z.number().min(1, '考试时长不能小于1分钟').max(1440, '考试时长不能超过1440分钟')),
  passLine: requiredScore('请输入及格线'),
  retestNum: requiredNumber('请输入重考次数').pipe(z.number().min(0, '重考次数不能小于0').max(99, '重考次数不能超过99')),
  canLookAnswer: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)], { error: '请选择是否模拟考试' }) as z.ZodType<0 | 1, 0 | 1 | '0' | '1'>,
  paperId: requiredNumber('请选择试卷A').pipe(z.number().positive('请选择试卷A')),
  paper2Id: optionalId,
  paper3Id: optionalId,
  paper4Id: optionalId,
  paper5Id: optionalId,
  /** Which sitting counts when a candidate sits again or makes up: the highest or the latest. */
  scorePolicy: z.enum(scorePolicies, { error: '请选择成绩计算方式' }).optional().default('highest'),
  /** Spec 001 §3 names it and gives no values: kept as sent (a whole number 0–99); absent keeps it, empty clears it. */
  typesetting: blankAsNull(requiredNumber('排版方式须为 0 至 99 的整数').pipe(z.number().min(0, '排版方式须为 0 至 99 的整数').max(99, '排版方式须为 0 至 99 的整数'))),
  /** The exam's own class type (spec 001 §3); absent keeps it, empty: the training's. */
  classType: blankAsNull(requiredNumber('请选择班次类别').refine((v) => (classTypeCodes as number[]).includes(v), '请选择班次类别')),
})
type ExamValue = z.output<typeof examShape>

export function refineExam(v: ExamValue, ctx: z.RefinementCtx): void {
  if (laterThan(v.startTime, v.endTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间须晚于开始时间' })
  if (v.joinType === 2 && (v.joinNum === null || v.joinNum === undefined)) ctx.addIssue({ code: 'custom', path: ['joinNum'], message: '请输入考试人数' })
  // A sitting cannot outlast the window it must fit in (issue 27: 600 minutes in a 60-minute window).
  const windowMinutes = minutesBetween(v.startTime, v.endTime)
  if (windowMinutes !== null && windowMinutes > 0 && typeof v.countdown === 'number' && v.countdown > windowMinutes) ctx.addIssue({ code: 'custom', path: ['countdown'], message: `考试时长不能超过考试时间段（${windowMinutes}分钟）` })
}

export const ExamFormSchema = examShape.superRefine(refineExam)
export const ExamCreateBodySchema = ExamFormSchema
export const ExamUpdateBodySchema = examShape.extend({ id: intLike.pipe(z.number().int().positive('编号无效')) }).superRefine(refineExam)
export type ExamForm = z.input<typeof ExamFormSchema>

/** Status of an exam (spec 001 §4): 0 not started, 1 in progress, 2 ended, 3 closed by hand. */
export const ExamStatus = { NOT_STARTED: 0, IN_PROGRESS: 1, ENDED: 2, CLOSED: 3 } as const
export const examStatusLabels: Record<number, string> = { 0: '未开始', 1: '进行中', 2: '已结束', 3: '已关闭' }

export const ExamSchema = z.object({
  id: z.number(),
  type: z.number(),
  title: z.string(),
  content: z.string(),
  trainId: z.number(),
  trainName: z.string(),
  joinType: z.number(),
  joinNum: z.number().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  countdown: z.number(),
  passLine: z.number(),
  retestNum: z.number(),
  canLookAnswer: z.number(),
  paperId: z.number(),
  paper2Id: z.number().nullable(),
  paper3Id: z.number().nullable(),
  paper4Id: z.number().nullable(),
  paper5Id: z.number().nullable(),
  scorePolicy: z.enum(scorePolicies),
  typesetting: z.number().nullable(),
  /** Its own class type, else its training's. */
  classType: z.number(),
  status: z.number(),
  /** Candidates enrolled (all rounds). */
  candidates: z.number(),
  createdAt: z.string(),
})
export type Exam = z.infer<typeof ExamSchema>

/**
 * 考试管理 as a resource: the screen (CrudScreen) lists, filters and deletes through it. The
 * routes are declared by hand (routes/exam.ts: a create enrols the candidates, an edit of a
 * started exam has rules of its own), their names and inputs the standard ones; so is the
 * dialog (ExamDialog: the trainings, the papers, what an edit of a started exam does).
 */
export const examResource = {
  name: 'exam', path: '/api/exam', noun: '考试', access: 'exam:exam', table: 'exam',
  row: ExamSchema, fields: ExamCreateBodySchema,
  filters: { title: { schema: textFilter, match: 'contains', label: '考试名称' } },
} as const satisfies ResourceDescriptor

export const ExamListQuerySchema = listQueryOf(examResource.filters)
export const ExamPageSchema = pageOf(ExamSchema)
export const ExamOptionSchema = z.object({ id: z.number(), title: z.string() })
export const NamedOptionSchema = z.object({ id: z.number(), name: z.string() })
export const PaperOptionSchema = z.object({ id: z.number(), title: z.string(), totalScore: z.number() })

export const ExamIdQuerySchema = z.object({ examId: intLike.pipe(z.number().int().positive('考试编号无效')) })

// ---------------------------------------------------------------- score list, grading, make-up

export const MemberExamSchema = z.object({
  id: z.number(),
  memberId: z.number(),
  memberName: z.string(),
  telephone: z.string(),
  status: z.enum(memberExamStatuses),
  /** Not sat and no longer possible (its window is over or the exam was closed): shown as 缺考. */
  absent: z.boolean(),
  isMakeUp: z.number(),
  /** The score that counts under the exam's policy; null until a sitting is fully marked. */
  score: z.number().nullable(),
  attempts: z.number(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Whether the score reached the pass line (null while there is none). */
  passed: z.boolean().nullable(),
  paper: z.object({ totalScore: z.number().nullable() }),
})
export type MemberExam = z.infer<typeof MemberExamSchema>

export const MemberExamListQuerySchema = pageQuery.extend({
  examId: intLike.pipe(z.number().int().positive('考试编号无效')),
  status: z.enum(memberExamStatuses).optional().or(z.literal('').transform(() => undefined)),
  name: textFilter,
})
export const MemberExamPageSchema = pageOf(MemberExamSchema)

export const MemberExamIdQuerySchema = z.object({ memberExamId: intLike.pipe(z.number().int().positive('编号无效')) })

export const gradeStatuses = ['IGNORE', 'SUCCESS'] as const

/** A question as the paper held it when the sitting started. */
export const QuestionSnapshotSchema = z.object({
  title: z.string(),
  type: z.number(),
  /** JSON text of option letter → text (types 1 and 2), else empty. */
  stem: z.string(),
  answer: z.string(),
  analysis: z.string(),
})
export type QuestionSnapshot = z.infer<typeof QuestionSnapshotSchema>

export const AnswerItemSchema = z.object({
  id: z.number(),
  status: z.enum(gradeStatuses),
  score: z.number().nullable(),
  questionScore: z.number(),
  answer: z.string().nullable(),
  question: QuestionSnapshotSchema,
})
export type AnswerItem = z.infer<typeof AnswerItemSchema>

export const AnswerDetailSchema = z.object({
  memberExamId: z.number(),
  memberName: z.string(),
  examTitle: z.string(),
  attemptNo: z.number().nullable(),
  totalScore: z.number().nullable(),
  score: z.number().nullable(),
  /** The server submitted this sitting with what was saved (系统交卷): the exam was closed or its time ran out. */
  systemSubmitted: z.boolean(),
  answers: z.array(AnswerItemSchema),
})
export type AnswerDetail = z.infer<typeof AnswerDetailSchema>

/** The grading submit (spec 001 §7): every IGNORE item needs a whole-number score 0..full. */
export const GradeBodySchema = z.object({
  memberExamId: intLike.pipe(z.number().int().positive('编号无效')),
  answers: z
    .array(
      z.object({
        id: intLike.pipe(z.number().int().positive('编号无效')),
        score: z.number({ error: '请输入分数' }).int('分数须为整数').min(0, '分数不能小于0'),
        status: z.enum(gradeStatuses).optional(),
      }),
      { error: '没有要提交的评分' },
    )
    .min(1, '没有要提交的评分'),
})
/** 按题阅卷: one question across every candidate (issue 27). Without `questionId`, the first question still waiting for marks. */
export const MarkingQuerySchema = z.object({
  examId: intLike.pipe(z.number().int().positive('考试编号无效')),
  questionId: intLike.pipe(z.number().int().positive('题目编号无效')).optional(),
})
export const MarkingSchema = z.object({
  /** The questions marked by hand (问答题, and any answer waiting for marks), in paper order. */
  questions: z.array(z.object({ questionId: z.number(), title: z.string(), questionType: z.number(), answers: z.number(), waiting: z.number() })),
  /** The chosen question's text, reference answer and analysis; null when there is none to mark. */
  question: z.object({ questionId: z.number(), title: z.string(), answer: z.string(), analysis: z.string() }).nullable(),
  /** Every submitted sitting's answer to it, candidate by candidate (a retake and a make-up are sittings of their own). */
  answers: z.array(
    z.object({
      answerId: z.number(),
      memberExamId: z.number(),
      memberName: z.string(),
      isMakeUp: z.number(),
      attemptNo: z.number(),
      answer: z.string(),
      questionScore: z.number(),
      /** Null while waiting for marks. */
      score: z.number().nullable(),
    }),
  ),
})
export type Marking = z.infer<typeof MarkingSchema>
export const GradeOneBodySchema = z.object({
  memberExamId: intLike.pipe(z.number().int().positive('编号无效')),
  answerId: intLike.pipe(z.number().int().positive('编号无效')),
  score: z.number({ error: '请输入分数' }).int('分数须为整数').min(0, '分数不能小于0'),
})
export const GradeResultSchema = z.object({ status: z.enum(memberExamStatuses), score: z.number().nullable() })

const makeUpWindowShape = z.object({
  startTime: requiredTime('请选择补考开始时间'),
  endTime: requiredTime('请选择补考结束时间'),
})
function refineMakeUpWindow(v: z.output<typeof makeUpWindowShape>, ctx: z.RefinementCtx): void {
  if (laterThan(v.startTime, v.endTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '补考结束时间须晚于开始时间' })
}
/**
 * A make-up round is for those who failed or missed the exam, so it opens once the
 * exam's own window has ended (issue 27); the reason, or null when `startTime` is fine.
 */
export function makeUpStartIssue(examEnd: string, startTime: string): string | null {
  return startTime < examEnd ? `补考开始时间须不早于考试结束时间（${minutesOf(examEnd)}）` : null
}
/** The make-up dialog's own fields (the rows come from the list's selection), checked against the exam's end. */
export function makeUpWindowSchema(examEnd: string) {
  return makeUpWindowShape.superRefine((v, ctx) => {
    refineMakeUpWindow(v, ctx)
    const early = makeUpStartIssue(examEnd, v.startTime)
    if (early) ctx.addIssue({ code: 'custom', path: ['startTime'], message: early })
  })
}
/**
 * A selected row of the score list: the member exam as the spec's client sends it
 * (`{ id, memberName, score, … }`, spec 001 §4 "the selected member exams") or its bare id;
 * its id is what is taken.
 */
const selectedMemberExam = z
  .union([intLike.pipe(z.number().int().positive()), z.object({ id: intLike.pipe(z.number().int().positive()) })], { error: '选中的考生编号无效' })
  .transform((v) => (typeof v === 'number' ? v : v.id))
export const MakeUpBodySchema = makeUpWindowShape
  .extend({
    /** The exam; the spec's client leaves it out, and then the selected member exams name it. */
    examId: intLike.pipe(z.number().int().positive('考试编号无效')).optional(),
    memberExams: z.array(selectedMemberExam, { error: '未选中任何行' }).min(1, '未选中任何行'),
  })
  .superRefine(refineMakeUpWindow)
export const MakeUpResultSchema = z.object({ count: z.number() })
/** Candidates to offer for make-up in one click: failed ones and those who never sat. */
export const MakeUpCandidatesSchema = z.object({ failed: z.array(z.number()), absent: z.array(z.number()) })
