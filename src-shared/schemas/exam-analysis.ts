import { z } from 'zod'
import { intLike, pageOf, pageQuery, requiredText } from './common'
import { laterThan, requiredTime } from './exam'
import { requiredNumber } from './training'

/** An exam's participants, its score summary and answer analysis, and a training's satisfaction questionnaire with its results. */

/** Participant list status (spec 000 §4, 001 §4): WAIT to take, DONE submitted, PASS expired (never sat). */
export const participantStatuses = ['WAIT', 'DONE', 'PASS'] as const
export const ParticipantQuerySchema = pageQuery.extend({
  examId: intLike.pipe(z.number().int().positive('考试编号无效')),
  status: z.enum(participantStatuses).optional().or(z.literal('').transform(() => undefined)),
})
export const ParticipantSchema = z.object({
  id: z.number(),
  examName: z.string(),
  memberName: z.string(),
  memberTelephone: z.string(),
  /** 1 for a make-up round (补考), which is a row of its own. */
  isMakeUp: z.number(),
  status: z.enum(participantStatuses),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Minutes from start to submit of the first sitting. */
  durations: z.number().nullable(),
  score: z.number().nullable(),
})
export type Participant = z.infer<typeof ParticipantSchema>
export const ParticipantPageSchema = pageOf(ParticipantSchema)

/**
 * An exam's scores at a glance for its report: per member the best of their rounds
 * (a make-up counts), averages over the marked ones, and how many fall in each band of
 * the full score (below 60 %, 60–69 %, 70–79 %, 80–89 %, 90 % and up; `from`/`to` in points).
 */
export const ScoreSummarySchema = z.object({
  candidates: z.number(),
  submitted: z.number(),
  /** Members with a marked score. */
  scored: z.number(),
  passed: z.number(),
  passLine: z.number(),
  /** The real total of the papers sat (the highest when variants differ); bands are shares of it. */
  fullScore: z.number(),
  /** Each paper the exam names (A–E): its real total and how many submitted sittings were on it. */
  variants: z.array(z.object({ label: z.string(), title: z.string(), totalScore: z.number(), sittings: z.number() })),
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  bands: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
})
export type ScoreSummary = z.infer<typeof ScoreSummarySchema>

/**
 * What the analysis calls its percentages, each with its base (issue 27: 占比 and 正确率
 * stood side by side on different bases), and how 正确率 counts essays.
 */
export const analysisLabels = {
  share: '占比（按作答人数）',
  rate: '正确率（按作答人数）',
  rateNote: '正确率 = 得分 ÷ 满分，按已评分的作答计：客观题即答对的比例，问答题等主观题为平均得分率。',
  facility: '难度系数（得分率）',
  discrimination: '区分度',
  thirds: (k: number) => `高分组 / 低分组（各 ${k} 份答卷）`,
  statisticsNote:
    '难度系数 = 平均得分 ÷ 满分（按已评分的答卷，主观题为平均得分率）；区分度 = 该题得分与其余各题总分的相关系数（-1～1，按 Moodle 测验统计的定义），为负表示高分考生反而答得差，请检查题目与答案；高分组 / 低分组为按总分排序的前、后三分之一答卷。',
  negative: '区分度为负，请检查',
} as const

/** One question of the answer analysis or the questionnaire results (spec 001 §3 analysis row). */
export const AnalysisRowSchema = z.object({
  id: z.number(),
  questionType: z.number(),
  title: z.string(),
  stem: z.string(),
  /** Reference answer (empty for questionnaires and essays). */
  answer: z.string(),
  /** How many answered it. */
  num: z.number(),
  /**
   * 正确率 (exam), 0..1: the marks got ÷ the marks possible over the marked answers of
   * those who answered (an objective question: the share answering right; an essay at
   * 15/20: 0.75). Null for questionnaires and while no answer is marked.
   */
  per: z.number().nullable(),
  /**
   * Moodle's facility index (the average share of the marks, 0..1) and discrimination index
   * (correlation of the question's score with the rest of the test, −1..1) over the marked
   * answers of the submitted sittings (src-shared/item-statistics.ts); null for
   * questionnaires, before anything is marked, or (D) when the scores do not vary.
   */
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  /** Sittings in each of the top and bottom thirds (ranked by total): the base of the options' `top` / `bottom`. 0 for questionnaires. */
  third: z.number(),
  /**
   * Each option: how many chose it and their share of those who answered (`num`); `top` /
   * `bottom`: the share of the top / bottom third's sittings that chose it (null for
   * questionnaires and while there are fewer than three sittings).
   */
  options: z.array(z.object({ key: z.string(), text: z.string(), num: z.number(), per: z.number(), top: z.number().nullable(), bottom: z.number().nullable() })),
  /** Free answers (essay, fill-in), the latest first, at most 200. */
  answers: z.array(z.object({ member: z.object({ name: z.string() }), answer: z.string() })),
})
export type AnalysisRow = z.infer<typeof AnalysisRowSchema>

export const QuestionnaireResultQuerySchema = z.object({ trainId: intLike.pipe(z.number().int().positive('培训班编号无效')) })
export const QuestionnaireSchema = z.object({
  examId: z.number(),
  trainId: z.number(),
  trainName: z.string(),
  title: z.string(),
  paperId: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  /** Anonymous: the answers are kept without the member (who answered is still known, one answer each). */
  anonymous: z.boolean(),
  respondents: z.number(),
})
export const QuestionnaireResultSchema = z.object({
  trainName: z.string(),
  questionnaire: QuestionnaireSchema.nullable(),
  rows: z.array(AnalysisRowSchema),
})
export type QuestionnaireResult = z.infer<typeof QuestionnaireResultSchema>

/** A training's satisfaction questionnaire: a questionnaire paper (type 1) and when members may answer it. */
export const QuestionnaireSetBodySchema = z
  .object({
    trainId: intLike.pipe(z.number().int().positive('请选择培训班')),
    title: requiredText('请输入问卷名称', 40),
    paperId: requiredNumber('请选择问卷').pipe(z.number().positive('请选择问卷')),
    startTime: requiredTime('请选择开始时间'),
    endTime: requiredTime('请选择结束时间'),
    anonymous: z.boolean({ error: '请选择是否匿名' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (laterThan(v.startTime, v.endTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间须晚于开始时间' })
  })
