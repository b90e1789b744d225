import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnswerDetail, type Exam } from '../../src-shared/schemas/exam'
import { analysisLabels, type AnalysisRow, type Participant, type QuestionnaireResult, type ScoreSummary } from '../../src-shared/schemas/exam-analysis'
import { type MyExam } from '../../src-shared/schemas/exam-sitting'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { checkIn, insertPaper, memberSession, satisfactionQuestions, sitExam, standardQuestions, validExamForm } from '../support/exam'
import { daysFromNow } from '../support/training'
import { failureOf, issuesOf, type ApiAs } from './api-as'
import { openExamTraining } from './exam-training'
import { type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

describe.each(testDatabases())('exam participants, answer analysis and questionnaire results ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number

  beforeAll(async () => {
    ;({ server, admin, people, trainId } = await openExamTraining(await database.url(), 3))
  })
  afterAll(() => server?.stop())

  it('lists participants by status and analyses the answers per option with the correct rate', async () => {
    const paper = await insertPaper(server.db, '分析卷')
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper))).body)
    await sitExam(server.url, exam.id, people[0].telephone, { 1: 'A', 2: 'A,B,C', 3: 'true', 4: '认识一' })
    await sitExam(server.url, exam.id, people[1].telephone, { 1: 'B', 2: 'A,B', 3: 'true' })

    const done = await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, status: 'DONE' })
    expect(done.records.map((p) => p.memberName).sort()).toEqual([people[0].name, people[1].name].sort())
    expect(done.records[0]).toMatchObject({ examName: exam.title, status: 'DONE', durations: 1 })
    const waiting = await admin.data<Page<Participant>>('/api/exam/participants', { examId: exam.id, status: 'WAIT' })
    expect(waiting.records).toMatchObject([{ memberName: people[2].name, startTime: null, score: null }])

    const rows = await admin.data<AnalysisRow[]>(`/api/exam/analysis/${exam.id}`)
    const single = rows.find((r) => r.questionType === 1)!
    expect(single).toMatchObject({ num: 2, answer: 'A', per: 0.5 })
    expect(single.options.map((o) => [o.key, o.num])).toEqual([['A', 1], ['B', 1], ['C', 0], ['D', 0]])
    const multiple = rows.find((r) => r.questionType === 2)!
    expect(multiple.options.map((o) => o.num)).toEqual([2, 2, 1, 0])
    expect(rows.find((r) => r.questionType === 3)!.per).toBe(1)
    expect(rows.find((r) => r.questionType === 4)!.answers).toEqual([{ member: { name: people[0].name }, answer: '认识一' }])

    for (const path of [`/api/exam/analysis/download/${exam.id}`, `/api/member/exam/download/${exam.id}`, `/api/member/exam/downloadScoreList/${exam.id}`]) {
      const response = await fetch(`${server.url}${path}`, { headers: { Token: admin.token } })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toContain('spreadsheetml')
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await response.arrayBuffer())
      expect(workbook.worksheets[0].pageSetup, path).toMatchObject({ orientation: 'landscape', fitToWidth: 1, printTitlesRow: '1:1' })
      if (!path.startsWith('/api/exam/analysis')) continue
      // 正确率 is a number a clerk can sum, shown as a percentage.
      const sheet = workbook.worksheets[0]
      const rate = (sheet.getRow(1).values as unknown[]).indexOf(analysisLabels.rate)
      const cell = sheet.getRow(2).getCell(rate)
      expect(cell.value).toBe(0.5)
      expect(cell.numFmt).toBe('0.0%')
    }
    const anyCandidate = done.records[0].id
    const paperFile = await fetch(`${server.url}/api/member/answer/downloadAnswerDetail/${anyCandidate}`, { headers: { Token: admin.token } })
    expect(paperFile.status).toBe(200)
  })

  it('sums up the scores for the report: best score per member, pass rate and bands of the full score', async () => {
    // Objective questions only (60 points): scores are final on submission.
    const paper = await insertPaper(server.db, '客观题卷', standardQuestions.slice(0, 3))
    const exam = dataOf((await admin.post<Exam>('/api/exam', { ...validExamForm(trainId, paper), passLine: 40 })).body)
    await sitExam(server.url, exam.id, people[0].telephone, { 1: 'A', 2: 'A,B,C', 3: 'true' })
    await sitExam(server.url, exam.id, people[1].telephone, { 1: 'B', 2: 'A,B,C', 3: 'false' })
    const summary = await admin.data<ScoreSummary>(`/api/exam/scoreSummary/${exam.id}`)
    expect(summary).toMatchObject({ candidates: 3, submitted: 2, scored: 2, passed: 1, passLine: 40, fullScore: 60, average: 45, highest: 60, lowest: 30 })
    // 60 % of 60 is 36: bands 0–35, 36–41, 42–47, 48–53, 54–60.
    expect(summary.bands).toEqual([
      { from: 0, to: 35, count: 1 },
      { from: 36, to: 41, count: 0 },
      { from: 42, to: 47, count: 0 },
      { from: 48, to: 53, count: 0 },
      { from: 54, to: 60, count: 1 },
    ])
  })

  it('states the real total of the paper sat, counts an essay by its share of marks and puts every percentage on one base', async () => {
    // Issue 27: the report said 满分 100 while every sitting was on the 56-point paper (the paper row's total was out of step).
    const paper = await insertPaper(server.db, '56分卷', [
      { type: 1, title: '单选', stem: { A: '对', B: '错' }, answer: 'A', score: 36 },
      { type: 4, title: '论述', answer: '', score: 20 },
    ])
    await server.db.updateTable('paper').set({ totalScore: 100 }).where('id', '=', paper).execute()
    const exam = dataOf((await admin.post<Exam>('/api/exam', { ...validExamForm(trainId, paper), passLine: 30 })).body)
    await sitExam(server.url, exam.id, people[0].telephone, { 1: 'A', 4: '认真学习党章' })
    await sitExam(server.url, exam.id, people[1].telephone, {})
    const summary = await admin.data<ScoreSummary>(`/api/exam/scoreSummary/${exam.id}`)
    expect(summary.fullScore).toBe(56)
    expect(summary.variants).toEqual([{ label: '试卷A', title: '56分卷', totalScore: 56, sittings: 2 }])

    const candidates = await admin.data<Page<{ id: number; status: string }>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    const marking = candidates.records.find((r) => r.status === 'DONE')!
    const detail = await admin.data<AnswerDetail>('/api/member/answer', { memberExamId: marking.id })
    const essay = detail.answers.find((a) => a.question.type === 4)!
    dataOf((await admin.post('/api/member/answer/grade', { memberExamId: marking.id, answers: [{ id: essay.id, score: 15 }] })).body)

    const rows = await admin.data<AnalysisRow[]>(`/api/exam/analysis/${exam.id}`)
    // An essay marked 15 / 20 is 75 %, not 0 %.
    expect(rows.find((r) => r.questionType === 4)).toMatchObject({ num: 1, per: 0.75 })
    // One answered right, one left it blank: the option's share and the correct rate are both of those who answered.
    const single = rows.find((r) => r.questionType === 1)!
    expect(single.options.find((o) => o.key === 'A')!.per).toBe(1)
    expect(single).toMatchObject({ num: 1, per: 1 })
  })

  it('sets a training\'s satisfaction questionnaire, answered after check-in, with results per option', async () => {
    const paper = await insertPaper(server.db, '满意度问卷', satisfactionQuestions, 1)
    const form = { trainId, title: '培训满意度调查', paperId: paper, startTime: daysFromNow(-1 / 24), endTime: daysFromNow(3) }
    expect(issuesOf(await admin.post('/api/questionnaire', { ...form, title: '', paperId: '' }))).toMatchObject({ title: '请输入问卷名称', paperId: '请选择问卷' })
    const examPaper = await insertPaper(server.db, '考试卷')
    expect(failureOf(await admin.post('/api/questionnaire', { ...form, paperId: examPaper })).message).toBe('问卷不存在')
    dataOf((await admin.post('/api/questionnaire', form)).body)

    const member = await memberSession(server.url, people[0].telephone)
    const before = dataOf(await member.get<MyExam[]>('/api/m/exams')).find((x) => x.type === 1)!
    expect(before.closedReason).toBe('签到后才能填写满意度问卷')
    expect((await member.post('/api/m/exam/start', { memberExamId: before.memberExamId })).message).toBe('签到后才能填写满意度问卷')

    await checkIn(server.db, trainId, [people[0].id, people[1].id])
    const exams = dataOf(await member.get<MyExam[]>('/api/m/exams'))
    const questionnaireId = exams.find((x) => x.type === 1)!.examId
    expect((await sitExam(server.url, questionnaireId, people[0].telephone, { 1: 'A', 2: 'A,C', 4: '多安排现场教学' })).submitted).toMatchObject({ questionnaire: true })
    await sitExam(server.url, questionnaireId, people[1].telephone, { 1: 'A', 2: 'B' })

    const result = await admin.data<QuestionnaireResult>('/api/questionnaire/result', { trainId })
    expect(result.questionnaire).toMatchObject({ title: '培训满意度调查', respondents: 2 })
    const overall = result.rows.find((r) => r.questionType === 1)!
    expect(overall).toMatchObject({ per: null, answer: '', num: 2 })
    expect(overall.options.map((o) => [o.text, o.num, o.per])).toEqual([['非常满意', 2, 1], ['满意', 0, 0], ['一般', 0, 0], ['不满意', 0, 0]])
    expect(result.rows.find((r) => r.questionType === 4)!.answers).toEqual([{ member: { name: people[0].name }, answer: '多安排现场教学' }])
    // The questionnaire is not an exam: it is not in the exam list.
    expect((await admin.data<Page<Exam>>('/api/exam', { title: '培训满意度调查' })).total).toBe(0)
  })
})
