import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerDetail, Exam, MemberExam } from '../../src-shared/schemas/exam'
import type { MyExam, Sitting } from '../../src-shared/schemas/exam-sitting'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, memberSession, nextSaveSeq, validExamForm } from '../support/exam'
import { daysFromNow } from '../support/training'
import { failureOf, type ApiAs } from './api-as'
import { openExamTraining } from './exam-training'
import { type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * A safe exam lifecycle (issue 27): an edit of a started exam keeps every sitting and
 * applies a scoring change to them, closing ends the sittings in progress (系统交卷), and
 * an autosave older than the stored one is not applied.
 */
describe.each(testDatabases())('exam lifecycle: edits, close and ordered autosaves ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number
  let onePoint: number
  let otherPaper: number

  beforeAll(async () => {
    ;({ server, admin, people, trainId } = await openExamTraining(await database.url(), 4))
    const question = { type: 1, title: '党的根本宗旨是什么？', stem: { A: '全心全意为人民服务', B: '发展经济' }, answer: 'A', score: 100 }
    onePoint = await insertPaper(server.db, '单题卷', [question])
    otherPaper = await insertPaper(server.db, '另一套单题卷', [question])
  })
  afterAll(() => server?.stop())

  const createExam = async (overrides: Record<string, unknown> = {}) => dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, onePoint, overrides))).body)
  const edit = (exam: Exam, overrides: Record<string, unknown>) => admin.patch<Exam>('/api/exam', { id: exam.id, ...validExamForm(trainId, onePoint, { startTime: exam.startTime, endTime: exam.endTime, ...overrides }) })
  const candidates = async (examId: number) => (await admin.data<Page<MemberExam>>('/api/member/exam', { examId, pageSize: 50 })).records
  const phone = async (examId: number, telephone: string, isMakeUp = 0) => {
    const member = await memberSession(server.url, telephone)
    const mine = dataOf((await member.get<MyExam[]>('/api/m/exams')) as never) as MyExam[]
    const round = mine.find((x) => x.examId === examId && x.isMakeUp === isMakeUp)!
    const start = async () => dataOf((await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId })) as never) as Sitting
    const save = (s: Sitting, answer: string, seq = nextSaveSeq()) => member.post<{ savedAt: number; stale: boolean }>('/api/m/exam/answer', { attemptId: s.attemptId, questionId: s.questions[0].questionId, answer, seq })
    const sit = async (answer: string) => {
      const s = await start()
      dataOf((await save(s, answer)) as never)
      return dataOf((await member.post('/api/m/exam/submit', { attemptId: s.attemptId })) as never)
    }
    return { member, round, start, save, sit }
  }

  it('an edit of a started exam\'s 简介, title, end and join keeps every score and make-up round', async () => {
    const exam = await createExam({ joinType: 2, joinNum: 2 })
    const [first, second] = await candidates(exam.id)
    const byId = new Map(people.map((p) => [p.id, p]))
    await (await phone(exam.id, byId.get(first.memberId)!.telephone)).sit('A')
    await (await phone(exam.id, byId.get(second.memberId)!.telephone)).sit('B')
    const makeUp = { examId: exam.id, startTime: daysFromNow(3), endTime: daysFromNow(4), memberExams: [second.id] }
    dataOf((await admin.post('/api/member/exam/makeUp', makeUp)).body)
    const before = await candidates(exam.id)
    expect(before.map((r) => [r.memberId, r.isMakeUp, r.status, r.score])).toEqual([
      [first.memberId, 0, 'CHECK', 100],
      [second.memberId, 0, 'CHECK', 0],
      [second.memberId, 1, 'WAIT', null],
    ])

    const edited = dataOf((await edit(exam, { joinType: 2, joinNum: 3, content: '开卷，限时作答', title: '改名后的测试', endTime: daysFromNow(3) })).body)
    expect(edited).toMatchObject({ content: '开卷，限时作答', title: '改名后的测试', candidates: 4 })
    const after = await candidates(exam.id)
    // Every sitting and the make-up round are still there; one more candidate was drawn.
    expect(after.filter((r) => r.attempts > 0 || r.isMakeUp).map((r) => [r.memberId, r.isMakeUp, r.status, r.score])).toEqual(before.map((r) => [r.memberId, r.isMakeUp, r.status, r.score]))
    expect(after.filter((r) => r.isMakeUp === 0)).toHaveLength(3)
  })

  it('a new pass line or score rule is applied to the stored sittings; other papers are refused and change nothing', async () => {
    const exam = await createExam({ retestNum: 1 })
    const taker = await phone(exam.id, people[0].telephone)
    await taker.sit('A')
    await taker.sit('B')
    const mine = async () => (await candidates(exam.id)).find((r) => r.memberId === people[0].id)!
    expect(await mine()).toMatchObject({ score: 100, passed: true, attempts: 2 })

    dataOf((await edit(exam, { retestNum: 1, scorePolicy: 'latest' })).body)
    // The later sitting (0 points) counts now, from the answers already stored.
    expect(await mine()).toMatchObject({ score: 0, passed: false, attempts: 2 })
    dataOf((await edit(exam, { retestNum: 1, scorePolicy: 'highest', passLine: 100 })).body)
    expect(await mine()).toMatchObject({ score: 100, passed: true })
    // A pass line nobody can reach is refused at save (issue 27's save rules) and the stored sittings stay as they were.
    expect(failureOf(await edit(exam, { retestNum: 1, passLine: 101 })).message).toBe('及格线不能高于试卷A的总分（100分）')
    expect(await mine()).toMatchObject({ score: 100, passed: true })

    const refused = failureOf(await edit(exam, { retestNum: 1, passLine: 100, paperId: otherPaper }))
    expect(refused.message).toBe('考试已开始，不能更换试卷：已交的答卷按考生拿到的试卷评分，更换会使考生的试卷不一致。如需换卷，请新建考试')
    expect(dataOf((await admin.get<Exam>(`/api/exam/${exam.id}`)).body).paperId).toBe(onePoint)
    expect(await mine()).toMatchObject({ score: 100, attempts: 2 })
  })

  it('closing ends the sittings in progress with what was saved (系统交卷); saves, submits and a reload are refused', async () => {
    const exam = await createExam()
    const taker = await phone(exam.id, people[1].telephone)
    const sitting = await taker.start()
    dataOf((await taker.save(sitting, 'A')) as never)
    expect(dataOf((await admin.patch<Exam>('/api/exam/close', { id: exam.id })).body).status).toBe(3)

    expect((await candidates(exam.id)).find((r) => r.memberId === people[1].id)).toMatchObject({ status: 'CHECK', score: 100, attempts: 1 })
    const detail = await admin.data<AnswerDetail>('/api/member/answer', { memberExamId: taker.round.memberExamId })
    expect(detail).toMatchObject({ systemSubmitted: true, score: 100 })
    const systemSubmitted = '考试已关闭或作答时间已到，答卷已由系统交卷，不能再作答'
    expect((await taker.save(sitting, 'B')).message).toBe(systemSubmitted)
    expect((await taker.member.post('/api/m/exam/submit', { attemptId: sitting.attemptId })).message).toBe(systemSubmitted)
    expect((await taker.member.post('/api/m/exam/start', { memberExamId: taker.round.memberExamId })).message).toBe('考试已关闭')
    expect((await admin.data<AnswerDetail>('/api/member/answer', { memberExamId: taker.round.memberExamId })).answers[0].answer).toBe('A')
  })

  it('an autosave with a lower sequence number than the stored one is acknowledged as stale and not applied', async () => {
    const exam = await createExam()
    const taker = await phone(exam.id, people[2].telephone)
    const sitting = await taker.start()
    expect(sitting.seq).toBe(0)
    const newer = nextSaveSeq() + 1
    expect(dataOf((await taker.save(sitting, 'B', newer)) as never)).toMatchObject({ stale: false })
    // The save made before it arrives late.
    expect(dataOf((await taker.save(sitting, 'A', newer - 1)) as never)).toMatchObject({ stale: true })
    expect(dataOf((await taker.save(sitting, 'A', newer)) as never)).toMatchObject({ stale: true })
    const reloaded = await taker.start()
    expect(reloaded.questions[0].answer).toBe('B')
    expect(reloaded.seq).toBe(newer)
    expect((await taker.member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: sitting.questions[0].questionId, answer: 'A' })).message).toBe('缺少保存序号，请刷新页面后继续作答')
    expect(dataOf((await taker.member.post('/api/m/exam/submit', { attemptId: sitting.attemptId })) as never)).toMatchObject({ score: 0 })
  })
})
