import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerDetail, Exam } from '../../src-shared/schemas/exam'
import type { AnalysisRow } from '../../src-shared/schemas/exam-analysis'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, sitExam, validExamForm } from '../support/exam'
import { type ApiAs } from './api-as'
import { openExamTraining } from './exam-training'
import { type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * The answer analysis computes Moodle's item statistics in the database (issue 27), on both
 * dialects, to the figures worked by hand:
 *
 *   candidate   Q1 单选 10 (key A)   Q2 判断 10 (key 对)   Q3 问答 20 (marked)   total
 *   c1          A  10                错  0                 20                    30
 *   c2          A  10                错  0                 15                    25
 *   c3          B   0                对 10                 10                    20
 *   c4          A  10                错  0                  5                    15
 *   c5          B   0                对 10                  0                    10
 *   c6          C   0                错  0                  (blank) 0             0
 *
 * Thirds of 6: top c1 c2, bottom c5 c6.
 * Q1: F = 30/60 = 0.5; y = 20 15 20 5 10 0; Σdx·dy = 50, Σdx² = 150, Σdy² = 333.33 → D = 50/√50000 = 0.22361.
 * Q2: F = 20/60; y = 30 25 10 15 0 0; Σdx·dy = −166.67, Σdx² = 133.33, Σdy² = 783.33 → D = −0.51571 (flagged).
 * Q3: F = 50/120; y = 10 10 10 10 10 0; cov 83.33, vx 333.33, vy 83.33 → D = 0.5.
 */
describe.each(testDatabases())('item statistics of the answer analysis ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let people: { id: number; name: string; telephone: string }[]
  let trainId: number

  beforeAll(async () => {
    ;({ server, admin, people, trainId } = await openExamTraining(await database.url(), 6))
  })
  afterAll(() => server?.stop())

  it('gives each question its facility and discrimination index and each option its share in the top and bottom thirds', async () => {
    const paper = await insertPaper(server.db, '统计卷', [
      { type: 1, title: '单选', stem: { A: '甲', B: '乙', C: '丙', D: '丁' }, answer: 'A', score: 10 },
      { type: 3, title: '判断', answer: 'true', score: 10 },
      { type: 4, title: '问答', answer: '', score: 20 },
    ])
    const exam = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paper, { passLine: 24 }))).body)
    const plan: [Record<number, string>, number | null][] = [
      [{ 1: 'A', 3: 'false', 4: '甲' }, 20],
      [{ 1: 'A', 3: 'false', 4: '乙' }, 15],
      [{ 1: 'B', 3: 'true', 4: '丙' }, 10],
      [{ 1: 'A', 3: 'false', 4: '丁' }, 5],
      [{ 1: 'B', 3: 'true', 4: '戊' }, 0],
      [{ 1: 'C', 3: 'false' }, null],
    ]
    for (const [i, [answers, essay]] of plan.entries()) {
      const { memberExamId } = await sitExam(server.url, exam.id, people[i].telephone, answers)
      if (essay === null) continue
      const detail = await admin.data<AnswerDetail>('/api/member/answer', { memberExamId })
      const id = detail.answers.find((a) => a.question.type === 4)!.id
      dataOf((await admin.post('/api/member/answer/grade', { memberExamId, answers: [{ id, score: essay }] })).body)
    }
    const scores = await admin.data<Page<{ score: number | null }>>('/api/member/exam', { examId: exam.id, pageSize: 20 })
    expect(scores.records.map((r) => r.score).sort((a, b) => Number(b) - Number(a))).toEqual([30, 25, 20, 15, 10, 0])

    const rows = await admin.data<AnalysisRow[]>(`/api/exam/analysis/${exam.id}`)
    const [q1, q2, q3] = [1, 3, 4].map((t) => rows.find((r) => r.questionType === t)!)
    expect(q1.third).toBe(2)
    expect(q1.facility).toBe(0.5)
    expect(q1.discrimination).toBeCloseTo(0.22361, 4)
    expect(q1.options.map((o) => [o.key, o.top, o.bottom])).toEqual([['A', 1, 0], ['B', 0, 0.5], ['C', 0, 0.5], ['D', 0, 0]])
    expect(q2.facility).toBeCloseTo(1 / 3, 10)
    expect(q2.discrimination).toBeCloseTo(-0.51571, 4)
    expect(q2.options.map((o) => [o.key, o.top, o.bottom])).toEqual([['false', 1, 0.5], ['true', 0, 0.5]])
    expect(q3.facility).toBeCloseTo(50 / 120, 10)
    expect(q3.discrimination).toBeCloseTo(0.5, 10)

    const sheet = await fetch(`${server.url}/api/exam/analysis/download/${exam.id}`, { headers: { Token: admin.token } })
    expect(sheet.status).toBe(200)
    expect((await sheet.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })
})
