import { randomInt } from 'node:crypto'
import type { Expression } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ExamType, type QuestionSnapshot } from '../../../src-shared/schemas/exam'
import { type Sitting } from '../../../src-shared/schemas/exam-sitting'
import { stemOptions } from '../../../src-shared/schemas/question'
import { nowText } from '../../db/time'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import { atomically } from '../../http/write-transaction'
import type { Db } from '../../db/types'
import { paperQuestions } from './paper-source'
import { hasOptions } from './scoring'
import { epochOf, examStatusOf, roundWindow } from './status'
import { SITTING_NOT_FOUND, SUBMIT_FACTS, submitSitting } from './submit'

/** Saves that arrive this long after the deadline still count: the request left the phone in time. */
export const SAVE_GRACE_MS = 15_000

const TIME_UP = '考试时间已结束，不能再作答'
/** A sitting the server submitted (the exam was closed, or its time ran out) takes no more saves or submits. */
export const SYSTEM_SUBMITTED = '考试已关闭或作答时间已到，答卷已由系统交卷，不能再作答'

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** A stored answer's question as the sitting and its review show it: the copy taken at the start, its options in the sitting's order. */
export function shownQuestion(answer: { question: string; optionOrder: string | null }): { question: QuestionSnapshot; options: { key: string; text: string }[] } {
  const question = JSON.parse(answer.question) as QuestionSnapshot
  const texts = new Map(stemOptions(question.stem).map((o) => [o.letter, o.text]))
  return { question, options: (answer.optionOrder ?? '').split('').map((key) => ({ key, text: texts.get(key) ?? '' })) }
}

/**
 * A candidate round of the member with its exam and its open sitting, if any (a start reads
 * both: one round trip, prepared, issue 28).
 */
const roundRow = preparedQuery((db, p: QueryParams<{ memberId: number; memberExamId: number }>) =>
  db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .leftJoin('examAttempt as a', (join) => join.onRef('a.memberExamId', '=', 'm.id').on('a.submittedAt', 'is', null))
    .select(['m.id', 'm.examId', 'm.isMakeUp', 'm.status', 'm.attempts', 'm.startTime as roundStart', 'm.endTime as roundEnd'])
    .select(['e.title', 'e.type', 'e.trainId', 'e.startTime', 'e.endTime', 'e.closed', 'e.countdown', 'e.retestNum'])
    .select(['e.paperId', 'e.paper2Id', 'e.paper3Id', 'e.paper4Id', 'e.paper5Id'])
    .select(['a.id as openId', 'a.paperSlot as openPaperSlot', 'a.totalScore as openTotalScore', 'a.deadlineAt as openDeadlineAt'])
    .where('m.id', '=', p.memberExamId)
    .where('m.memberId', '=', p.memberId),
)

/** A candidate round of the member with its exam; NOT_FOUND for anyone else's. */
export async function roundOf(db: Db, memberId: number, memberExamId: number) {
  const row = await roundRow.first(db, { memberId, memberExamId })
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '考试不存在')
  return row
}
type RoundTimes = Pick<Awaited<ReturnType<typeof roundOf>>, 'type' | 'closed' | 'startTime' | 'endTime' | 'isMakeUp' | 'roundStart' | 'roundEnd' | 'attempts' | 'retestNum'>

/** Why the round cannot be sat now (closed, outside its window, no sittings left), or null. */
export function closedReason(round: RoundTimes, now: string, openSitting: boolean): string | null {
  const window = roundWindow(round, { isMakeUp: round.isMakeUp, startTime: round.roundStart, endTime: round.roundEnd })
  if (examStatusOf({ closed: round.closed, ...window }, now) === 3) return '考试已关闭'
  if (now < window.startTime) return '考试尚未开始'
  if (now >= window.endTime) return '考试已结束'
  if (!openSitting && round.attempts >= 1 + round.retestNum) return round.type === ExamType.QUESTIONNAIRE ? ALREADY_ANSWERED : round.retestNum > 0 ? '已用完全部考试次数' : '您已交卷'
  return null
}

/** A questionnaire is answered once per member. */
export const ALREADY_ANSWERED = '您已提交问卷'

export const NOT_CHECKED_IN = '签到后才能填写满意度问卷'

