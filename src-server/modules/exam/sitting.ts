import { randomInt } from 'node:crypto'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { ExamType, type QuestionSnapshot } from '../../../src-shared/schemas/exam'
import { type Sitting } from '../../../src-shared/schemas/exam-sitting'
import { nowText } from '../../db/time'
import { preparedQuery, type QueryParams } from '../../db/prepared'
import type { Db } from '../../db/types'
import { paperQuestions } from './paper-source'
import { refreshMemberExam } from './results'
import { hasOptions, markAnswer } from './scoring'
import { epochOf, examStatusOf, roundWindow } from './status'

/** Saves that arrive this long after the deadline still count: the request left the phone in time. */
export const SAVE_GRACE_MS = 15_000

export const SITTING_NOT_FOUND = '答卷不存在'
const TIME_UP = '考试时间已结束，不能再作答'
/** A sitting the server submitted (the exam was closed, or its time ran out) takes no more saves or submits. */
export const SYSTEM_SUBMITTED = '考试已关闭或作答时间已到，答卷已由系统交卷，不能再作答'

/** Who submitted a sitting: the member (the phone's 交卷 or its countdown), or the server (系统交卷). */
type SubmittedBy = 'member' | 'system'

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const parseStem = (stem: string | null): Record<string, string> => {
  try {
    return stem ? (JSON.parse(stem) as Record<string, string>) : {}
  } catch {
    return {}
  }
}

/** A candidate round of the member with its exam; NOT_FOUND for anyone else's. */
export async function roundOf(db: Db, memberId: number, memberExamId: number) {
  const row = await db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['m.id', 'm.examId', 'm.isMakeUp', 'm.status', 'm.attempts', 'm.startTime as roundStart', 'm.endTime as roundEnd'])
    .select(['e.title', 'e.type', 'e.trainId', 'e.startTime', 'e.endTime', 'e.closed', 'e.countdown', 'e.retestNum'])
    .select(['e.paperId', 'e.paper2Id', 'e.paper3Id', 'e.paper4Id', 'e.paper5Id'])
    .where('m.id', '=', memberExamId)
    .where('m.memberId', '=', memberId)
    .executeTakeFirst()
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

async function openAttempt(db: Db, memberExamId: number) {
  return db.selectFrom('examAttempt').selectAll().where('memberExamId', '=', memberExamId).where('submittedAt', 'is', null).executeTakeFirst()
}

