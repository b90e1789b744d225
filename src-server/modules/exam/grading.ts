import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AnswerDetail, Marking, QuestionSnapshot } from '../../../src-shared/schemas/exam'
import type { Db } from '../../db/types'
import { snapshotsOf, submittedAnswers } from './analysis'
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

/** Questions marked by hand: 问答题, and any answer a marker must score (a fill-in the key does not settle). */
const MARKED_BY_HAND = 4

/**
 * 按题阅卷 (issue 27): the questions of the exam marked by hand and, for one of them (by
 * default the first still waiting), every submitted sitting's answer, candidate by candidate.
 */
export async function markingOf(db: Db, examId: number, questionId: number | undefined): Promise<Marking> {
  const answers = submittedAnswers(db, examId)
  const found = await answers
    .where((eb) => eb.or([eb('x.questionType', '=', MARKED_BY_HAND), eb('x.status', '=', 'IGNORE')]))
    .select(['x.questionId', 'x.questionType'])
    .select((eb) => [
      eb.fn.min('x.id').as('sampleId'),
      eb.fn.min('x.position').as('position'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when('x.status', '=', 'IGNORE').then(1).else(0).end()).as('waiting'),
    ])
    .groupBy(['x.questionId', 'x.questionType'])
    .execute()
  found.sort((a, b) => Number(a.position) - Number(b.position) || a.questionId - b.questionId)
  const snapshot = await snapshotsOf(db, 'examAnswer', found.map((q) => Number(q.sampleId)))
  const questions = found.map((q) => ({
    questionId: q.questionId,
    questionType: q.questionType,
    title: snapshot.get(Number(q.sampleId))?.title ?? '',
    answers: Number(q.n),
    waiting: Number(q.waiting),
  }))
  const chosen = found.find((q) => q.questionId === questionId) ?? found.find((q) => Number(q.waiting) > 0) ?? found[0]
  if (!chosen) return { questions, question: null, answers: [] }
  const shown = snapshot.get(Number(chosen.sampleId))
  const rows = await answers
    .innerJoin('member as p', 'p.id', 'm.memberId')
    .where('x.questionId', '=', chosen.questionId)
    .select(['x.id as answerId', 'm.id as memberExamId', 'p.name as memberName', 'm.isMakeUp', 'a.attemptNo', 'x.answer', 'x.questionScore', 'x.score', 'x.status'])
    .orderBy('m.id')
    .orderBy('a.attemptNo')
    .execute()
  return {
    questions,
    question: { questionId: chosen.questionId, title: shown?.title ?? '', answer: shown?.answer ?? '', analysis: shown?.analysis ?? '' },
    answers: rows.map((r) => ({
      answerId: r.answerId,
      memberExamId: r.memberExamId,
      memberName: r.memberName,
      isMakeUp: r.isMakeUp,
      attemptNo: r.attemptNo,
      answer: r.answer ?? '',
      questionScore: Number(r.questionScore),
      score: r.status === 'IGNORE' ? null : r.score === null ? null : Number(r.score),
    })),
  }
}

/**
 * Marks one waiting answer of a candidate's submitted sitting (按题阅卷). The sitting gets
 * its score once none of its answers waits any more, as a whole-sitting marking gives it.
 */
export async function gradeOne(db: Db, memberExamId: number, answerId: number, score: number) {
  const answer = await db
    .selectFrom('examAnswer as x')
    .innerJoin('examAttempt as a', 'a.id', 'x.attemptId')
    .select(['x.attemptId', 'x.status', 'x.questionScore'])
    .where('x.id', '=', answerId)
    .where('a.memberExamId', '=', memberExamId)
    .where('a.submittedAt', 'is not', null)
    .executeTakeFirst()
  if (!answer) throw new AppError(ErrorKey.NOT_FOUND, '题目不在本试卷中')
  if (answer.status !== 'IGNORE') throw new AppError(ErrorKey.CONFLICT, '该题已评分，不能重复评分')
  if (score > Number(answer.questionScore)) throw new AppError(ErrorKey.VALIDATION, `分数不能超过该题满分 ${answer.questionScore}`)
  // Only a still-waiting row is marked: two markers at once cannot both count.
  const done = await db.updateTable('examAnswer').set({ status: 'SUCCESS', score }).where('id', '=', answerId).where('status', '=', 'IGNORE').executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1) throw new AppError(ErrorKey.CONFLICT, '该题已评分，不能重复评分')
  const rest = await db.selectFrom('examAnswer').select(['status', 'score']).where('attemptId', '=', answer.attemptId).execute()
  if (rest.every((r) => r.status !== 'IGNORE')) {
    await db.updateTable('examAttempt').set({ score: rest.reduce((sum, r) => sum + Number(r.score ?? 0), 0) }).where('id', '=', answer.attemptId).execute()
  }
  return refreshMemberExam(db, memberExamId)
}
