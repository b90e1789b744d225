import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Exam } from '../../src-shared/schemas/exam'
import type { MyExam, Review, Sitting } from '../../src-shared/schemas/exam-sitting'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, memberSession, nextSaveSeq, standardQuestions, validExamForm } from '../support/exam'
import { type ApiAs } from './api-as'
import { openExamTraining } from './exam-training'
import { type TestServer } from './harness'

/**
 * 模拟考试 交卷后可查看答案 (issue 27): a mock exam's member sees, after submitting, each
 * question with the right answer and whether theirs was right; a formal exam shows the
 * score only, and no sitting shows its key before it is submitted.
 */
describe.each(testDatabases())('mock exams show the answers after submit ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number
  let paper: number

  beforeAll(async () => {
    ;({ server, admin, people, trainId } = await openExamTraining(await database.url(), 2))
    paper = await insertPaper(server.db, '模拟卷')
  })
  afterAll(() => server?.stop())

  async function sitting(canLookAnswer: 0 | 1, telephone: string) {
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper, { canLookAnswer, title: canLookAnswer ? '模拟考试' : '正式考试' }))).body)
    const member = await memberSession(server.url, telephone)
    const round = (await member.get<MyExam[]>('/api/m/exams')).data.find((x) => x.examId === exam.id)!
    const s = (await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId })).data
    // Right single choice, wrong multiple choice, true/false left blank, an essay for the marker.
    const byType: Record<number, string> = { 1: 'A', 2: 'A,D', 4: '加强学习' }
    for (const q of s.questions) if (byType[q.type]) await member.post('/api/m/exam/answer', { attemptId: s.attemptId, questionId: q.questionId, answer: byType[q.type], seq: nextSaveSeq() })
    const review = () => member.get<Review>(`/api/m/exam/review?attemptId=${s.attemptId}`)
    const mine = async () => (await member.get<MyExam[]>('/api/m/exams')).data.find((x) => x.examId === exam.id)!
    return { exam, member, s, review, mine, submit: () => member.post<{ canReview: boolean }>('/api/m/exam/submit', { attemptId: s.attemptId }) }
  }

  it('shows a mock exam\'s answers, each marked right or wrong, only after the submit', async () => {
    const mock = await sitting(1, people[0].telephone)
    expect((await mock.review()).message).toBe('交卷后才能查看答案')
    expect((await mock.mine()).reviewAttemptId).toBeNull()

    expect((await mock.submit()).data.canReview).toBe(true)
    const review = await mock.review()
    expect(review.code).toBe(0)
    const byTitle = new Map(review.data.questions.map((q) => [q.title, q]))
    const [single, multiple, judgement, essay] = standardQuestions.map((q) => byTitle.get(q.title)!)
    expect([single.mark, single.answer, single.correctAnswer]).toEqual(['right', 'A', 'A'])
    expect([multiple.mark, multiple.answer, multiple.correctAnswer]).toEqual(['wrong', 'A,D', 'A,B,C'])
    expect([judgement.mark, judgement.answer, judgement.correctAnswer]).toEqual(['wrong', null, 'true'])
    expect([essay.mark, essay.correctAnswer]).toEqual(['pending', '见党章'])
    // Options in the order the sitting showed them, with their texts.
    expect(single.options).toEqual(mock.s.questions.find((q) => q.title === single.title)!.options)
    // The list offers the answers again (a reload, another day).
    expect((await mock.mine()).reviewAttemptId).toBe(mock.s.attemptId)
  })

  it('shows a formal exam\'s score only, and never another member\'s answers', async () => {
    const formal = await sitting(0, people[1].telephone)
    expect((await formal.submit()).data.canReview).toBe(false)
    expect((await formal.review()).message).toBe('本考试不是模拟考试，交卷后只显示成绩')
    expect((await formal.mine()).reviewAttemptId).toBeNull()

    const mock = await sitting(1, people[0].telephone)
    await mock.submit()
    const other = await memberSession(server.url, people[1].telephone)
    expect((await other.get(`/api/m/exam/review?attemptId=${mock.s.attemptId}`)).message).toBe('答卷不存在')
  })
})
