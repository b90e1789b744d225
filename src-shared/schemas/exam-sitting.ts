import { z } from 'zod'
import { intLike, numberLike } from './common'
import { memberExamStatuses } from './exam'
import { mobile } from './identity'

/** The member's side of an exam (the phone page /m/exam): sign-in, my exams, a sitting, its autosave and submit, a mock exam's review. */

export const MemberLoginBodySchema = z.object({
  telephone: mobile,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码错误'),
})
/** `validUntil`: when the session ends (yyyy-MM-dd HH:mm:ss): through the day of the member's last exam ahead (issue 28). */
export const MemberLoginResultSchema = z.object({ token: z.string(), name: z.string(), validUntil: z.string() })

export const MyExamSchema = z.object({
  memberExamId: z.number(),
  examId: z.number(),
  type: z.number(),
  title: z.string(),
  content: z.string(),
  trainName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  countdown: z.number(),
  isMakeUp: z.number(),
  status: z.enum(memberExamStatuses),
  attemptsLeft: z.number(),
  score: z.number().nullable(),
  /** A sitting started and not yet submitted (resume it). */
  openAttemptId: z.number().nullable(),
  /** Why it cannot be started now, or null. */
  closedReason: z.string().nullable(),
  /** A mock exam's latest submitted sitting, whose answers the member may look at (模拟考试 交卷后可查看答案); else null. */
  reviewAttemptId: z.number().nullable(),
})
export type MyExam = z.infer<typeof MyExamSchema>

export const SittingQuestionSchema = z.object({
  questionId: z.number(),
  type: z.number(),
  title: z.string(),
  score: z.number(),
  /** Options in the shuffled order: the original letter (the value saved) and its text. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer: z.string().nullable(),
})
export const SittingSchema = z.object({
  attemptId: z.number(),
  title: z.string(),
  /** A questionnaire is answered as a survey: no score, no time limit but its end time, options in their order, 提交. */
  questionnaire: z.boolean(),
  /** When the round ends (yyyy-MM-dd HH:mm:ss): a questionnaire's only deadline. */
  endTime: z.string(),
  paperSlot: z.number(),
  totalScore: z.number(),
  deadlineAt: z.number(),
  serverNow: z.number(),
  /** The highest autosave sequence number applied so far: the phone counts on from it. */
  seq: z.number(),
  questions: z.array(SittingQuestionSchema),
})
export type Sitting = z.infer<typeof SittingSchema>

export const StartBodySchema = z.object({ memberExamId: intLike.pipe(z.number().int().positive('编号无效')) })
export const SaveAnswerBodySchema = z.object({
  attemptId: intLike.pipe(z.number().int().positive('编号无效')),
  questionId: intLike.pipe(z.number().int().positive('编号无效')),
  answer: z.string({ error: '请作答' }).max(5000, '答案最多 5000 个字').nullable(),
  /** The sitting's autosave counter (the phone increments it per save): a lower one than stored is stale. */
  seq: numberLike(z.number().int('保存序号无效').min(1, '保存序号无效'), '缺少保存序号，请刷新页面后继续作答'),
})
/** `stale`: a newer save of the answer was already applied, so this one was acknowledged and not applied. */
export const SaveAnswerResultSchema = z.object({ savedAt: z.number(), stale: z.boolean() })
export const SubmitBodySchema = z.object({ attemptId: intLike.pipe(z.number().int().positive('编号无效')) })
export const SubmitResultSchema = z.object({
  /** A questionnaire has no score to show. */
  questionnaire: z.boolean(),
  status: z.enum(memberExamStatuses),
  /** Score of this sitting when nothing waits for a marker. */
  score: z.number().nullable(),
  totalScore: z.number(),
  /** A mock exam: the answers may be looked at now (GET /api/m/exam/review). */
  canReview: z.boolean(),
})
export const ReviewQuerySchema = z.object({ attemptId: intLike.pipe(z.number().int().positive('编号无效')) })
/** How a question of a submitted mock exam went: right, wrong, partly right (an essay's marks), or waiting for a marker. */
export const reviewMarks = ['right', 'wrong', 'partial', 'pending'] as const
export const ReviewSchema = z.object({
  title: z.string(),
  score: z.number().nullable(),
  totalScore: z.number(),
  questions: z.array(
    z.object({
      questionId: z.number(),
      type: z.number(),
      title: z.string(),
      /** Options in the order the sitting showed them. */
      options: z.array(z.object({ key: z.string(), text: z.string() })),
      /** The member's answer, as saved (letters, true/false or text). */
      answer: z.string().nullable(),
      /** The reference answer (an essay's is its analysis). */
      correctAnswer: z.string(),
      questionScore: z.number(),
      score: z.number().nullable(),
      mark: z.enum(reviewMarks),
    }),
  ),
})
export type Review = z.infer<typeof ReviewSchema>
export const MemberPageQuerySchema = z.object({})
/** The phone script's address carries its content's version (`v`), so a phone may keep it until the script changes. */
export const PhoneScriptQuerySchema = z.object({ v: z.string().max(64).optional() })
