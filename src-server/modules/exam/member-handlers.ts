import type { MyExam } from '../../../src-shared/schemas/exam-sitting'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import { nowText } from '../../db/time'
import { clientSignal, signedInMember, type DomainHandlers } from '../../http/context'
import { sendPage } from '../signup/mobile-html'
import { examPageBody } from './exam-page'
import { memberLogin } from './member-session'
import { ExamType } from '../../../src-shared/schemas/exam'
import { checkedIn, closedReason, finalizeExpired, NOT_CHECKED_IN, saveAnswer, startSitting, submitOwn } from './sitting'
import { reviewOf } from './review'
import { roundWindow } from './status'

/** The member's candidate rounds with their exams, newest first (prepared: the list loads with the page, issue 28). */
const myRounds = preparedQuery((db, p: QueryParams<{ memberId: number }>) =>
  db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .innerJoin('train as t', 't.id', 'e.trainId')
    .select(['m.id as memberExamId', 'm.examId', 'm.isMakeUp', 'm.status', 'm.score', 'm.attempts', 'm.startTime as roundStart', 'm.endTime as roundEnd'])
    .select(['e.trainId', 'e.type', 'e.title', 'e.content', 'e.startTime', 'e.endTime', 'e.countdown', 'e.retestNum', 'e.closed', 't.name as trainName'])
    .select((eb) => eb.selectFrom('examAttempt as a').select('a.id').whereRef('a.memberExamId', '=', 'm.id').where('a.submittedAt', 'is', null).limit(1).as('openAttemptId'))
    // A mock exam's latest submitted sitting: its answers may be looked at.
    .select((eb) =>
      eb.selectFrom('examAttempt as a').select((s) => s.fn.max('a.id').as('id')).whereRef('a.memberExamId', '=', 'm.id').where('a.submittedAt', 'is not', null).where('e.canLookAnswer', '=', 1).as('reviewAttemptId'),
    )
    .where('m.memberId', '=', p.memberId)
    .orderBy('e.startTime', 'desc')
    .orderBy('m.id', 'desc'),
)

export const memberAppHandlers = {
  'memberApp.page': async (_input, { reply }) => sendPage(reply, 200, '在线考试', examPageBody()),

  'memberApp.login': async ({ telephone, password }, { db, ip, passwords, reply, options }) =>
    memberLogin(db, { ip, passwords, signal: clientSignal(reply), rateLimitScale: options.rateLimitScale }, telephone, password),

  'memberApp.exams': async (_input, ctx) => {
    const memberId = signedInMember(ctx)
    await finalizeExpired(ctx.db, { memberId })
    const rows = await myRounds.rows(ctx.db, { memberId })
    const now = nowText()
    const questionnaireTrains = [...new Set(rows.filter((r) => r.type === ExamType.QUESTIONNAIRE).map((r) => r.trainId))]
    const checkedInTrains = new Set<number>()
    for (const trainId of questionnaireTrains) if (await checkedIn(ctx.db, memberId, trainId)) checkedInTrains.add(trainId)
    return rows.map((r): MyExam => {
      const window = roundWindow(r, { isMakeUp: r.isMakeUp, startTime: r.roundStart, endTime: r.roundEnd })
      return {
        memberExamId: r.memberExamId,
        examId: r.examId,
        type: r.type,
        title: r.title,
        content: r.content,
        trainName: r.trainName,
        startTime: window.startTime,
        endTime: window.endTime,
        countdown: r.countdown,
        isMakeUp: r.isMakeUp,
        status: r.status as MyExam['status'],
        attemptsLeft: Math.max(0, 1 + r.retestNum - r.attempts),
        score: r.score,
        openAttemptId: r.openAttemptId ?? null,
        reviewAttemptId: r.reviewAttemptId === null || r.reviewAttemptId === undefined ? null : Number(r.reviewAttemptId),
        closedReason:
          closedReason(r, now, r.openAttemptId !== null) ?? (r.type === ExamType.QUESTIONNAIRE && !checkedInTrains.has(r.trainId) ? NOT_CHECKED_IN : null),
      }
    })
  },

  'memberApp.start': async ({ memberExamId }, ctx) => startSitting(ctx.db, signedInMember(ctx), memberExamId),

  'memberApp.answer': async (input, ctx) => saveAnswer(ctx.db, signedInMember(ctx), input),

  'memberApp.submit': async ({ attemptId }, ctx) => submitOwn(ctx.db, signedInMember(ctx), attemptId),

  'memberApp.review': async ({ attemptId }, ctx) => reviewOf(ctx.db, signedInMember(ctx), attemptId),
} satisfies DomainHandlers<'memberApp'>

