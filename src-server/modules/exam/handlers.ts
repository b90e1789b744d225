import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ExamStatus, ExamType, makeUpStartIssue } from '../../../src-shared/schemas/exam'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { signedIn, type DomainHandlers } from '../../http/context'
import { trainById, visibleTrains } from '../training/host'
import { enrol } from './enrol'
import { answerDetail, grade, gradeOne, markingOf } from './grading'
import { memberAppHandlers } from './member-handlers'
import { checkExamSettings } from './save-rules'
import { examById, memberExamById, toExam, visibleExams } from './queries'
import { analysisOf } from './analysis'
import { questionnaireOf, setQuestionnaire } from './questionnaire'
import { analysisDownload, participantDownload, participantPage } from './reports'
import { answerDetailDownload, scoreListDownload } from './workbooks'
import { finalizeExpired, submitOpenSittings } from './sitting'
import { refreshMemberExam } from './results'
import { examEditEffects } from '../../../src-shared/exam-edit'
import { examStatusOf, isAbsent } from './status'
import { scoreSummary } from './summary'
import { containsText } from '../../db/sql-text'
import { onePage } from '../../db/paging'

const candidateRows = (db: Db, examId: number) =>
  db
    .selectFrom('memberExam as m')
    .innerJoin('member as p', 'p.id', 'm.memberId')
    .leftJoin('examAttempt as a', (j) => j.onRef('a.memberExamId', '=', 'm.id').on('a.attemptNo', '=', 1))
    .select(['m.id', 'm.memberId', 'p.name as memberName', 'p.telephone', 'm.status', 'm.isMakeUp', 'm.score', 'm.attempts', 'm.startTime', 'm.endTime', 'a.totalScore'])
    .where('m.examId', '=', examId)

/** The one exam the selected member exams belong to (a make-up call without `examId`, as the spec's client sends it). */
async function examOfRounds(db: Db, memberExams: number[]): Promise<number> {
  const exams = await db.selectFrom('memberExam').select('examId').distinct().where('id', 'in', memberExams).execute()
  if (exams.length === 0) throw new AppError(ErrorKey.NOT_FOUND, '考生不存在')
  if (exams.length > 1) throw new AppError(ErrorKey.VALIDATION, '选中的考生须属于同一场考试', [{ path: 'memberExams', message: '选中的考生须属于同一场考试' }])
  return exams[0].examId
}

