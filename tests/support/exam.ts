import type { z } from 'zod'
import type { MyExam, Sitting, SubmitResultSchema } from '../../src-shared/schemas/exam-sitting'
import { hashPassword } from '../../src-server/auth/passwords'
import { nowText } from '../../src-server/db/time'
import type { Db } from '../../src-server/db/types'
import { dataOf } from './envelope'
import { daysFromNow } from './training'

export const MEMBER_PASSWORD = 'Member@123'

let saveSeq = 0
/** The autosave sequence number a phone would send next: rising, so every save in a test is the newest. */
export const nextSaveSeq = () => (saveSeq += 1)

export interface PaperQuestionFixture {
  type: number
  title: string
  stem?: Record<string, string>
  answer: string
  score: number
}

/** The standard paper of these tests: one question of each kind, 100 points. */
export const standardQuestions: PaperQuestionFixture[] = [
  { type: 1, title: '党的根本宗旨是什么？', stem: { A: '全心全意为人民服务', B: '发展经济', C: '对外开放', D: '科技创新' }, answer: 'A', score: 20 },
  { type: 2, title: '下列哪些属于“四个意识”？', stem: { A: '政治意识', B: '大局意识', C: '核心意识', D: '消费意识' }, answer: 'A,B,C', score: 30 },
  { type: 3, title: '党员应当按期缴纳党费。', answer: 'true', score: 10 },
  { type: 4, title: '谈谈你对基层党建工作的认识。', answer: '', score: 40 },
]

/**
 * A paper as the paper screens store it (issue 13): the paper row and its own copy of
 * each question with the score. Question ids are made up: a paper keeps copies.
 */
export async function insertPaper(db: Db, title: string, questions: PaperQuestionFixture[] = standardQuestions, useType = 2): Promise<number> {
  const now = nowText()
  const totalScore = questions.reduce((s, q) => s + q.score, 0)
  const { id } = await db
    .insertInto('paper')
    .values({ title, content: '测试试卷', totalScore, choiceType: 1, type: useType, questionList: '[]', categoryList: '[]', createdBy: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('paperQuestion')
    .values(
      questions.map((q, i) => ({
        paperId: id,
        sortOrder: i + 1,
        questionId: 100_000 + id * 100 + i,
        questionType: q.type,
        categoryId: 1,
        categoryName: '党的建设',
        title: q.title,
        stem: q.stem ? JSON.stringify(q.stem) : null,
        answer: q.answer,
        analysis: '见党章',
        imagePath: null,
        questionScore: q.score,
      })),
    )
    .execute()
  return id
}

/** A satisfaction questionnaire paper (use type 1): two choices and a free answer. */
export const satisfactionQuestions: PaperQuestionFixture[] = [
  { type: 1, title: '您对本次培训的总体评价', stem: { A: '非常满意', B: '满意', C: '一般', D: '不满意' }, answer: '', score: 0 },
  { type: 2, title: '您收获最大的环节', stem: { A: '专题讲座', B: '现场教学', C: '分组研讨' }, answer: '', score: 0 },
  { type: 4, title: '您对今后培训的建议', answer: '', score: 0 },
]

/** Checks the members in to the training's first sign-in window (the check-in rules are tested elsewhere). */
export async function checkIn(db: Db, trainId: number, memberIds: readonly number[]): Promise<void> {
  const window = await db.selectFrom('trainSignIn').select('id').where('trainId', '=', trainId).orderBy('id').executeTakeFirstOrThrow()
  const signUps = await db.selectFrom('trainSignUp').select('id').where('trainId', '=', trainId).where('memberId', 'in', [...memberIds]).execute()
  await db.insertInto('trainCheckIn').values(signUps.map((s) => ({ signUpId: s.id, trainId, signInId: window.id, checkInTime: nowText() }))).execute()
}

/** Signs members up for a training directly (the sign-up rules are tested elsewhere) and gives them a password. */
export async function signUpMembers(db: Db, trainId: number, members: readonly { id: number }[]): Promise<void> {
  const now = nowText()
  const pwdHash = await hashPassword(MEMBER_PASSWORD)
  for (const m of members) {
    const row = await db.selectFrom('member').select(['name', 'telephone', 'orgId']).where('id', '=', m.id).executeTakeFirstOrThrow()
    await db.insertInto('trainSignUp').values({ trainId, memberId: m.id, ...row, source: 'admin', createdAt: now, updatedAt: now }).execute()
    await db.updateTable('member').set({ pwdHash }).where('id', '=', m.id).execute()
  }
}

/** A valid exam form, open from an hour ago for two days. */
export function validExamForm(trainId: number, paperId: number, overrides: Record<string, unknown> = {}) {
  return {
    title: '党章党规知识测试',
    content: '闭卷，限时作答',
    trainId,
    joinType: 1,
    startTime: daysFromNow(-1 / 24),
    endTime: daysFromNow(2),
    countdown: 60,
    passLine: 60,
    retestNum: 0,
    canLookAnswer: 0,
    paperId,
    ...overrides,
  }
}

/** The member API of the phone page, signed in as one member. */
export async function memberSession(baseUrl: string, telephone: string, password = MEMBER_PASSWORD) {
  const request = async <T>(method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { MemberToken: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await response.json()) as { code: number; message: string; data: T }
  }
  const login = await request<{ token: string }>('POST', '/api/m/login', null, { telephone, password })
  const { token } = dataOf(login)
  return {
    token,
    get: <T>(path: string) => request<T>('GET', path, token),
    post: <T>(path: string, body: unknown) => request<T>('POST', path, token, body),
  }
}

/** One member signs in, sits the exam with the given answers by question type (types left out stay blank) and submits. */
export async function sitExam(baseUrl: string, examId: number, telephone: string, byType: Record<number, string>) {
  const member = await memberSession(baseUrl, telephone)
  const round = dataOf(await member.get<MyExam[]>('/api/m/exams')).find((x) => x.examId === examId)
  if (!round) throw new Error(`exam ${examId} is not among ${telephone}'s exams`)
  const sitting = dataOf(await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId }))
  for (const q of sitting.questions) {
    const answer = byType[q.type]
    if (answer !== undefined) dataOf(await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: q.questionId, answer, seq: nextSaveSeq() }))
  }
  const submitted = dataOf(await member.post<z.infer<typeof SubmitResultSchema>>('/api/m/exam/submit', { attemptId: sitting.attemptId }))
  return { memberExamId: round.memberExamId, submitted }
}
