import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Review } from '../../../src-shared/schemas/exam-sitting'
import type { Db } from '../../db/types'
import { shownQuestion } from './sitting'
import { SITTING_NOT_FOUND } from './submit'
import { QuestionType } from './scoring'

export const NOT_A_MOCK_EXAM = '本考试不是模拟考试，交卷后只显示成绩'
export const NOT_SUBMITTED_YET = '交卷后才能查看答案'

function markOf(status: string | null, score: number | null, full: number): Review['questions'][number]['mark'] {
  if (status !== 'SUCCESS' || score === null) return 'pending'
  if (score >= full) return 'right'
  return score > 0 ? 'partial' : 'wrong'
}

/**
 * The answers of the member's own submitted sitting of a mock exam (模拟考试: 交卷后可查看答案),
 * each with the reference answer and whether it was right. A formal exam shows its score
 * only, and no sitting shows its key before it is submitted.
 */
export async function reviewOf(db: Db, memberId: number, attemptId: number): Promise<Review> {
  const attempt = await db
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['a.submittedAt', 'a.score', 'a.totalScore', 'e.title', 'e.type', 'e.canLookAnswer'])
    .where('a.id', '=', attemptId)
    .where('m.memberId', '=', memberId)
    .executeTakeFirst()
  if (!attempt) throw new AppError(ErrorKey.NOT_FOUND, SITTING_NOT_FOUND)
  if (!attempt.canLookAnswer) throw new AppError(ErrorKey.CONFLICT, NOT_A_MOCK_EXAM)
  if (attempt.submittedAt === null) throw new AppError(ErrorKey.CONFLICT, NOT_SUBMITTED_YET)
  const answers = await db
    .selectFrom('examAnswer')
    .select(['questionId', 'questionType', 'question', 'optionOrder', 'questionScore', 'answer', 'status', 'score'])
    .where('attemptId', '=', attemptId)
    .orderBy('position')
    .execute()
  return {
    title: attempt.title,
    score: attempt.score,
    totalScore: attempt.totalScore,
    questions: answers.map((a) => {
      const { question, options } = shownQuestion(a)
      return {
        questionId: a.questionId,
        type: a.questionType,
        title: question.title,
        options,
        answer: a.answer,
        correctAnswer: a.questionType === QuestionType.ESSAY ? question.analysis : question.answer,
        questionScore: a.questionScore,
        score: a.score,
        mark: markOf(a.status, a.score, a.questionScore),
      }
    }),
  }
}
