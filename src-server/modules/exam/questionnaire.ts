import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ExamType } from '../../../src-shared/schemas/exam'
import type { AuthUser } from '../../auth/auth-user'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { enrol } from './enrol'

/** The satisfaction questionnaire of a training: the one exam of type 1 it has, with its respondents. */
export async function questionnaireOf(db: Db, trainId: number) {
  const row = await db
    .selectFrom('exam as e')
    .innerJoin('train as t', 't.id', 'e.trainId')
    .select(['e.id as examId', 'e.trainId', 't.name as trainName', 'e.title', 'e.paperId', 'e.startTime', 'e.endTime', 'e.anonymous'])
    .select((eb) =>
      eb
        .selectFrom('memberExam as m')
        .innerJoin('examAttempt as a', 'a.memberExamId', 'm.id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.examId', '=', 'e.id')
        .where('a.submittedAt', 'is not', null)
        .as('respondents'),
    )
    .where('e.trainId', '=', trainId)
    .where('e.type', '=', ExamType.QUESTIONNAIRE)
    .executeTakeFirst()
  return row ? { ...row, anonymous: Boolean(row.anonymous), respondents: Number(row.respondents ?? 0) } : null
}

/**
 * Sets (or changes) a training's satisfaction questionnaire. Every registrant is
 * enrolled and may answer it once, on the phone page, after checking in.
 */
export async function setQuestionnaire(db: Db, user: AuthUser, input: { trainId: number; title: string; paperId: number; startTime: string; endTime: string; anonymous: boolean }) {
  const paper = await db.selectFrom('paper').select('id').where('id', '=', input.paperId).where('type', '=', ExamType.QUESTIONNAIRE).executeTakeFirst()
  if (!paper) throw new AppError(ErrorKey.VALIDATION, '问卷不存在', [{ path: 'paperId', message: '问卷不存在' }])
  const existing = await questionnaireOf(db, input.trainId)
  const now = nowText()
  const fields = { title: input.title, content: '满意度问卷', paperId: input.paperId, startTime: input.startTime, endTime: input.endTime, anonymous: input.anonymous ? 1 : 0, updatedAt: now }
  if (existing) {
    if (existing.respondents > 0 && existing.paperId !== input.paperId) throw new AppError(ErrorKey.CONFLICT, '已有学员填写问卷，不能更换问卷')
    // Answers given by name cannot be made anonymous afterwards, nor anonymous ones named.
    if (existing.respondents > 0 && existing.anonymous !== input.anonymous) throw new AppError(ErrorKey.CONFLICT, '已有学员填写问卷，不能更改匿名设置')
    await db.updateTable('exam').set(fields).where('id', '=', existing.examId).execute()
  } else {
    const { id } = await db
      .insertInto('exam')
      .values({ ...fields, type: ExamType.QUESTIONNAIRE, trainId: input.trainId, joinType: 1, joinNum: null, countdown: 1440, passLine: 0, retestNum: 0, canLookAnswer: 0, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null, createdBy: user.adminId, createdAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await enrol(db, { id, trainId: input.trainId, joinType: 1, joinNum: null })
  }
  const saved = await questionnaireOf(db, input.trainId)
  if (!saved) throw new Error('questionnaire vanished after saving')
  return saved
}