export const examHandlers = {
  'exam.list': async ({ title, pageNum, pageSize }, ctx) => {
    let query = visibleExams(ctx.db, signedIn(ctx)).where('exam.type', '=', ExamType.EXAM)
    if (title) query = query.where(containsText('exam.title', title))
    const page = await onePage(query.orderBy('exam.id', 'desc'), query, { pageNum, pageSize })
    const now = nowText()
    return { records: page.records.map((r) => toExam(r, now)), total: page.total }
  },

  'exam.all': async (_input, ctx) =>
    visibleExams(ctx.db, signedIn(ctx)).where('exam.type', '=', ExamType.EXAM).orderBy('exam.id', 'desc').execute().then((rows) => rows.map((r) => ({ id: r.id, title: r.title }))),

  'exam.trains': async (_input, ctx) =>
    (await visibleTrains(ctx.db, signedIn(ctx))).select(['train.id', 'train.name']).orderBy('train.trainStartTime', 'desc').limit(1000).execute(),

  'exam.papers': async (_input, ctx) => ctx.db.selectFrom('paper').select(['id', 'title', 'totalScore']).where('type', '=', ExamType.EXAM).orderBy('id', 'desc').execute(),

  'exam.get': async ({ id }, ctx) => toExam(await examById(ctx.db, id)),

  'exam.create': async (input, ctx) => {
    const user = signedIn(ctx)
    await checkExamSettings(ctx.db, input)
    const now = nowText()
    const { id } = await ctx.db
      .insertInto('exam')
      .values({ ...input, joinNum: input.joinType === 2 ? input.joinNum : null, type: ExamType.EXAM, closed: 0, createdBy: user.adminId, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const exam = await examById(ctx.db, id)
    await enrol(ctx.db, exam)
    return toExam(await examById(ctx.db, id))
  },

  'exam.update': async ({ id, ...input }, ctx) => {
    const before = await examById(ctx.db, id)
    await checkExamSettings(ctx.db, input)
    const now = nowText()
    const fields = { ...input, joinNum: input.joinType === 2 ? input.joinNum : null }
    if (examStatusOf(before, now) === ExamStatus.NOT_STARTED) {
      // Nobody has sat it yet: candidates are drawn again when who may take it changed.
      const regroup = before.trainId !== input.trainId || before.joinType !== input.joinType || before.joinNum !== fields.joinNum
      await ctx.db.updateTable('exam').set({ ...fields, updatedAt: now }).where('id', '=', id).execute()
      if (regroup) await ctx.db.deleteFrom('memberExam').where('examId', '=', id).execute()
      await enrol(ctx.db, await examById(ctx.db, id))
      return toExam(await examById(ctx.db, id))
    }
    // Started: every attempt is kept; what the edit does to them is said by examEditEffects.
    const { refusal, regrade } = examEditEffects(before, fields)
    if (refusal) throw new AppError(ErrorKey.CONFLICT, refusal)
    await ctx.db.updateTable('exam').set({ ...fields, updatedAt: now }).where('id', '=', id).execute()
    if (regrade) {
      const sat = await ctx.db.selectFrom('memberExam').select('id').where('examId', '=', id).where('attempts', '>', 0).execute()
      for (const round of sat) await refreshMemberExam(ctx.db, round.id)
    }
    await enrol(ctx.db, await examById(ctx.db, id), true)
    return toExam(await examById(ctx.db, id))
  },

  'exam.close': async ({ id }, ctx) => {
    await examById(ctx.db, id)
    await ctx.db.updateTable('exam').set({ closed: 1, updatedAt: nowText() }).where('id', '=', id).execute()
    await submitOpenSittings(ctx.db, id)
    return toExam(await examById(ctx.db, id))
  },

  'exam.delete': async ({ id }, ctx) => {
    await examById(ctx.db, id)
    await deleteRecords(ctx.db, 'exam', [id])
    return null
  },

  'memberExam.list': async ({ examId, status, name, pageNum, pageSize }, ctx) => {
    const exam = await examById(ctx.db, examId)
    await enrol(ctx.db, exam)
    await finalizeExpired(ctx.db, { examId })
    let query = candidateRows(ctx.db, examId)
    if (status) query = query.where('m.status', '=', status)
    if (name) query = query.where(containsText('p.name', name))
    const { records: rows, total } = await onePage(query.orderBy('m.id'), query, { pageNum, pageSize })
    const now = nowText()
    return {
      records: rows.map(({ totalScore, status: s, ...r }) => ({
        ...r,
        status: s as 'WAIT' | 'DONE' | 'CHECK',
        absent: isAbsent(exam, { ...r, status: s }, now),
        passed: r.score === null ? null : r.score >= exam.passLine,
        paper: { totalScore: totalScore ?? null },
      })),
      total,
    }
  },

  'memberExam.answers': async ({ memberExamId }, ctx) => {
    const { round, exam } = await memberExamById(ctx.db, memberExamId)
    const member = await ctx.db.selectFrom('member').select('name').where('id', '=', round.memberId).executeTakeFirstOrThrow()
    return answerDetail(ctx.db, { id: round.id, memberName: member.name, examTitle: exam.title, scorePolicy: exam.scorePolicy })
  },

  'memberExam.grade': async ({ memberExamId, answers }, ctx) => {
    const { exam } = await memberExamById(ctx.db, memberExamId)
    return grade(ctx.db, memberExamId, exam.scorePolicy, answers)
  },

  'exam.marking': async ({ examId, questionId }, ctx) => {
    await examById(ctx.db, examId)
    return markingOf(ctx.db, examId, questionId)
  },

  'memberExam.gradeOne': async ({ memberExamId, answerId, score }, ctx) => {
    await memberExamById(ctx.db, memberExamId)
    return gradeOne(ctx.db, memberExamId, answerId, score)
  },

  'memberExam.makeUpCandidates': async ({ examId }, ctx) => {
    const exam = await examById(ctx.db, examId)
    await finalizeExpired(ctx.db, { examId })
    const rows = await ctx.db.selectFrom('memberExam').select(['id', 'status', 'score', 'attempts']).where('examId', '=', examId).where('isMakeUp', '=', 0).orderBy('id').execute()
    const ended = examStatusOf(exam, nowText()) !== ExamStatus.NOT_STARTED && examStatusOf(exam, nowText()) !== ExamStatus.IN_PROGRESS
    return {
      failed: rows.filter((r) => r.status === 'CHECK' && (r.score ?? 0) < exam.passLine).map((r) => r.id),
      absent: ended ? rows.filter((r) => r.status === 'WAIT' && r.attempts === 0).map((r) => r.id) : [],
    }
  },

  'memberExam.makeUp': async ({ examId: given, startTime, endTime, memberExams }, ctx) => {
    const examId = given ?? (await examOfRounds(ctx.db, memberExams))
    const exam = await examById(ctx.db, examId)
    const lateIssue = makeUpStartIssue(exam.endTime, startTime)
    if (lateIssue) throw new AppError(ErrorKey.VALIDATION, lateIssue, [{ path: 'startTime', message: lateIssue }])
    const rounds = await ctx.db.selectFrom('memberExam').select(['id', 'memberId']).where('examId', '=', examId).where('id', 'in', memberExams).execute()
    if (rounds.length !== new Set(memberExams).size) throw new AppError(ErrorKey.NOT_FOUND, '选中的考生不属于本考试')
    const now = nowText()
    await ctx.db.transaction().execute(async (tx) => {
      for (const memberId of new Set(rounds.map((r) => r.memberId))) {
        // One make-up round per member: setting it again moves its window.
        const updated = await tx.updateTable('memberExam').set({ startTime, endTime }).where('examId', '=', examId).where('memberId', '=', memberId).where('isMakeUp', '=', 1).executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 0) {
          await tx.insertInto('memberExam').values({ examId, memberId, isMakeUp: 1, status: 'WAIT', startTime, endTime, score: null, createdAt: now }).execute()
        }
      }
    })
    return { count: new Set(rounds.map((r) => r.memberId)).size }
  },

  'memberExam.downloadScoreList': async ({ examId }, ctx) => {
    const exam = await examById(ctx.db, examId)
    await finalizeExpired(ctx.db, { examId })
    return scoreListDownload(ctx.db, ctx.reply, exam)
  },

  'memberExam.downloadAnswerDetail': async ({ id }, ctx) => {
    const { round, exam } = await memberExamById(ctx.db, id)
    const member = await ctx.db.selectFrom('member').select('name').where('id', '=', round.memberId).executeTakeFirstOrThrow()
    return answerDetailDownload(ctx.reply, await answerDetail(ctx.db, { id: round.id, memberName: member.name, examTitle: exam.title, scorePolicy: exam.scorePolicy }))
  },

  'exam.participants': async ({ examId, status, pageNum, pageSize }, ctx) => {
    const exam = await examById(ctx.db, examId, 'any')
    await enrol(ctx.db, exam)
    await finalizeExpired(ctx.db, { examId })
    return participantPage(ctx.db, exam, status, pageNum, pageSize)
  },

  'memberExam.download': async ({ examId }, ctx) => {
    const exam = await examById(ctx.db, examId, 'any')
    await finalizeExpired(ctx.db, { examId })
    return participantDownload(ctx.db, ctx.reply, exam)
  },

  'exam.analysis': async ({ id }, ctx) => {
    await examById(ctx.db, id)
    await finalizeExpired(ctx.db, { examId: id })
    return analysisOf(ctx.db, id, true)
  },

  'exam.scoreSummary': async ({ id }, ctx) => {
    const exam = await examById(ctx.db, id)
    await finalizeExpired(ctx.db, { examId: id })
    return scoreSummary(ctx.db, exam)
  },

  'exam.analysisDownload': async ({ id }, ctx) => {
    const exam = await examById(ctx.db, id)
    await finalizeExpired(ctx.db, { examId: id })
    return analysisDownload(ctx.reply, exam.title, await analysisOf(ctx.db, id, true))
  },

  'questionnaire.result': async ({ trainId }, ctx) => {
    const train = await trainById(ctx.db, trainId)
    const questionnaire = await questionnaireOf(ctx.db, trainId)
    return { trainName: train.name, questionnaire, rows: questionnaire ? await analysisOf(ctx.db, questionnaire.examId, false) : [] }
  },

  'questionnaire.papers': async (_input, ctx) =>
    ctx.db.selectFrom('paper').select(['id', 'title', 'totalScore']).where('type', '=', ExamType.QUESTIONNAIRE).orderBy('id', 'desc').execute(),

  'questionnaire.set': async (input, ctx) => setQuestionnaire(ctx.db, signedIn(ctx), input),

  ...memberAppHandlers,
} satisfies DomainHandlers<'exam'> & DomainHandlers<'memberExam'> & DomainHandlers<'memberApp'> & DomainHandlers<'questionnaire'>

