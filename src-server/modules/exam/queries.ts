import { AppError, ErrorKey } from '../../../src-shared/errors'
import { type Exam, ExamType } from '../../../src-shared/schemas/exam'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'
import { examStatusOf } from './status'

export const EXAM_NOT_FOUND = '考试不存在'

/** Exams (and questionnaires) with their training's name and their count of candidates. */
function examRows(db: Db) {
  return db
    .selectFrom('exam')
    .innerJoin('train', 'train.id', 'exam.trainId')
    .selectAll('exam')
    .select(['train.name as trainName', 'train.classType as trainClassType'])
    .select((eb) => eb.selectFrom('memberExam as m').select(eb.fn.countAll<number>().as('n')).whereRef('m.examId', '=', 'exam.id').as('candidates'))
}

/** Exams of the trainings the account may see (an exam's scope is its training's). */
export function visibleExams(db: Db, user: AuthUser) {
  return examRows(db).where('exam.id', 'in', scopeIds.exam(db, dataScopeOf(user)))
}

type ExamRow = Awaited<ReturnType<ReturnType<typeof examRows>['executeTakeFirstOrThrow']>>

export function toExam(row: ExamRow, now = nowText()): Exam {
  const { closed, createdBy: _by, updatedAt: _u, candidates, scorePolicy, classType, trainClassType, ...rest } = row
  return {
    ...rest,
    classType: classType ?? trainClassType,
    scorePolicy: scorePolicy === 'latest' ? 'latest' : 'highest',
    candidates: Number(candidates ?? 0),
    status: examStatusOf({ closed, startTime: row.startTime, endTime: row.endTime }, now),
  }
}

/**
 * An exam (`type`: or a questionnaire, or either), or NOT_FOUND. Whether the caller may
 * see it is the route's `scope` declaration's business, checked before the handler runs.
 */
export async function examById(db: Db, id: number, type: number | 'any' = ExamType.EXAM) {
  let query = examRows(db).where('exam.id', '=', id)
  if (type !== 'any') query = query.where('exam.type', '=', type)
  const row = await query.executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, EXAM_NOT_FOUND)
  return row
}

/** A candidate round with its exam (its scope checked by the route). */
export async function memberExamById(db: Db, memberExamId: number) {
  const round = await db.selectFrom('memberExam').select(['id', 'examId', 'memberId']).where('id', '=', memberExamId).executeTakeFirst()
  if (!round) throw new AppError(ErrorKey.NOT_FOUND, '考生不存在')
  return { round, exam: await examById(db, round.examId, 'any') }
}