/** What the phone shows of a sitting: questions and options in the stored order (shuffled for an exam), no keys. */
async function sittingOf(db: Db, round: Awaited<ReturnType<typeof roundOf>>, attempt: { id: number; paperSlot: number; totalScore: number; deadlineAt: number }): Promise<Sitting> {
  const answers = await db
    .selectFrom('examAnswer')
    .select(['questionId', 'questionType', 'question', 'optionOrder', 'questionScore', 'answer', 'saveSeq'])
    .where('attemptId', '=', attempt.id)
    .orderBy('position')
    .execute()
  return {
    attemptId: attempt.id,
    title: round.title,
    questionnaire: round.type === ExamType.QUESTIONNAIRE,
    endTime: roundWindow(round, { isMakeUp: round.isMakeUp, startTime: round.roundStart, endTime: round.roundEnd }).endTime,
    paperSlot: attempt.paperSlot,
    totalScore: attempt.totalScore,
    deadlineAt: attempt.deadlineAt,
    serverNow: Date.now(),
    seq: answers.reduce((max, a) => Math.max(max, Number(a.saveSeq)), 0),
    questions: answers.map((a) => {
      const question = JSON.parse(a.question) as QuestionSnapshot
      const options = parseStem(question.stem)
      return {
        questionId: a.questionId,
        type: a.questionType,
        title: question.title,
        score: a.questionScore,
        options: (a.optionOrder ?? '').split('').map((key) => ({ key, text: options[key] ?? '' })),
        answer: a.answer,
      }
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
  const open = await openAttempt(db, memberExamId)
  if (open && open.deadlineAt >= nowMs - SAVE_GRACE_MS) return sittingOf(db, round, open)
  // A sitting whose time ran out is submitted with what was saved before another may start.
  if (open) await submitSitting(db, open.id, nowMs, 'system')
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

  const attemptNo = round.attempts + 1
  let attemptId: number
  try {
    attemptId = await db.transaction().execute(async (tx) => {
      // Claims the sitting number: a second start at the same moment fails on the unique key.
      const { id } = await tx
        .insertInto('examAttempt')
        .values({ memberExamId, attemptNo, paperSlot: slot, paperId, totalScore, startedAt: nowMs, deadlineAt, submittedAt: null, score: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      // A questionnaire keeps the paper's order and each rating scale's order (非常满意 … 不满意).
      const inOrder = (items: readonly string[]) => (survey ? [...items] : shuffled(items))
      const rows = (survey ? questions : shuffled(questions)).map((q, position) => ({
        attemptId: id,
        position,
        questionId: q.questionId,
        questionType: q.questionType,
        question: JSON.stringify({ title: q.title, type: q.questionType, stem: q.stem ?? '', answer: q.answer ?? '', analysis: q.analysis ?? '' } satisfies QuestionSnapshot),
        optionOrder: hasOptions(q.questionType) ? inOrder(Object.keys(parseStem(q.stem)).sort()).join('') : null,
        questionScore: q.questionScore,
        answer: null,
        status: null,
        score: null,
        savedAt: null,
      }))
      for (let i = 0; i < rows.length; i += 200) await tx.insertInto('examAnswer').values(rows.slice(i, i + 200)).execute()
      return id
    })
  } catch (err) {
    const raced = await openAttempt(db, memberExamId)
    if (!raced) throw err
    return sittingOf(db, round, raced)
  }
  return sittingOf(db, round, { id: attemptId, paperSlot: slot, totalScore, deadlineAt })
}

// The exam calls' statements are prepared (compiled once, named statements on PostgreSQL): Kysely
// building them on every call was a fifth of the server's busy time on the exam morning (issue 28).
const ownAttemptRow = preparedQuery((db, p: QueryParams<{ attemptId: number; memberId: number }>) =>
  db
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .select(['a.id', 'a.memberExamId', 'a.deadlineAt', 'a.submittedAt', 'a.totalScore', 'a.systemSubmitted'])
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

/**
 * Submits a sitting: objective answers are marked, the rest wait for a marker. Runs
 * once: a second submit (a retry after a lost answer) gets the same result.
 */
export async function submitSitting(db: Db, attemptId: number, nowMs: number, by: SubmittedBy) {
  const memberExamId = await db.transaction().execute(async (tx) => {
    // Claimed first: from here on an autosave's own UPDATE finds the sitting submitted.
    const claimed = await tx
      .updateTable('examAttempt')
      .set({ submittedAt: nowMs, systemSubmitted: by === 'system' ? 1 : 0 })
      .where('id', '=', attemptId)
      .where('submittedAt', 'is', null)
      .returning('memberExamId')
      .executeTakeFirst()
    if (!claimed) return null
    await keepAnonymously(tx, attemptId)
    const answers = await tx.selectFrom('examAnswer').select(['id', 'questionType', 'question', 'questionScore', 'answer']).where('attemptId', '=', attemptId).execute()
    const marked = answers.map((a) => ({ id: a.id, ...markAnswer(a.questionType, (JSON.parse(a.question) as QuestionSnapshot).answer, a.answer, a.questionScore) }))
    // Rows with the same outcome are written together: a few statements, not one per question.
    const groups = new Map<string, number[]>()
    for (const m of marked) {
      const key = `${m.status}|${m.score ?? ''}`
      groups.set(key, [...(groups.get(key) ?? []), m.id])
    }
    for (const [key, ids] of groups) {
      const [status, value] = key.split('|')
      await tx.updateTable('examAnswer').set({ status, score: value === '' ? null : Number(value) }).where('id', 'in', ids).execute()
    }
    const score = marked.some((m) => m.status === 'IGNORE') ? null : marked.reduce((sum, m) => sum + (m.score ?? 0), 0)
    await tx.updateTable('examAttempt').set({ score }).where('id', '=', attemptId).execute()
    return claimed.memberExamId
  })
  const row = await db
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['a.memberExamId', 'a.score', 'a.totalScore', 'e.type', 'e.canLookAnswer'])
    .where('a.id', '=', attemptId)
    .executeTakeFirstOrThrow()
  const state = memberExamId === null ? await refreshMemberExam(db, row.memberExamId) : await refreshMemberExam(db, memberExamId)
  return { questionnaire: row.type === ExamType.QUESTIONNAIRE, status: state.status, score: row.score, totalScore: row.totalScore, canReview: row.type === ExamType.EXAM && row.canLookAnswer === 1 }
}

/**
 * The answers of a submitted sitting of an anonymous questionnaire leave the sitting for
 * survey_answer, which names no member, sitting or time (migration 0026): from the submit
 * on, no result is linked to who gave it. The sitting itself stays, without answers, as
 * the record that the member answered (one answer per member).
 */
async function keepAnonymously(tx: Db, attemptId: number): Promise<void> {
  const exam = await tx
    .selectFrom('examAttempt as a')
    .innerJoin('memberExam as m', 'm.id', 'a.memberExamId')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select(['e.id', 'e.type', 'e.anonymous'])
    .where('a.id', '=', attemptId)
    .executeTakeFirstOrThrow()
  if (exam.type !== ExamType.QUESTIONNAIRE || !exam.anonymous) return
  const answers = await tx.selectFrom('examAnswer').select(['questionId', 'questionType', 'question', 'answer']).where('attemptId', '=', attemptId).orderBy('position').execute()
  if (answers.length > 0) await tx.insertInto('surveyAnswer').values(answers.map((a) => ({ examId: exam.id, ...a }))).execute()
  await tx.deleteFrom('examAnswer').where('attemptId', '=', attemptId).execute()
}

export async function submitOwn(db: Db, memberId: number, attemptId: number) {
  const attempt = await ownAttempt(db, memberId, attemptId)
  // A retried 交卷 gets its result again; a sitting the server submitted says so instead.
  if (attempt.systemSubmitted) throw new AppError(ErrorKey.CONFLICT, SYSTEM_SUBMITTED)
  return submitSitting(db, attemptId, Date.now(), 'member')
}

function openSittings(db: Db, where: { memberExamId: number } | { examId: number } | { memberId: number }) {
  const query = db.selectFrom('examAttempt as a').innerJoin('memberExam as m', 'm.id', 'a.memberExamId').select('a.id').where('a.submittedAt', 'is', null)
  if ('memberExamId' in where) return query.where('m.id', '=', where.memberExamId)
  if ('examId' in where) return query.where('m.examId', '=', where.examId)
  return query.where('m.memberId', '=', where.memberId)
}

/**
 * Sittings whose time ran out without a submit are submitted with what was saved
 * (系统交卷): done when anyone next looks (the member's list, the score list), so no job runs.
 */
export async function finalizeExpired(db: Db, where: { memberExamId: number } | { examId: number } | { memberId: number }, nowMs = Date.now()): Promise<void> {
  const expired = await openSittings(db, where).where('a.deadlineAt', '<', nowMs - SAVE_GRACE_MS).execute()
  for (const { id } of expired) await submitSitting(db, id, nowMs, 'system')
}

/** Closing an exam ends the sittings in progress: each is submitted with what was saved (系统交卷). */
export async function submitOpenSittings(db: Db, examId: number, nowMs = Date.now()): Promise<number> {
  const open = await openSittings(db, { examId }).execute()
  for (const { id } of open) await submitSitting(db, id, nowMs, 'system')
  return open.length
}
