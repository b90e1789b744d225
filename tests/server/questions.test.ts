import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnvelope } from '../../src-shared/errors'
import type { ImportCheck, ImportResult } from '../../src-shared/schemas/imports'
import type { Page } from '../../src-shared/schemas/common'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { Paper, PaperDetail } from '../../src-shared/schemas/paper'
import type { Category, Question } from '../../src-shared/schemas/question'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { failureOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

const messagesOf = (answer: { body: unknown }) => {
  const f = failureOf(answer as never)
  return [f.message, ...((f.data as { issues?: { message: string }[] } | null)?.issues ?? []).map((i) => i.message)]
}

describe.each(testDatabases())('question banks and papers ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let history: Category
  let theory: Category
  let survey: Category

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    history = dataOf((await admin.post<Category>('/api/question/category', { name: '党史', useType: 2 })).body)
    theory = dataOf((await admin.post<Category>('/api/question/category', { name: '理论', useType: 2 })).body)
    survey = dataOf((await admin.post<Category>('/api/question/category', { name: '满意度', useType: 1 })).body)
  })
  afterAll(() => server?.stop())

  async function question(form: Record<string, unknown>, review = true): Promise<Question> {
    const created = dataOf((await admin.post<Question>('/api/question', { useType: 2, ...form })).body)
    if (!review) return created
    return dataOf((await admin.patch<Question>('/api/question/audit', { id: created.id, status: 1 })).body)
  }
  const single = (categoryId: number, title: string) =>
    question({ type: 1, categoryId, title, stem: JSON.stringify({ A: '甲', B: '乙', C: '丙', D: '丁' }), answer: 'B' })
  const multiple = (categoryId: number, title: string, review = true) =>
    question({ type: 2, categoryId, title, stem: { A: '一', B: '二', C: '三', D: '四' }, answer: 'D,A' }, review)

  it('keeps categories per use, refuses a blank or repeated name, filters by name', async () => {
    expect(messagesOf(await admin.post('/api/question/category', { name: ' ', useType: 2 }))).toContain('请输入类别名称')
    expect(messagesOf(await admin.post('/api/question/category', { name: 'x'.repeat(51), useType: 2 }))).toContain('最多 50 个字')
    expect(failureOf(await admin.post('/api/question/category', { name: '党史', useType: 2 })).message).toBe('类别名称已存在')
    // The same name is free in the other use.
    expect((await admin.post('/api/question/category', { name: '党史', useType: 1 })).body.code).toBe(0)
    const page = await admin.data<Page<Category>>('/api/question/category', { useType: 2, name: '史' })
    expect(page.records.map((c) => c.name)).toEqual(['党史'])
    const renamed = dataOf((await admin.patch<Category>('/api/question/category', { id: theory.id, name: '理论学习' })).body)
    expect(renamed).toMatchObject({ name: '理论学习', useType: 2, questionCount: 0 })
  })

  it('checks every rule of the question form with the spec\'s messages', async () => {
    expect(messagesOf(await admin.post('/api/question', {}))).toEqual(expect.arrayContaining(['请选择题目类型', '请选择题目用途', '请选择题目类别', '请输入题目名称']))
    const base = { useType: 2, categoryId: history.id, title: '题' }
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 1, stem: { A: '甲', B: '', C: '' }, answer: 'A' }))).toEqual(
      expect.arrayContaining(['请输入选项B', '请输入选项C']),
    )
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 1, stem: { A: '甲', B: '乙', C: '丙', D: '丁', E: '' }, answer: 'A' }))).toContain('请输入选项E')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 1, stem: { A: '甲', B: '乙', C: '丙' } }))).toContain('答案不能为空')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 2, stem: { A: '甲', B: '乙', C: '丙' }, answer: 'A' }))).toContain('请至少选择两个答案')
    const eleven = Object.fromEntries('ABCDEFGHIJK'.split('').map((l) => [l, l]))
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 2, stem: eleven, answer: 'A,B' }))).toContain('选项须从 A 开始依次排列')
    const seven = Object.fromEntries('ABCDEFG'.split('').map((l) => [l, l]))
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 1, stem: seven, answer: 'A' }))).toContain('单选题至多设置六个选项（A–F）')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 3 }))).toContain('答案不能为空')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 5 }))).toContain('请输入建议答案')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 1, stem: { A: '甲', B: '乙', C: '丙' }, answer: 'D' }))).toContain('答案须是已设置的选项')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 2, title: 'x'.repeat(201), stem: { A: '甲', B: '乙', C: '丙' }, answer: 'A,B' }))).toContain('最多 200 个字')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 4, analysis: 'x'.repeat(501) }))).toContain('最多 500 个字')
    // A questionnaire asks single, multiple and essay questions only.
    expect(messagesOf(await admin.post('/api/question', { useType: 1, categoryId: survey.id, title: '对吗', type: 3, answer: 'true' }))).toContain('问卷题目只能是单选题、多选题或问答题')
    // A category of the other use is not this question's.
    expect(messagesOf(await admin.post('/api/question', { ...base, categoryId: survey.id, type: 4 }))).toContain('请选择题目类别')
    // A stem's picture is a file the upload route issued, and nothing else.
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 4, imagePath: '2026/11/0123456789abcdef0123456789abcdef.png' }))).toContain('文件不存在，请重新上传')
    expect(messagesOf(await admin.post('/api/question', { ...base, type: 4, imagePath: 'https://example.com/x.png' }))).toContain('文件路径无效，请重新上传')
  })

  it('encodes options and answers as spec §3 says, and lists with every filter', async () => {
    const six = { A: '一', B: '二', C: '三', D: '四', E: '五', F: '六' }
    const m = dataOf((await admin.post<Question>('/api/question', { useType: 2, type: 2, categoryId: history.id, title: '六个选项', stem: six, answer: 'F,C' })).body)
    expect(m).toMatchObject({ stem: JSON.stringify(six), answer: 'C,F', status: 0, categoryName: '党史', createName: demoAccounts.admin.username })
    const j = dataOf((await admin.post<Question>('/api/question', { useType: 2, type: 3, categoryId: history.id, title: '判断', answer: true })).body)
    expect(j).toMatchObject({ stem: null, answer: 'true' })
    const d = dataOf((await admin.post<Question>('/api/question', { useType: 2, type: 1, categoryId: history.id, title: '空 D', stem: { A: '一', B: '二', C: '三', D: '' }, answer: 'a' })).body)
    expect(d).toMatchObject({ stem: JSON.stringify({ A: '一', B: '二', C: '三' }), answer: 'A' })
    const q = dataOf((await admin.post<Question>('/api/question', { useType: 1, type: 1, categoryId: survey.id, title: '满意吗', stem: { A: '满意', B: '一般', C: '不满意' } })).body)
    expect(q).toMatchObject({ useType: 1, answer: null })

    const page = await admin.data<Page<Question>>('/api/question', { useType: 2, title: '六个', type: 2, categoryId: history.id, status: 0 })
    expect(page.records.map((r) => r.id)).toEqual([m.id])
    expect((await admin.data<Page<Question>>('/api/question', { useType: 1 })).records.map((r) => r.id)).toEqual([q.id])
  })

  it('reviews a question, looks up its creator, and keeps use and type fixed on edit', async () => {
    const created = await multiple(history.id, '待审核', false)
    expect(await admin.data(`/api/question/creator/${created.id}`)).toEqual({ createName: demoAccounts.admin.username })
    const passed = dataOf((await admin.patch<Question>('/api/question/audit', { id: created.id, status: 1 })).body)
    expect(passed.status).toBe(1)
    const rejected = dataOf((await admin.patch<Question>('/api/question/audit', { id: created.id, status: -1 })).body)
    expect(rejected.status).toBe(-1)
    expect(messagesOf(await admin.patch('/api/question/audit', { id: created.id, status: 2 }))).toContain('审核结果无效')

    const form = { id: created.id, useType: 2, categoryId: history.id, title: '改过', stem: created.stem, answer: 'A,B' }
    expect(messagesOf(await admin.patch('/api/question', { ...form, type: 1, answer: 'A' }))).toContain('编辑时不能修改题目用途与题型')
    const edited = dataOf((await admin.patch<Question>('/api/question', { ...form, type: 2 })).body)
    // An edited question is reviewed again.
    expect(edited).toMatchObject({ title: '改过', answer: 'A,B', status: 0 })
  })

  it('deletes one or many questions, refuses an empty selection, and a category only once it is empty', async () => {
    const spare = dataOf((await admin.post<Category>('/api/question/category', { name: '待删类别', useType: 2 })).body)
    const a = await single(spare.id, '甲题')
    const b = await single(spare.id, '乙题')
    expect(failureOf(await admin.del(`/api/question/category/${spare.id}`)).message).toBe('类别「待删类别」下还有 2 道题目，请先删除或移走这些题目')
    expect(messagesOf(await admin.del('/api/question/,'))).toContain('未选中任何行')
    expect(dataOf((await admin.del<{ deleted: number }>(`/api/question/${a.id},${b.id}`)).body)).toEqual({ deleted: 2 })
    expect((await admin.del(`/api/question/category/${spare.id}`)).body.code).toBe(0)
  })

  it('assembles a paper automatically from two categories, only from reviewed questions, and names what is short', async () => {
    const cats = await Promise.all([
      admin.post<Category>('/api/question/category', { name: '甲类', useType: 2 }),
      admin.post<Category>('/api/question/category', { name: '乙类', useType: 2 }),
    ]).then((r) => r.map((a) => dataOf(a.body)))
    for (let i = 0; i < 4; i++) await single(cats[0].id, `甲单${i}`)
    for (let i = 0; i < 3; i++) await multiple(cats[0].id, `甲多${i}`)
    for (let i = 0; i < 3; i++) await multiple(cats[1].id, `乙多${i}`)
    // Not reviewed: never drawn.
    for (let i = 0; i < 5; i++) await multiple(cats[1].id, `乙未审${i}`, false)

    const head = { title: '自动卷', content: '两类别' }
    const short = await admin.post('/api/paper', {
      ...head, choiceType: 2,
      questionList: [{ questionType: 2, questionCount: 5, questionScore: 2 }],
      categoryList: [{ categoryId: cats[1].id, categoryCount: 5 }],
    })
    expect(failureOf(short).message).toBe('类别「乙类」的多选题只有 3 道，需要 5 道')

    const paper = dataOf(
      (
        await admin.post<Paper>('/api/paper', {
          ...head, choiceType: 2,
          questionList: [
            { questionType: 1, questionCount: 2, questionScore: 1.5 },
            { questionType: 2, questionCount: 4, questionScore: 2 },
          ],
          categoryList: [{ categoryId: cats[0].id, categoryCount: 3 }, { categoryId: cats[1].id, categoryCount: 3 }],
        })
      ).body,
    )
    expect(paper).toMatchObject({ title: '自动卷', choiceType: 2, totalScore: 11, questionCount: 6 })
    const detail = await admin.data<PaperDetail>(`/api/paper/${paper.id}`)
    expect(detail.questions.map((q) => q.questionType)).toEqual([1, 1, 2, 2, 2, 2])
    expect(detail.questions.filter((q) => q.categoryName === '乙类')).toHaveLength(3)
    expect(allMatch(detail.questions, (q) => !q.title.includes('未审'))).toBe(true)

    // The whole bank short of a type, with no split.
    const bankShort = await admin.post('/api/paper', { ...head, choiceType: 2, questionList: [{ questionType: 5, questionCount: 1, questionScore: 1 }] })
    expect(failureOf(bankShort).message).toBe('题库中已审核的填空题只有 0 道，需要 1 道')
  })

  it('draws from a large bank by seeking, never an unreviewed question, never one twice', async () => {
    const big = dataOf((await admin.post<Category>('/api/question/category', { name: '大题库', useType: 2 })).body)
    const now = '2026-11-01 00:00:00'
    const rows = Array.from({ length: 3300 }, (_, i) => ({
      useType: 2, categoryId: big.id, type: 3, title: `大题库判断${i}`, stem: null, answer: 'true', analysis: null, imagePath: null,
      // Every third is not reviewed.
      status: i % 3 === 2 ? 0 : 1, createdBy: null, createName: 'test', createdAt: now, updatedAt: now,
    }))
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('question').values(rows.slice(i, i + 500)).execute()
    const paper = dataOf(
      (await admin.post<Paper>('/api/paper', { title: '大卷', content: '抽题', choiceType: 2, questionList: [{ questionType: 3, questionCount: 200, questionScore: 0.5 }], categoryList: [{ categoryId: big.id, categoryCount: 100 }] })).body,
    )
    expect(paper).toMatchObject({ questionCount: 200, totalScore: 100 })
    const { questions } = await admin.data<PaperDetail>(`/api/paper/${paper.id}`)
    expect(new Set(questions.map((q) => q.questionId)).size).toBe(200)
    const numbers = questions.filter((q) => q.title.startsWith('大题库判断')).map((q) => Number(q.title.slice('大题库判断'.length)))
    expect(numbers.length).toBeGreaterThanOrEqual(100)
    expect(numbers.every((n) => n % 3 !== 2)).toBe(true)
  })

  it('refuses an incomplete composition with the spec\'s messages', async () => {
    const head = { title: '卷', content: '信息' }
    const auto = (questionList: unknown[], categoryList: unknown[] = []) => admin.post('/api/paper', { ...head, choiceType: 2, questionList, categoryList })
    expect(messagesOf(await admin.post('/api/paper', { choiceType: 2, questionList: [] }))).toEqual(expect.arrayContaining(['请输入试卷名称', '请输入试卷信息']))
    expect(messagesOf(await auto([]))).toContain('请至少选择一个题型！')
    expect(messagesOf(await auto([{ questionType: 1 }]))).toContain('请至少选择一个题型！')
    expect(messagesOf(await admin.post('/api/paper', { title: '一二三四五六七八九十一二三四五六七八九十一', content: 'x', choiceType: 2, questionList: [] }))).toContain('最多 20 个字')
    expect(messagesOf(await auto([{ questionType: 1, questionCount: 2 }]))).toContain('请将单选选项填写完整')
    expect(messagesOf(await auto([{ questionType: 3, questionScore: 2 }]))).toContain('请将判断选项填写完整')
    expect(messagesOf(await auto([{ questionType: 1, questionCount: 2, questionScore: 0.3 }]))).toContain('分值须是 0.5 的整数倍')
    const one = [{ questionType: 1, questionCount: 2, questionScore: 1 }]
    expect(messagesOf(await auto(one, [{ categoryId: history.id, categoryCount: 3 }]))).toContain('已选数量超过问卷题目总数！')
    expect(messagesOf(await auto(one, [{ categoryId: history.id }]))).toContain('请将题目数量填写完整！')
    expect(messagesOf(await auto(one, [{ categoryCount: 1 }]))).toContain('请将题目类别填写完整！')
    expect(messagesOf(await admin.post('/api/paper', { ...head, choiceType: 1, questionList: [] }))).toContain('请至少选择一个题型！')
    expect(messagesOf(await admin.post('/api/paper', { ...head, choiceType: 1, questionList: [{ questionType: 1, questionId: 1 }] }))).toContain('请将单选选项填写完整')
  })

  it('assembles manually from reviewed questions only, and a paper keeps its questions when one is edited or deleted', async () => {
    const a = await single(history.id, '原题目')
    const pending = await multiple(history.id, '未审核的', false)
    const head = { title: '手动卷', content: '手动' }
    const refused = await admin.post('/api/paper', { ...head, choiceType: 1, questionList: [{ questionType: 2, questionId: pending.id, questionScore: 2 }] })
    expect(failureOf(refused).message).toBe('题目「未审核的」未通过审核，不能组卷')
    const wrongType = await admin.post('/api/paper', { ...head, choiceType: 1, questionList: [{ questionType: 2, questionId: a.id, questionScore: 2 }] })
    expect(failureOf(wrongType).message).toBe('题目「原题目」不是多选题')

    const paper = dataOf((await admin.post<Paper>('/api/paper', { ...head, choiceType: 1, questionList: [{ questionType: 1, questionId: a.id, questionScore: 2.5 }] })).body)
    expect(paper).toMatchObject({ totalScore: 2.5, choiceType: 1, questionCount: 1 })
    const before = await admin.data<PaperDetail>(`/api/paper/${paper.id}`)

    await admin.patch('/api/question', { id: a.id, useType: 2, type: 1, categoryId: history.id, title: '改后的题目', stem: { A: '新', B: '新', C: '新' }, answer: 'C' })
    expect(await admin.data<PaperDetail>(`/api/paper/${paper.id}`)).toEqual(before)
    await admin.del(`/api/question/${a.id}`)
    const after = await admin.data<PaperDetail>(`/api/paper/${paper.id}`)
    expect(after.questions).toEqual(before.questions)
    expect(after.questions[0]).toMatchObject({ title: '原题目', answer: 'B', questionScore: 2.5 })

    // Editing the head alone keeps the questions; the list finds it by name; then it goes.
    const renamed = dataOf((await admin.patch<Paper>('/api/paper', { id: paper.id, title: '手动卷二', content: '改' })).body)
    expect(renamed).toMatchObject({ title: '手动卷二', questionCount: 1, totalScore: 2.5 })
    expect((await admin.data<Page<Paper>>('/api/paper', { title: '手动卷二' })).records.map((p) => p.id)).toEqual([paper.id])
    expect((await admin.data<{ id: number }[]>('/api/paper/all')).map((p) => p.id)).toContain(paper.id)
    expect((await admin.del(`/api/paper/${paper.id}`)).body.code).toBe(0)
    expect(failureOf(await admin.get(`/api/paper/${paper.id}`)).message).toBe('试卷不存在')
  })

  describe('import and export', () => {
    const HEADER = ['题目类别', '题目类型', '题目名称', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '选项I', '选项J', '答案', '解析']

    async function upload(rows: unknown[][]): Promise<UploadedFile> {
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet('题目')
      sheet.addRow(HEADER)
      for (const row of rows) sheet.addRow(row)
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), 'q.xlsx')
      const response = await fetch(`${server.url}/api/upload?kind=roster`, { method: 'POST', headers: { Token: admin.token }, body: form })
      return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0]
    }

    it('lists every bad question with row and reason in a dry run, then imports the good ones together', async () => {
      const opts = (...o: string[]) => [...o, ...Array(10 - o.length).fill('')]
      const file = await upload([
        ['党史', '单选题', '导入单选', ...opts('甲', '乙', '丙', '丁'), 'C', '解析'],
        ['党史', '多选题', '导入多选', ...opts('甲', '乙', '丙'), 'A', ''],
        ['没有的类别', '判断题', '导入判断', ...opts(), '对', ''],
        ['党史', '判断题', '导入判断二', ...opts(), '错', ''],
        ['党史', '论述题', '怪题型', ...opts(), '', ''],
        ['党史', '填空题', '', ...opts(), '', ''],
      ])
      const check = dataOf((await admin.post<ImportCheck>('/api/question/import/check', { path: file.path, useType: 2 })).body)
      expect(check).toMatchObject({ total: 6, valid: 2, invalid: 4 })
      expect(check.issues).toEqual([
        { row: 3, column: '答案', message: '请至少选择两个答案' },
        { row: 4, column: '题目类别', message: '题目类别「没有的类别」不存在' },
        { row: 6, column: '题目类型', message: '题目类型「论述题」无效' },
        { row: 7, column: '题目名称', message: '请输入题目名称' },
        { row: 7, column: '答案', message: '请输入建议答案' },
      ])
      expect(check.errorFile).toMatch(/\.xlsx$/)
      expect((await admin.data<Page<Question>>('/api/question', { useType: 2, title: '导入' })).total).toBe(0)

      expect(dataOf((await admin.post<ImportResult>('/api/question/import/commit', { path: file.path, useType: 2 })).body)).toEqual({ imported: 2, skipped: 4 })
      const imported = (await admin.data<Page<Question>>('/api/question', { useType: 2, title: '导入' })).records
      expect(imported.map((q) => [q.title, q.answer, q.status])).toEqual([
        ['导入判断二', 'false', 0],
        ['导入单选', 'C', 0],
      ])
    })

    it('exports the bank in the template\'s layout', async () => {
      const response = await fetch(`${server.url}/api/question/export?useType=2&title=${encodeURIComponent('六个选项')}`, { headers: { Token: admin.token } })
      expect(response.headers.get('content-type')).toContain('spreadsheetml')
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await response.arrayBuffer())
      const rows: unknown[][] = []
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
      expect(rows[0]).toEqual(HEADER)
      expect(rows.slice(1)).toEqual([['党史', '多选题', '六个选项', '一', '二', '三', '四', '五', '六', ...Array(4).fill(undefined), 'C,F'].slice(0, 14)])
    })

    it('offers a template to download', async () => {
      const response = await fetch(`${server.url}/api/question/import/template?useType=2`, { headers: { Token: admin.token } })
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(await response.arrayBuffer())
      expect(workbook.worksheets.map((s) => s.name)).toEqual(['题目', '填写说明', '类别'])
    })
  })
})
