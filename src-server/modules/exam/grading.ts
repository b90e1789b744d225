import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AnswerDetail, QuestionSnapshot } from '../../../src-shared/schemas/exam'
import type { Db } from '../../db/types'
import { refreshMemberExam } from './results'

export const UNGRADED = '您还有未评分的题目！'

/**
 * The sitting a marker sees: the first one still waiting for marks, else the one whose
 * score counts (highest or latest), else the latest submitted.
 */
export async function sittingToMark(db: Db, memberExamId: number, policy: string) {
  const sittings = await db
    .selectFrom('examAttempt')
    .select(['id', 'attemptNo', 'score', 'totalScore', 'systemSubmitted'])
    .where('memberExamId', '=', memberExamId)
    .where('submittedAt', 'is not', null)
    .orderBy('attemptNo')
    .execute()
  const waiting = sittings.find((s) => s.score === null)
  if (waiting) return waiting
  if (sittings.length === 0) return null
  if (policy === 'latest') return sittings[sittings.length - 1]
  return sittings.reduce((best, s) => ((s.score ?? 0) > (best.score ?? 0) ? s : best))
}

export async function answerDetail(db: Db, round: { id: number; memberName: string; examTitle: string; scorePolicy: string }): Promise<AnswerDetail> {
  const sitting = await sittingToMark(db, round.id, round.scorePolicy)
  const answers = sitting
    ? await db.selectFrom('examAnswer').select(['id', 'status', 'score', 'questionScore', 'answer', 'question']).where('attemptId', '=', sitting.id).orderBy('position').execute()
    : []
  return {
    memberExamId: round.id,
    memberName: round.memberName,
    examTitle: round.examTitle,
    attemptNo: sitting?.attemptNo ?? null,
    totalScore: sitting?.totalScore ?? null,
    score: sitting?.score ?? null,
    systemSubmitted: sitting?.systemSubmitted === 1,
    answers: answers.map((a) => ({
      id: a.id,
      status: a.status === 'IGNORE' ? 'IGNORE' : 'SUCCESS',
      score: a.score,
      questionScore: a.questionScore,
      answer: a.answer,
      question: JSON.parse(a.question) as QuestionSnapshot,
    })),
  }
}

/**
 * Marks the waiting questions of a sitting (spec 001 §4–§5): every IGNORE question
 * needs a whole-number score from 0 to its full score, or nothing is stored; marked
 * questions become SUCCESS, and the sitting's score is their sum with the rest.
 */
export async function grade(db: Db, memberExamId: number, policy: string, marks: readonly { id: number; score: number }[]) {
  const sitting = await sittingToMark(db, memberExamId, policy)
  if (!sitting || sitting.score !== null) throw new AppError(ErrorKey.CONFLICT, '该考生没有待评阅的试卷')
  const answers = await db.selectFrom('examAnswer').select(['id', 'status', 'score', 'questionScore']).where('attemptId', '=', sitting.id).execute()
  const byId = new Map(marks.map((m) => [m.id, m.score]))
  for (const id of byId.keys()) {
    const answer = answers.find((a) => a.id === id)
    if (!answer) throw new AppError(ErrorKey.NOT_FOUND, '题目不在本试卷中')
    if (answer.status !== 'IGNORE') throw new AppError(ErrorKey.CONFLICT, '该题已评分，不能重复评分')
  }
  const waiting = answers.filter((a) => a.status === 'IGNORE')
  if (waiting.some((a) => !byId.has(a.id))) throw new AppError(ErrorKey.VALIDATION, UNGRADED)
  for (const a of waiting) {
    const score = byId.get(a.id) as number
    if (score > a.questionScore) throw new AppError(ErrorKey.VALIDATION, `分数不能超过该题满分 ${a.questionScore}`)
  }
  await db.transaction().execute(async (tx) => {
    for (const a of waiting) {
      // Only a still-waiting row is marked: two markers at once cannot both count.
      const done = await tx.updateTable('examAnswer').set({ status: 'SUCCESS', score: byId.get(a.id) as number }).where('id', '=', a.id).where('status', '=', 'IGNORE').executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) throw new AppError(ErrorKey.CONFLICT, '该题已评分，不能重复评分')
    }
    const total = answers.reduce((sum, a) => sum + (a.status === 'IGNORE' ? (byId.get(a.id) as number) : (a.score ?? 0)), 0)
    await tx.updateTable('examAttempt').set({ score: total }).where('id', '=', sitting.id).execute()
  })
  return refreshMemberExam(db, memberExamId)
}
