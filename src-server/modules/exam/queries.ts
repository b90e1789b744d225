import { AppError, ErrorKey } from '../../../src-shared/errors'
import { type Exam, ExamType } from '../../../src-shared/schemas/exam'
import type { AuthUser } from '../../auth/auth-user'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { visibleTrains } from '../training/host'
import { examStatusOf } from './status'

export const EXAM_NOT_FOUND = '考试不存在'

/** Exams of the trainings the account may see (an exam's scope is its training's). */
export async function visibleExams(db: Db, user: AuthUser) {
  return (await visibleTrains(db, user))
    .innerJoin('exam', 'exam.trainId', 'train.id')
    .selectAll('exam')
    .select('train.name as trainName')
    .select((eb) => eb.selectFrom('memberExam as m').select(eb.fn.countAll<number>().as('n')).whereRef('m.examId', '=', 'exam.id').as('candidates'))
}

type ExamRow = Awaited<ReturnType<Awaited<ReturnType<typeof visibleExams>>['executeTakeFirstOrThrow']>>

export function toExam(row: ExamRow, now = nowText()): Exam {
  const { closed, createdBy: _by, updatedAt: _u, candidates, scorePolicy, ...rest } = row
  return {
    ...rest,
    scorePolicy: scorePolicy === 'latest' ? 'latest' : 'highest',
    candidates: Number(candidates ?? 0),
    status: examStatusOf({ closed, startTime: row.startTime, endTime: row.endTime }, now),
  }
}

/** An exam (or questionnaire) inside the account's scope, or NOT_FOUND. */
export async function examInScope(db: Db, user: AuthUser, id: number, type: number | 'any' = ExamType.EXAM) {
  let query = (await visibleExams(db, user)).where('exam.id', '=', id)
  if (type !== 'any') query = query.where('exam.type', '=', type)
  const row = await query.executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, EXAM_NOT_FOUND)
  return row
}

/** A candidate round inside the account's scope, with its exam. */
export async function memberExamInScope(db: Db, user: AuthUser, memberExamId: number) {
  const round = await db.selectFrom('memberExam').select(['id', 'examId', 'memberId']).where('id', '=', memberExamId).executeTakeFirst()
  if (!round) throw new AppError(ErrorKey.NOT_FOUND, '考生不存在')
  const exam = await (await visibleExams(db, user)).where('exam.id', '=', round.examId).executeTakeFirst()
  if (!exam) throw new AppError(ErrorKey.NOT_FOUND, '考生不存在')
  return { round, exam }
}
