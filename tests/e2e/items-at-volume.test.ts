import { describe, expect, it } from 'vitest'
import type { MyExam, Sitting } from '../../src-shared/schemas/exam-sitting'
import { goToRoute, screenshot, toast } from '../support/browser'
import { useSignedInConsole, withServerDb } from '../support/console-tabs'
import { insertPaper, memberSession, nextSaveSeq, signUpMembers, validExamForm } from '../support/exam'
import { membersOfTopOrg, validTrainForm } from '../support/training'

/**
 * Working at volume in the console (issue 27): a paper used by an exam is shown read-only
 * and 复制为新试卷 gives an editable copy; one essay question is marked for three candidates
 * from the keyboard; three questions are approved at once from the 未审核 filter.
 */

let examId: number
let people: { id: number; name: string; telephone: string }[]


const ESSAYS = ['坚持党的全面领导，抓好基层组织建设。', '加强学习。', '（一句话）']

const ui = useSignedInConsole(async ({ core, app }) => {
  const training = await core('train.create', validTrainForm({ name: '阅卷与审核培训班' }))
  const paperId = await withServerDb(app, async (db) => {
    people = (await membersOfTopOrg(db, '省财政厅机关党委')).slice(0, 3)
    await signUpMembers(db, training.id, people)
    return insertPaper(db, '基层党建测试卷', [
      { type: 1, title: '党的根本宗旨是什么？', stem: { A: '全心全意为人民服务', B: '发展经济' }, answer: 'A', score: 60 },
      { type: 4, title: '谈谈你对基层党建工作的认识。', answer: '', score: 40 },
    ])
  })
  examId = (await core('exam.create', validExamForm(training.id, paperId, { title: '基层党建考试', passLine: 60 }))).id
  for (const [i, person] of people.entries()) {
    const member = await memberSession(ui.serverUrl, person.telephone)
    const round = (await member.get<MyExam[]>('/api/m/exams')).data.find((x) => x.examId === examId)!
    const sitting = (await member.post<Sitting>('/api/m/exam/start', { memberExamId: round.memberExamId })).data
    for (const q of sitting.questions) {
      const answer = q.type === 1 ? 'A' : ESSAYS[i]
      await member.post('/api/m/exam/answer', { attemptId: sitting.attemptId, questionId: q.questionId, answer, seq: nextSaveSeq() })
    }
    await member.post('/api/m/exam/submit', { attemptId: sitting.attemptId })
  }
}, { viewport: { width: 1440, height: 900 }, timeout: 90_000 })
const core = ui.core

describe('papers, marking and review at volume', () => {
  it('shows a paper used by an exam read-only and copies it into an editable paper', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/comment/paperManagement')
    const row = page.getByRole('row').filter({ hasText: '基层党建测试卷' })
    await row.getByText('考试使用中（只读）').waitFor()
    expect(await row.getByRole('button', { name: '编辑' }).count()).toBe(0)
    await screenshot(page, 'paper-list-read-only')
    await row.getByRole('button', { name: '查看' }).click()
    const preview = page.getByRole('dialog')
    await preview.getByText('该试卷已被考试「基层党建考试」使用，不能修改；如需修改，请复制为新试卷').waitFor()
    await screenshot(page, 'paper-read-only')
    await preview.getByRole('button', { name: '复制为新试卷' }).click()
    await toast(page, '已复制为新试卷「基层党建测试卷（副本）」').waitFor()
    // The copy opens for editing: its name can be changed and saved.
    const wizard = page.getByRole('dialog')
    const title = wizard.getByLabel('试卷名称')
    await title.waitFor()
    expect(await title.inputValue()).toBe('基层党建测试卷（副本）')
    const copies = await core('paper.list', { title: '（副本）' })
    expect(copies.records.map((p) => [p.title, p.readOnly, p.questionCount])).toEqual([['基层党建测试卷（副本）', null, 2]])
    await page.keyboard.press('Escape')
    await wizard.waitFor({ state: 'hidden' })
    await page.getByRole('row').filter({ hasText: '基层党建测试卷（副本）' }).getByRole('button', { name: '编辑' }).waitFor()
  })

  it('marks one essay question for three candidates from the keyboard, the score field keeping the focus', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/comment/scoring?examId=${examId}`)
    await page.getByRole('button', { name: '按题阅卷' }).click()
    const dialog = page.getByRole('dialog', { name: '按题阅卷' })
    const score = dialog.getByRole('textbox', { name: '得分' })
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))
    const marks = [35, 20, 8]
    for (const [i, mark] of marks.entries()) {
      await dialog.getByText(`考生 ${i + 1} / 3：`).waitFor()
      await dialog.getByText(ESSAYS[i]).waitFor()
      await expect.poll(focused).toBe('得分')
      // Typed straight away: the focus is already in the score field.
      await page.keyboard.type(String(mark))
      if (i === 2) await screenshot(page, 'marking-view')
      await page.keyboard.press('Enter')
    }
    await toast(page, '本题已评阅至最后一位考生').waitFor()
    // PageUp goes back one candidate: the mark stays with them, the focus in the field.
    await page.keyboard.press('PageUp')
    await dialog.getByText('考生 2 / 3：').waitFor()
    await dialog.getByText('已评 20 分').waitFor()
    expect(await focused()).toBe('得分')
    expect(await score.inputValue()).toBe('20')
    await dialog.getByRole('button', { name: '关闭' }).click()

    const list = await core('memberExam.list', { examId, pageNum: 1, pageSize: 10 })
    expect(list.records.map((r) => [r.status, r.score]).sort()).toEqual([['CHECK', 95], ['CHECK', 80], ['CHECK', 68]].sort())
  })

  it('shows the facility and discrimination indices in the answer analysis', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/examAnalysis/examAnalysis?id=${examId}`)
    const table = page.getByRole('table', { name: '答题分析' })
    await table.getByRole('columnheader', { name: '区分度' }).waitFor()
    await table.getByRole('columnheader', { name: '高分组 / 低分组（各 1 份答卷）' }).waitFor()
    // The essay marked 35, 20 and 8 of 40: its facility is 63 / 120.
    await table.getByRole('cell', { name: '52.5%' }).first().waitFor()
    await screenshot(page, 'analysis-statistics')
  })

  it('approves the selected questions at once from the 未审核 filter', async () => {
    const { page } = ui.tab
    const category = await core('questionCategory.create', { name: '批量审核类别', useType: 2 })
    for (const title of ['待审一', '待审二', '待审三']) await core('question.create', { useType: 2, type: 3, categoryId: category.id, title, answer: 'true' })
    await goToRoute(page, `/comment/questionBanks?categoryId=${category.id}`)
    const table = page.getByRole('table', { name: '题目列表' })
    await table.getByText('待审三').waitFor()
    await page.getByRole('combobox', { name: '审核状态' }).click()
    await page.getByRole('option', { name: '未审核' }).click()
    await page.getByRole('button', { name: '查询' }).click()
    await table.getByRole('checkbox', { name: '选择本页全部' }).click()
    await page.getByRole('button', { name: '审核通过（3）' }).click()
    await toast(page, '已审核通过 3 道题目').waitFor()
    // Still filtered on 未审核: nothing is left to review.
    await table.getByText('待审一').waitFor({ state: 'detached' })
    await page.getByRole('combobox', { name: '审核状态' }).click()
    await page.getByRole('option', { name: '已通过' }).click()
    await page.getByRole('button', { name: '查询' }).click()
    for (const title of ['待审一', '待审二', '待审三']) await table.getByText(title).waitFor()
    await screenshot(page, 'bank-approved')
  })
})