/** Whether the member has checked in to the training (a satisfaction questionnaire is answered after check-in). */
export async function checkedIn(db: Db, memberId: number, trainId: number): Promise<boolean> {
  const row = await db
    .selectFrom('trainCheckIn as c')
    .innerJoin('trainSignUp as s', 's.id', 'c.signUpId')
    .select('c.id')
    .where('s.memberId', '=', memberId)
    .where('c.trainId', '=', trainId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

const openSitting = preparedQuery((db, p: QueryParams<{ memberExamId: number }>) =>
  db.selectFrom('examAttempt').select(['id', 'paperSlot', 'totalScore', 'deadlineAt']).where('memberExamId', '=', p.memberExamId).where('submittedAt', 'is', null),
)

const answersShown = preparedQuery((db, p: QueryParams<{ attemptId: number }>) =>
  db.selectFrom('examAnswer').select(['questionId', 'questionType', 'question', 'optionOrder', 'questionScore', 'answer', 'saveSeq']).where('attemptId', '=', p.attemptId).orderBy('position'),
)

/** Claims the sitting number: a second start at the same moment finds it taken and shows the first one's sitting. */
const claimSitting = preparedQuery(
  (db, p: QueryParams<{ memberExamId: number; attemptNo: number; paperSlot: number; paperId: number; totalScore: number; startedAt: number; deadlineAt: number }>) =>
    db
      .insertInto('examAttempt')
      .values({
        memberExamId: p.memberExamId, attemptNo: p.attemptNo, paperSlot: p.paperSlot, paperId: p.paperId, totalScore: p.totalScore, startedAt: p.startedAt, deadlineAt: p.deadlineAt,
        submittedAt: null, score: null,
      })
      .onConflict((oc) => oc.columns(['memberExamId', 'attemptNo']).doNothing())
      .returning('id'),
)

type Round = Awaited<ReturnType<typeof roundOf>>
type Attempt = { id: number; paperSlot: number; totalScore: number; deadlineAt: number }
type ShownAnswer = { questionId: number; questionType: number; question: string; optionOrder: string | null; questionScore: number; answer: string | null; saveSeq?: number }

/** A sitting as stored, read again (a reload, a second phone). */
async function sittingOf(db: Db, round: Round, attempt: Attempt): Promise<Sitting> {
  return sittingFrom(round, attempt, await answersShown.rows(db, { attemptId: attempt.id }))
}

/** What the phone shows of a sitting: questions and options in the stored order (shuffled for an exam), no keys. */
function sittingFrom(round: Round, attempt: Attempt, answers: readonly ShownAnswer[]): Sitting {
  return {
    attemptId: attempt.id,
    title: round.title,
    questionnaire: round.type === ExamType.QUESTIONNAIRE,
    endTime: roundWindow(round, { isMakeUp: round.isMakeUp, startTime: round.roundStart, endTime: round.roundEnd }).endTime,
    paperSlot: attempt.paperSlot,
    totalScore: attempt.totalScore,
    deadlineAt: attempt.deadlineAt,
    serverNow: Date.now(),
    seq: answers.reduce((max, a) => Math.max(max, Number(a.saveSeq ?? 0)), 0),
    questions: answers.map((a) => {
      const { question, options } = shownQuestion(a)
      return { questionId: a.questionId, type: a.questionType, title: question.title, score: a.questionScore, options, answer: a.answer }
    }),
  }
}

/**
 * Starts a sitting, or returns the one already open (a reload, a second phone): the
 * paper is one of A–E drawn for this sitting, the questions and options are shuffled
 * once and stored with a copy of each question, so every later read shows the same.
 */
export async function startSitting(db: Db, memberId: number, memberExamId: number, nowMs = Date.now()): Promise<Sitting> {
  const round = await roundOf(db, memberId, memberExamId)
  if (round.openId !== null) {
    const open = { id: round.openId, paperSlot: Number(round.openPaperSlot), totalScore: Number(round.openTotalScore), deadlineAt: Number(round.openDeadlineAt) }
    if (open.deadlineAt >= nowMs - SAVE_GRACE_MS) return sittingOf(db, round, open)
    // A sitting whose time ran out is submitted with what was saved before another may start.
    await submitSitting(db, open.id, nowMs, 'system')
  }
  const refused = closedReason(round, nowText(), false)
  if (refused) throw new AppError(ErrorKey.CONFLICT, refused)
  if (round.type === ExamType.QUESTIONNAIRE && !(await checkedIn(db, memberId, round.trainId))) throw new AppError(ErrorKey.CONFLICT, NOT_CHECKED_IN)

  const papers = [round.paperId, round.paper2Id, round.paper3Id, round.paper4Id, round.paper5Id]
  const slots = papers.flatMap((id, i) => (id ? [{ slot: i + 1, id }] : []))
  const { slot, id: paperId } = slots[randomInt(slots.length)]
  const questions = await paperQuestions(db, paperId)
  if (questions.length === 0) throw new AppError(ErrorKey.CONFLICT, '试卷没有题目，请联系管理员')
  const window = roundWindow(round, { isMakeUp: round.isMakeUp, startTime: round.roundStart, endTime: round.roundEnd })
  // A questionnaire has no time limit of its own: it may be answered until its end time.
  const survey = round.type === ExamType.QUESTIONNAIRE
  const deadlineAt = survey ? epochOf(window.endTime) : Math.min(nowMs + round.countdown * 60_000, epochOf(window.endTime))
  const totalScore = questions.reduce((sum, q) => sum + q.questionScore, 0)

  return atomically(db, async (tx) => {
    const claimed = await claimSitting.first(tx, { memberExamId, attemptNo: round.attempts + 1, paperSlot: slot, paperId, totalScore, startedAt: nowMs, deadlineAt })
    if (!claimed) {
      // Another start of this round got there first: its sitting is the one to show.
      const raced = await openSitting.first(tx, { memberExamId })
      if (!raced) throw new AppError(ErrorKey.CONFLICT, '考试状态已变化，请刷新后重试')
      return sittingOf(tx, round, raced)
    }
    // A questionnaire keeps the paper's order and each rating scale's order (非常满意 … 不满意).
    const inOrder = (items: readonly string[]) => (survey ? [...items] : shuffled(items))
    const rows = (survey ? questions : shuffled(questions)).map((q, position) => ({
      attemptId: claimed.id,
      position,
      questionId: q.questionId,
      questionType: q.questionType,
      question: JSON.stringify({ title: q.title, type: q.questionType, stem: q.stem ?? '', answer: q.answer ?? '', analysis: q.analysis ?? '' } satisfies QuestionSnapshot),
      optionOrder: hasOptions(q.questionType) ? inOrder(stemOptions(q.stem).map((o) => o.letter)).join('') : null,
      questionScore: q.questionScore,
      answer: null,
      status: null,
      score: null,
      savedAt: null,
    }))
    for (let i = 0; i < rows.length; i += 200) await tx.insertInto('examAnswer').values(rows.slice(i, i + 200)).execute()
    // Shown from the rows just written: reading them back would cost a round trip.
    return sittingFrom(round, { id: claimed.id, paperSlot: slot, totalScore, deadlineAt }, rows)
  })
}

// The exam calls' statements are prepared (compiled once, named statements on PostgreSQL): Kysely
// building them on every call was a fifth of the server's busy time on the exam morning (issue 28).
const ownAttemptRow = preparedQuery((db, p: QueryParams<{ attemptId: number; memberId: number }>) =>
  db
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['a.id', 'a.deadlineAt', 'a.submittedAt', 'a.systemSubmitted', ...SUBMIT_FACTS])
    .where('a.id', '=', p.attemptId)
    .where('m.memberId', '=', p.memberId),
)

/**
 * The autosave in one statement: the answer row is written only if the sitting is the
 * member's, still open and within its time (with the grace), the row unmarked and the
 * save newer than the stored one. One round trip when it applies, which is nearly always.
 */
const saveOwnAnswer = preparedQuery(
  (db, p: QueryParams<{ attemptId: number; questionId: number; memberId: number; answer: string | null; seq: number; savedAt: number; openUntil: number }>) =>
    db
      .updateTable('examAnswer')
      .set({ answer: p.answer, savedAt: p.savedAt, saveSeq: p.seq })
      .where('attemptId', '=', p.attemptId)
      .where('questionId', '=', p.questionId)
      .where('saveSeq', '<', p.seq)
      // A marked row belongs to a submitted sitting: checked on the row itself, which a submit locks.
      .where('status', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('examAttempt as a')
            .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
            .select('a.id')
            .where('a.id', '=', p.attemptId)
            .where('m.memberId', '=', p.memberId)
            .where('a.submittedAt', 'is', null)
            .where('a.deadlineAt', '>=', p.openUntil),
        ),
      )
      .returning('id'),
)

