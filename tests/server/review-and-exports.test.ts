import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Exam, Marking, MemberExam } from '../../src-shared/schemas/exam'
import type { Participant } from '../../src-shared/schemas/exam-analysis'
import type { MyExam, Sitting } from '../../src-shared/schemas/exam-sitting'
import type { Question } from '../../src-shared/schemas/question'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, memberSession, nextSaveSeq, signUpMembers, validExamForm } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * Reviewing and exporting at volume (issue 27): many questions approved or rejected in one
 * request and the banks filtered by review status; make-up rows marked in the participant
 * list; the candidate's paper exported in words (正确 / 错误, option letters with their text).
 */
describe.each(testDatabases())('bulk review, make-up rows and the paper export ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
  })
  afterAll(() => server?.stop())

  it('approves or rejects the selected questions in one request and filters the bank by review status', async () => {
    const category = dataOf((await admin.post<{ id: number }>('/api/question/category', { name: '批量审核', useType: 2 })).body)
    const made: Question[] = []
    for (const title of ['甲题', '乙题', '丙题', '丁题']) {
      made.push(dataOf((await admin.post<Question>('/api/question', { useType: 2, type: 3, categoryId: category.id, title, answer: 'true' })).body))
    }
    const list = async (status?: number) =>
      (await admin.data<Page<Question>>('/api/question', { useType: 2, categoryId: category.id, pageSize: 50, ...(status === undefined ? {} : { status }) })).records.map((q) => q.title).sort()
    expect(await list(0)).toEqual(['丁题', '丙题', '乙题', '甲题'])

    expect(dataOf((await admin.patch('/api/question/audit/batch', { ids: [made[0].id, made[1].id, made[2].id], status: 1 })).body)).toEqual({ updated: 3 })
    expect(dataOf((await admin.patch('/api/question/audit/batch', { ids: [made[2].id, made[3].id], status: -1 })).body)).toEqual({ updated: 2 })
    expect(await list(1)).toEqual(['乙题', '甲题'])
    expect(await list(-1)).toEqual(['丁题', '丙题'])
    expect(await list(0)).toEqual([])

    // A selection holding a question deleted meanwhile changes nothing; an empty one is refused.
    dataOf((await admin.del(`/api/question/${made[3].id}`)).body)
    const stale = failureOf(await admin.patch('/api/question/audit/batch', { ids: [made[0].id, made[3].id], status: -1 }))
    expect(stale).toMatchObject({ status: 404, message: '选中的题目中有 1 道已不存在，请刷新后重试' })
    expect(await list(1)).toEqual(['乙题', '甲题'])
    expect(failureOf(await admin.patch('/api/question/audit/batch', { ids: [], status: 1 })).message).toBe('未选中任何行')
    expect(failureOf(await admin.patch('/api/question/audit/batch', { ids: [made[0].id], status: 2 })).message).toBe('审核结果无效')
  })

  it('marks make-up rows in the participant list and writes the paper export in words', async () => {
    const people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(0, 2)
    const trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people)
    const paper = await insertPaper(server.db, '导出卷', [
      { type: 1, title: '党的根本宗旨是什么？', stem: { A: '全心全意为人民服务', B: '发展经济' }, answer: 'A', score: 40 },
      { type: 2, title: '下列哪些属于“四个意识”？', stem: { A: '政治意识', B: '大局意识', C: '消费意识' }, answer: 'A,B', score: 30 },
      { type: 3, title: '党员应当按期缴纳党费。', answer: 'true', score: 30 },
    ])
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper, { passLine: 60 }))).body)
    const member = await memberSession(server.url, people[0].telephone)
    const round = dataOf(await member.get<MyExam[]>('/api/m/exams')).find((x) => x.examId === exam.id)!
    const sitting = dataOf(await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId }))
    const byType: Record<number, string> = { 1: 'B', 2: 'A,C', 3: 'false' }
    for (const q of sitting.questions) dataOf(await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: q.questionId, answer: byType[q.type], seq: nextSaveSeq() }))
    dataOf(await member.post('/api/m/exam/submit', { attemptId: sitting.attemptId }))
    const failed = (await admin.data<Page<MemberExam>>('/api/member/exam', { examId: exam.id, pageSize: 20 })).records.find((r) => r.memberId === people[0].id)!
    dataOf((await admin.post('/api/member/exam/makeUp', { examId: exam.id, startTime: daysFromNow(3), endTime: daysFromNow(4), memberExams: [failed.id] })).body)

    const participants = (await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, pageSize: 20 })).records
    expect(participants.map((p) => [p.memberName, p.isMakeUp]).sort()).toEqual([[people[0].name, 0], [people[0].name, 1], [people[1].name, 0]].sort())
    const roster = await fetch(`${server.url}/api/member/exam/download/${exam.id}`, { headers: { Token: admin.token } })
    expect(roster.status).toBe(200)
    const rosterBook = new ExcelJS.Workbook()
    await rosterBook.xlsx.load(await roster.arrayBuffer())
    const sheet = rosterBook.worksheets[0]
    expect(sheet.getRow(1).values).toContain('类别')
    expect((sheet.getColumn(4).values as unknown[]).slice(2).map(String).sort()).toEqual(['正考', '正考', '补考'].sort())

    const response = await fetch(`${server.url}/api/member/answer/downloadAnswerDetail/${failed.id}`, { headers: { Token: admin.token } })
    expect(response.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await response.arrayBuffer())
    // The sitting's order is shuffled per candidate: compare by type.
    const rows = (book.worksheets[0].getSheetValues() as unknown[][]).slice(2).map((r) => [r[2], r[5], r[6]]).sort((a, b) => String(a[0]).localeCompare(String(b[0]), 'zh'))
    const expected = [
      ['单选题', 'B. 发展经济', 'A. 全心全意为人民服务'],
      ['多选题', 'A. 政治意识；C. 消费意识', 'A. 政治意识；B. 大局意识'],
      ['判断题', '错误', '正确'],
    ].sort((a, b) => a[0].localeCompare(b[0], 'zh'))
    expect(rows).toEqual(expected)
  })

  it('marks one question across the candidates: a sitting is scored when its last waiting answer is marked', async () => {
    const people = (await membersOfTopOrg(server.db, '省财政厅机关党委')).slice(2, 4)
    const trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
    await signUpMembers(server.db, trainId, people)
    const paper = await insertPaper(server.db, '两道问答', [
      { type: 4, title: '问答一', answer: '', score: 50 },
      { type: 4, title: '问答二', answer: '', score: 50 },
    ])
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper, { passLine: 60 }))).body)
    for (const person of people) {
      const member = await memberSession(server.url, person.telephone)
      const round = dataOf(await member.get<MyExam[]>('/api/m/exams')).find((x) => x.examId === exam.id)!
      const sitting = dataOf(await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId }))
      for (const q of sitting.questions) dataOf(await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: q.questionId, answer: `${person.name}答${q.title}`, seq: nextSaveSeq() }))
      dataOf(await member.post('/api/m/exam/submit', { attemptId: sitting.attemptId }))
    }
    const first = await admin.data<Marking>('/api/exam/marking', { examId: exam.id })
    expect(first.questions.map((q) => [q.title, q.waiting, q.answers]).sort()).toEqual([['问答一', 2, 2], ['问答二', 2, 2]])
    const one = first.question!.title
    expect(first.answers.map((a) => [a.memberName, a.answer, a.score]).sort()).toEqual(people.map((p) => [p.name, `${p.name}答${one}`, null]).sort())

    const [a, b] = first.answers
    expect(dataOf((await admin.post('/api/member/answer/gradeOne', { memberExamId: a.memberExamId, answerId: a.answerId, score: 30 })).body)).toEqual({ status: 'DONE', score: null })
    expect(failureOf(await admin.post('/api/member/answer/gradeOne', { memberExamId: a.memberExamId, answerId: a.answerId, score: 40 })).message).toBe('该题已评分，不能重复评分')
    expect(failureOf(await admin.post('/api/member/answer/gradeOne', { memberExamId: b.memberExamId, answerId: b.answerId, score: 51 })).message).toBe('分数不能超过该题满分 50')
    // Another candidate's answer named under this candidate is not theirs.
    expect(failureOf(await admin.post('/api/member/answer/gradeOne', { memberExamId: a.memberExamId, answerId: b.answerId, score: 10 })).message).toBe('题目不在本试卷中')

    const other = first.questions.find((q) => q.title !== one)!
    const second = await admin.data<Marking>('/api/exam/marking', { examId: exam.id, questionId: other.questionId })
    const aSecond = second.answers.find((x) => x.memberExamId === a.memberExamId)!
    expect(dataOf((await admin.post('/api/member/answer/gradeOne', { memberExamId: a.memberExamId, answerId: aSecond.answerId, score: 45 })).body)).toEqual({ status: 'CHECK', score: 75 })
    const after = await admin.data<Marking>('/api/exam/marking', { examId: exam.id, questionId: other.questionId })
    expect(after.answers.find((x) => x.memberExamId === a.memberExamId)!.score).toBe(45)
    expect(after.questions.map((q) => q.waiting)).toEqual([1, 1])
  })
})
