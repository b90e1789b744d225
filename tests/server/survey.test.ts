import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant, QuestionnaireResult } from '../../src-shared/schemas/exam-analysis'
import type { MyExam, Sitting } from '../../src-shared/schemas/exam-sitting'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { nowText } from '../../src-server/db/time'
import { epochOf } from '../../src-server/modules/exam/status'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { checkIn, insertPaper, memberSession, nextSaveSeq, satisfactionQuestions, signUpMembers } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * Questionnaires answered as surveys (issue 27): the paper's order and each rating
 * scale's order, no time limit but the end time; an anonymous questionnaire keeps its
 * answers with no link to a member, and still one answer per member.
 */
describe.each(testDatabases())('questionnaires as surveys ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let paper: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 3)
    paper = await insertPaper(server.db, '满意度问卷', satisfactionQuestions, 1)
  })
  afterAll(() => server?.stop())

  /** A training whose registrants have checked in, with its satisfaction questionnaire set. */
  async function questionnaire(anonymous: boolean) {
    const trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people)
    await checkIn(server.db, trainId, people.map((p) => p.id))
    const form = { trainId, title: '培训满意度调查', paperId: paper, startTime: daysFromNow(-1 / 24), endTime: daysFromNow(3), anonymous }
    const set = dataOf((await admin.post<QuestionnaireResult['questionnaire']>('/api/questionnaire', form)).body)!
    expect(set.anonymous).toBe(anonymous)
    return { trainId, form, examId: set.examId }
  }

  async function phone(examId: number, telephone: string) {
    const member = await memberSession(server.url, telephone)
    const round = dataOf(await member.get<MyExam[]>('/api/m/exams')).find((x) => x.examId === examId)!
    const start = () => member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId })
    const answerAll = async (s: Sitting, byType: Record<number, string>) => {
      for (const q of s.questions) if (byType[q.type] !== undefined) dataOf(await member.post('/api/m/exam/answer', { attemptId: s.attemptId, questionId: q.questionId, answer: byType[q.type], seq: nextSaveSeq() }))
    }
    return { member, start, answerAll, submit: (s: Sitting) => member.post<{ questionnaire: boolean; score: number | null }>('/api/m/exam/submit', { attemptId: s.attemptId }) }
  }

  it('builds a questionnaire paper from the questionnaire bank without scores, offered by 设置问卷 and not as an exam paper', async () => {
    const now = nowText()
    const bankQuestion = async (useType: number, title: string) => {
      const category = await server.db.insertInto('questionCategory').values({ name: `${title}类别`, useType, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
      return (
        await server.db
          .insertInto('question')
          .values({ useType, categoryId: category.id, type: 1, title, stem: JSON.stringify({ A: '满意', B: '一般', C: '不满意' }), answer: null, analysis: null, imagePath: null, status: 1, createdBy: null, createName: null, createdAt: now, updatedAt: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    }
    const surveyQuestion = await bankQuestion(1, `问卷题${database.name}`)
    const examQuestion = await bankQuestion(2, `考试题${database.name}`)
    const body = (questionId: number) => ({ title: '课程满意度', content: '结业前填写', type: 1, choiceType: 1, questionList: [{ questionType: 1, questionId, questionScore: 0 }] })
    const made = dataOf((await admin.post<{ id: number; totalScore: number; type: number }>('/api/paper', body(surveyQuestion))).body)
    expect(made).toMatchObject({ totalScore: 0, type: 1 })
    // A question of the exam bank is not a questionnaire's.
    expect(failureOf(await admin.post('/api/paper', body(examQuestion))).message).toContain('不存在')
    expect((await admin.data<{ id: number }[]>('/api/questionnaire/papers')).map((p) => p.id)).toContain(made.id)
    expect((await admin.data<{ id: number }[]>('/api/exam/papers')).map((p) => p.id)).not.toContain(made.id)
  })

  it('shows the questions and each rating scale in their order, with the end time as the only deadline', async () => {
    const { examId, form } = await questionnaire(false)
    for (const person of people) {
      const sitting = dataOf(await (await phone(examId, person.telephone)).start())
      expect(sitting.questionnaire).toBe(true)
      expect(sitting.endTime).toBe(form.endTime)
      // No 1440-minute countdown: the sitting lasts until the questionnaire ends.
      expect(sitting.deadlineAt).toBe(epochOf(form.endTime))
      expect(sitting.questions.map((q) => q.title)).toEqual(satisfactionQuestions.map((q) => q.title))
      expect(sitting.questions[0].options.map((o) => o.text)).toEqual(['非常满意', '满意', '一般', '不满意'])
      expect(sitting.questions[1].options.map((o) => o.key)).toEqual(['A', 'B', 'C'])
    }
  })

  it('keeps an anonymous questionnaire\'s answers with no link to a member, and one answer per member', async () => {
    const { trainId, form, examId } = await questionnaire(true)
    const attempts: number[] = []
    for (const [person, byType] of [
      [people[0], { 1: 'A', 2: 'A,C', 4: '多安排现场教学' }],
      [people[1], { 1: 'B', 2: 'B' }],
    ] as const) {
      const p = await phone(examId, person.telephone)
      const sitting = dataOf(await p.start())
      attempts.push(sitting.attemptId)
      await p.answerAll(sitting, byType)
      expect(dataOf(await p.submit(sitting))).toMatchObject({ questionnaire: true })
      // One answer per member: the round is used up, and the submitted sitting takes nothing more.
      expect(failureOf({ status: 200, body: (await p.start()) as never }).message).toBe('您已提交问卷')
      expect((await p.member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: sitting.questions[0].questionId, answer: 'D', seq: nextSaveSeq() })).code).not.toBe(0)
    }

    // The sittings hold no answers any more; the answers hold no member, sitting or time.
    expect(await server.db.selectFrom('examAnswer').select('id').where('attemptId', 'in', attempts).execute()).toEqual([])
    const stored = await server.db.selectFrom('surveyAnswer').selectAll().where('examId', '=', examId).execute()
    expect(stored).toHaveLength(6)
    expect(Object.keys(stored[0]).sort()).toEqual(['answer', 'examId', 'id', 'question', 'questionId', 'questionType'])

    const result = await admin.data<QuestionnaireResult>('/api/questionnaire/result', { trainId })
    expect(result.questionnaire).toMatchObject({ anonymous: true, respondents: 2 })
    const overall = result.rows.find((r) => r.questionType === 1)!
    expect(overall.num).toBe(2)
    expect(overall.options.map((o) => [o.text, o.num])).toEqual([['非常满意', 1], ['满意', 1], ['一般', 0], ['不满意', 0]])
    expect(result.rows.find((r) => r.questionType === 2)!.options.map((o) => o.num)).toEqual([1, 1, 1])
    expect(result.rows.find((r) => r.questionType === 4)!.answers).toEqual([{ member: { name: '匿名' }, answer: '多安排现场教学' }])
    expect(JSON.stringify(result)).not.toContain(people[0].name)

    // Who answered is still known (one answer each), without what they answered.
    const done = await admin.data<Page<Participant>>('/api/exam/participants', { examId, status: 'DONE' })
    expect(done.records.map((r) => r.memberName).sort()).toEqual([people[0].name, people[1].name].sort())

    // Answers already given cannot change side: the setting stays as it was.
    expect(failureOf(await admin.post('/api/questionnaire', { ...form, anonymous: false })).message).toBe('已有学员填写问卷，不能更改匿名设置')
    expect((await admin.data<QuestionnaireResult>('/api/questionnaire/result', { trainId })).questionnaire).toMatchObject({ anonymous: true })
  })

  it('keeps a named questionnaire\'s answers with the member who gave them', async () => {
    const { trainId, examId } = await questionnaire(false)
    const p = await phone(examId, people[2].telephone)
    const sitting = dataOf(await p.start())
    await p.answerAll(sitting, { 1: 'C', 4: '很好' })
    dataOf(await p.submit(sitting))
    const result = await admin.data<QuestionnaireResult>('/api/questionnaire/result', { trainId })
    expect(result.questionnaire).toMatchObject({ anonymous: false, respondents: 1 })
    expect(result.rows.find((r) => r.questionType === 4)!.answers).toEqual([{ member: { name: people[2].name }, answer: '很好' }])
    expect(await server.db.selectFrom('surveyAnswer').select('id').where('examId', '=', examId).execute()).toEqual([])
  })
})