/** The member's own open sitting; NOT_FOUND for another member's (indistinguishable from none). */
async function ownAttempt(db: Db, memberId: number, attemptId: number) {
  const row = await ownAttemptRow.first(db, { attemptId, memberId })
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, SITTING_NOT_FOUND)
  return row
}

const refuseSubmitted = (attempt: { submittedAt: number | null; systemSubmitted: number }) => {
  if (attempt.submittedAt !== null) throw new AppError(ErrorKey.CONFLICT, attempt.systemSubmitted ? SYSTEM_SUBMITTED : '已交卷，不能再修改答案')
}

/**
 * Autosave of one answer: one UPDATE of the row created when the sitting started, applied
 * only while the sitting is open and when its sequence number is above the stored one, so
 * a close or a newer save that lands between the checks and the write wins (the route runs
 * outside a transaction: the UPDATE's own conditions are what make it safe).
 */
export async function saveAnswer(db: Db, memberId: number, input: { attemptId: number; questionId: number; answer: string | null; seq: number }, nowMs = Date.now()) {
  const saved = await saveOwnAnswer.rows(db, { ...input, memberId, savedAt: nowMs, openUntil: nowMs - SAVE_GRACE_MS })
  if (saved.length === 1) return { savedAt: nowMs, stale: false }
  // Not applied: why? Another's or no sitting, submitted, out of time, the question not in it, or a newer save stored.
  const attempt = await ownAttempt(db, memberId, input.attemptId)
  refuseSubmitted(attempt)
  if (nowMs > attempt.deadlineAt + SAVE_GRACE_MS) throw new AppError(ErrorKey.CONFLICT, TIME_UP)
  const stored = await db.selectFrom('examAnswer').select('savedAt').where('attemptId', '=', input.attemptId).where('questionId', '=', input.questionId).executeTakeFirst()
  if (!stored) throw new AppError(ErrorKey.NOT_FOUND, '题目不在本试卷中')
  return { savedAt: Number(stored.savedAt ?? nowMs), stale: true }
}

