import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Exam } from '../../src-shared/schemas/exam'
import type { Paper, PaperDetail } from '../../src-shared/schemas/paper'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { insertPaper, validExamForm } from '../support/exam'
import { validTrainForm } from '../support/training'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

type Page<T> = { records: T[]; total: number }

/**
 * A paper used by an exam is read-only (issue 27; src-shared/references.ts `locks`): its
 * title, information and question list are refused with the exam's name, the list and the
 * preview say so, and 复制为新试卷 makes an editable copy with the same questions.
 */
describe.each(testDatabases())('a paper in use is read-only, its copy is not ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let trainId: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    trainId = dataOf((await admin.post<TrainDetail>('/api/train', validTrainForm())).body).id
  })
  afterAll(() => server?.stop())

  const questionsOf = async (id: number) => (await admin.data<PaperDetail>(`/api/paper/${id}`)).questions.map(({ id: _id, ...q }) => q)

  it('refuses edits of a used paper naming the exam and changes nothing; its copy 「…（副本）」 is editable', async () => {
    const paperId = await insertPaper(server.db, '党章知识测试卷')
    const free = await admin.data<PaperDetail>(`/api/paper/${paperId}`)
    expect(free.readOnly).toBeNull()
    dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paperId, { title: '党章知识考试' }))).body)

    const before = await admin.data<PaperDetail>(`/api/paper/${paperId}`)
    const reason = '该试卷已被考试「党章知识考试」使用，不能修改；如需修改，请复制为新试卷'
    expect(before.readOnly).toBe(reason)
    const listed = (await admin.data<Page<Paper>>('/api/paper', { title: '党章知识测试卷' })).records
    expect(listed.map((p) => [p.id, p.readOnly])).toEqual([[paperId, reason]])

    const rename = await admin.patch('/api/paper', { id: paperId, title: '改名', content: '改信息' })
    expect(failureOf(rename)).toMatchObject({ status: 409, message: reason })
    const recompose = await admin.patch('/api/paper', { id: paperId, title: '改名', content: '改信息', choiceType: 1, questionList: [] })
    expect(failureOf(recompose)).toMatchObject({ status: 409, message: reason })
    expect(await admin.data<PaperDetail>(`/api/paper/${paperId}`)).toEqual(before)

    const copy = dataOf((await admin.post<Paper>(`/api/paper/${paperId}/copy`, {})).body)
    expect(copy).toMatchObject({ title: '党章知识测试卷（副本）', content: before.content, totalScore: before.totalScore, questionCount: before.questionCount, readOnly: null })
    expect(await questionsOf(copy.id)).toEqual(await questionsOf(paperId))
    const renamed = dataOf((await admin.patch<Paper>('/api/paper', { id: copy.id, title: '党章知识测试卷（新）', content: '新一期' })).body)
    expect(renamed).toMatchObject({ title: '党章知识测试卷（新）', content: '新一期', readOnly: null })
    // The original stays as the exam uses it.
    expect(await admin.data<PaperDetail>(`/api/paper/${paperId}`)).toEqual(before)
  })

  it('names every exam that uses the paper, as its second paper too, and frees it when they are gone', async () => {
    const paperId = await insertPaper(server.db, '一个很长很长的试卷名称用来测试副本')
    const other = await insertPaper(server.db, '另一套')
    const a = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, other, { title: '甲考试', paper2Id: paperId }))).body)
    const b = dataOf((await admin.post<Exam>('/api/exam', validExamForm(trainId, paperId, { title: '乙考试' }))).body)
    expect((await admin.data<Paper>(`/api/paper/${paperId}`)).readOnly).toBe('该试卷已被考试「甲考试」、「乙考试」使用，不能修改；如需修改，请复制为新试卷')
    // The copy's name is cut to fit the title's 20 characters.
    const copy = dataOf((await admin.post<Paper>(`/api/paper/${paperId}/copy`, {})).body)
    expect(copy.title).toBe('一个很长很长的试卷名称用来测试副（副本）')
    expect(copy.title).toHaveLength(20)
    for (const exam of [a, b]) dataOf((await admin.del(`/api/exam/${exam.id}`)).body)
    expect((await admin.data<Paper>(`/api/paper/${paperId}`)).readOnly).toBeNull()
    expect(dataOf((await admin.patch<Paper>('/api/paper', { id: paperId, title: '可改了', content: '测试试卷' })).body).title).toBe('可改了')
  })

  it('a missing paper cannot be copied', async () => {
    expect(failureOf(await admin.post('/api/paper/99999999/copy', {}))).toMatchObject({ status: 404, message: '试卷不存在' })
  })
})
