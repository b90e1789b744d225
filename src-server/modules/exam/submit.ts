import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ExamType, type QuestionSnapshot } from '../../../src-shared/schemas/exam'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import type { Db } from '../../db/types'
import { atomically } from '../../http/write-transaction'
import { refreshMemberExam } from './results'
import { markAnswer } from './scoring'

export const SITTING_NOT_FOUND = '答卷不存在'

/** Who submitted a sitting: the member (the phone's 交卷 or its countdown), or the server (系统交卷). */
export type SubmittedBy = 'member' | 'system'

/** What a submit needs to know of a sitting and its exam, read once (a sitting's reads name the same columns). */
export const SUBMIT_FACTS = ['a.memberExamId', 'a.totalScore', 'e.id as examId', 'e.type', 'e.anonymous', 'e.canLookAnswer', 'e.scorePolicy'] as const

export interface SubmitFacts {
  memberExamId: number
  totalScore: number
  examId: number
  type: number
  anonymous: number
  canLookAnswer: number
  scorePolicy: string
}

// The submit's statements are prepared (compiled once, named statements on PostgreSQL): the
// submits of the exam's last minutes are the busiest moment of the morning (issue 28).
const factsOf = preparedQuery((db, p: QueryParams<{ attemptId: number }>) =>
  db
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(SUBMIT_FACTS)
    .where('a.id', '=', p.attemptId),
)

/** Claimed first: from here on an autosave's own UPDATE finds the sitting submitted. */
const claim = preparedQuery((db, p: QueryParams<{ attemptId: number; submittedAt: number; systemSubmitted: number }>) =>
  db.updateTable('examAttempt').set({ submittedAt: p.submittedAt, systemSubmitted: p.systemSubmitted }).where('id', '=', p.attemptId).where('submittedAt', 'is', null).returning('id'),
)

const answersToMark = preparedQuery((db, p: QueryParams<{ attemptId: number }>) =>
  db.selectFrom('examAnswer').select(['id', 'questionType', 'question', 'questionScore', 'answer']).where('attemptId', '=', p.attemptId),
)

const setScore = preparedQuery((db, p: QueryParams<{ attemptId: number; score: number | null }>) =>
  db.updateTable('examAttempt').set({ score: p.score }).where('id', '=', p.attemptId),
)

const storedScore = preparedQuery((db, p: QueryParams<{ attemptId: number }>) => db.selectFrom('examAttempt').select('score').where('id', '=', p.attemptId))

/**
 * Submits a sitting: objective answers are marked, the rest wait for a marker. Runs
 * once: a second submit (a retry after a lost answer) gets the same result. `known`:
 * the sitting's facts when the caller has just read them (the member's own submit).
 */
export async function submitSitting(db: Db, attemptId: number, nowMs: number, by: SubmittedBy, known?: SubmitFacts) {
  const facts = known ?? (await factsOf.first(db, { attemptId }))
  if (!facts) throw new AppError(ErrorKey.NOT_FOUND, SITTING_NOT_FOUND)
  const marked = await atomically(db, async (tx) => {
    if (!(await claim.first(tx, { attemptId, submittedAt: nowMs, systemSubmitted: by === 'system' ? 1 : 0 }))) return undefined
    if (facts.type === ExamType.QUESTIONNAIRE && facts.anonymous) await keepAnonymously(tx, facts.examId, attemptId)
    const answers = await answersToMark.rows(tx, { attemptId })
    const marks = answers.map((a) => ({ id: a.id, ...markAnswer(a.questionType, (JSON.parse(a.question) as QuestionSnapshot).answer, a.answer, a.questionScore) }))
    // Rows with the same outcome are written together: a few statements, not one per question.
    const groups = new Map<string, number[]>()
    for (const m of marks) {
      const key = `${m.status}|${m.score ?? ''}`
      groups.set(key, [...(groups.get(key) ?? []), m.id])
    }
    for (const [key, ids] of groups) {
      const [status, value] = key.split('|')
      await tx.updateTable('examAnswer').set({ status, score: value === '' ? null : Number(value) }).where('id', 'in', ids).execute()
    }
    const score = marks.some((m) => m.status === 'IGNORE') ? null : marks.reduce((sum, m) => sum + (m.score ?? 0), 0)
    await setScore.rows(tx, { attemptId, score })
    return { score }
  })
  // Submitted before (a retried 交卷): its result as stored.
  const score = marked ? marked.score : ((await storedScore.first(db, { attemptId }))?.score ?? null)
  const state = await refreshMemberExam(db, facts.memberExamId, facts.scorePolicy)
  return { questionnaire: facts.type === ExamType.QUESTIONNAIRE, status: state.status, score, totalScore: facts.totalScore, canReview: facts.type === ExamType.EXAM && facts.canLookAnswer === 1 }
}

/**
 * The answers of a submitted sitting of an anonymous questionnaire leave the sitting for
 * survey_answer, which names no member, sitting or time (migration 0026): from the submit
 * on, no result is linked to who gave it. The sitting itself stays, without answers, as
 * the record that the member answered (one answer per member).
 */
async function keepAnonymously(tx: Db, examId: number, attemptId: number): Promise<void> {
  const answers = await tx.selectFrom('examAnswer').select(['questionId', 'questionType', 'question', 'answer']).where('attemptId', '=', attemptId).orderBy('position').execute()
  if (answers.length > 0) await tx.insertInto('surveyAnswer').values(answers.map((a) => ({ examId, ...a }))).execute()
  await tx.deleteFrom('examAnswer').where('attemptId', '=', attemptId).execute()
}