export async function submitOwn(db: Db, memberId: number, attemptId: number) {
  const attempt = await ownAttempt(db, memberId, attemptId)
  // A retried 交卷 gets its result again; a sitting the server submitted says so instead.
  if (attempt.systemSubmitted) throw new AppError(ErrorKey.CONFLICT, SYSTEM_SUBMITTED)
  return submitSitting(db, attemptId, Date.now(), 'member', attempt)
}

/** An id, or the expression of a prepared query's parameter standing for one. */
type IdValue = number | Expression<number>

function openSittings(db: Db, where: { memberExamId: IdValue } | { examId: IdValue } | { memberId: IdValue }) {
  const query = db.selectFrom('examAttempt as a').innerJoin('memberExam as m', 'm.id', 'a.memberExamId').select('a.id').where('a.submittedAt', 'is', null)
  if ('memberExamId' in where) return query.where('m.id', '=', where.memberExamId)
  if ('examId' in where) return query.where('m.examId', '=', where.examId)
  return query.where('m.memberId', '=', where.memberId)
}

/** Prepared: the member's list of exams asks on every load. */
const expiredOfMember = preparedQuery((db, p: QueryParams<{ memberId: number; before: number }>) => openSittings(db, { memberId: p.memberId }).where('a.deadlineAt', '<', p.before))

/**
 * Sittings whose time ran out without a submit are submitted with what was saved
 * (系统交卷): done when anyone next looks (the member's list, the score list), so no job runs.
 */
export async function finalizeExpired(db: Db, where: { memberExamId: number } | { examId: number } | { memberId: number }, nowMs = Date.now()): Promise<void> {
  const before = nowMs - SAVE_GRACE_MS
  const expired = 'memberId' in where ? await expiredOfMember.rows(db, { memberId: where.memberId, before }) : await openSittings(db, where).where('a.deadlineAt', '<', before).execute()
  for (const { id } of expired) await submitSitting(db, id, nowMs, 'system')
}

/** Closing an exam ends the sittings in progress: each is submitted with what was saved (系统交卷). */
export async function submitOpenSittings(db: Db, examId: number, nowMs = Date.now()): Promise<number> {
  const open = await openSittings(db, { examId }).execute()
  for (const { id } of open) await submitSitting(db, id, nowMs, 'system')
  return open.length
}
