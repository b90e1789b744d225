import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Category, Question } from '../../src-shared/schemas/question'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import type { RpcName, RpcOutput } from '../../src-shared/ipc'
import { coreCall, goToRoute, screenshot, signIn, toast } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin } = demoAccounts
const ui = useConsoleTabs()

/** Calls the API through the same core the page uses (already signed in). */
const dispatch = <K extends RpcName>(method: K, input?: unknown): Promise<RpcOutput<K>> => coreCall(ui.app.host, method, input)

async function category(name: string): Promise<Category> {
  return dispatch('questionCategory.create', { name, useType: 2 })
}

/** A reviewed question written through the API (the test's own questions are written in the form). */
async function reviewedQuestion(categoryId: number, type: 1 | 2, title: string): Promise<Question> {
  const stem = { A: '甲', B: '乙', C: '丙', D: '丁' }
  const created = await dispatch('question.create', { useType: 2, type, categoryId, title, stem, answer: type === 1 ? 'A' : 'A,B' })
  return dispatch('question.audit', { id: created.id, status: 1 })
}

const rowOf = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text })

beforeEach(async () => {
  const { page } = ui.tab
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
})

describe('question banks and papers', () => {
  it('writes a multiple-choice question with six options and two answers, reviews it, assembles a paper from two categories and previews it', async () => {
    const { page } = ui.tab
    const history = await category('党史题库')
    const theory = await category('理论题库')
    for (let i = 1; i <= 3; i++) await reviewedQuestion(history.id, 1, `党史单选${i}`)
    for (let i = 1; i <= 2; i++) await reviewedQuestion(theory.id, 2, `理论多选${i}`)

    await category('空类别')

    await goToRoute(page, '/comment/questionBankManagement')
    // A count of 0 reads as 0, not as a blank cell.
    await rowOf(page, '类别列表', '空类别').getByRole('cell', { name: '0', exact: true }).waitFor()
    await rowOf(page, '类别列表', '党史题库').getByRole('button', { name: '查看题目' }).click()
    await page.waitForURL(/questionBanks\?categoryId=/)
    await page.getByText('当前类别：党史题库').waitFor()

    await page.getByRole('button', { name: '添加', exact: true }).click()
    const form = page.getByRole('dialog', { name: '添加题目' })
    await form.getByRole('combobox', { name: '题目类型' }).click()
    await page.getByRole('option', { name: '多选题' }).click()
    await form.getByPlaceholder('请输入题目名称').fill('下列哪些是党的优良作风')
    await form.getByRole('button', { name: '添加选项' }).click()
    await form.getByRole('button', { name: '添加选项' }).click()
    const options = ['理论联系实际', '密切联系群众', '批评与自我批评', '艰苦奋斗', '实事求是', '其他']
    for (const [i, text] of options.entries()) await form.getByPlaceholder(`请输入选项${'ABCDEF'[i]}`).fill(text)
    // One answer is not enough for a multiple-choice question.
    await form.getByRole('checkbox', { name: 'B' }).check()
    await form.getByRole('button', { name: '确定' }).click()
    await form.getByText('请至少选择两个答案').waitFor()
    await form.getByRole('checkbox', { name: 'E' }).check()
    await screenshot(page, 'question-form-multiple')
    await form.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()

    const row = rowOf(page, '题目列表', '下列哪些是党的优良作风')
    await row.getByText('未审核').waitFor()
    await row.getByRole('button', { name: '审核' }).click()
    const review = page.getByRole('dialog', { name: '审核题目' })
    await review.getByText(`创建人：${admin.username}`).waitFor()
    await screenshot(page, 'question-review')
    await review.getByRole('button', { name: '通过' }).click()
    await toast(page, '题目已通过审核').waitFor()
    await row.getByText('已通过').waitFor()
    const written = (await dispatch('question.list', { useType: 2, title: '优良作风' })).records[0]
    expect(JSON.parse(written.stem ?? '{}')).toEqual(Object.fromEntries(options.map((o, i) => ['ABCDEF'[i], o])))
    expect(written.answer).toBe('B,E')

    await goToRoute(page, '/comment/paperManagement')
    await page.getByRole('button', { name: '添加', exact: true }).click()
    const wizard = page.getByRole('dialog', { name: /添加试卷/ })
    await wizard.getByRole('button', { name: '下一步' }).click()
    await wizard.getByText('请输入试卷名称').waitFor()
    await wizard.getByPlaceholder('请输入试卷名称').fill('党史理论测验')
    await wizard.getByPlaceholder('请输入试卷信息').fill('两个类别自动组卷')
    await wizard.getByRole('button', { name: '下一步' }).click()
    await wizard.getByRole('radio', { name: '自动组卷' }).check()
    await wizard.getByLabel('单选题数量').fill('2')
    await wizard.getByLabel('单选题分值').fill('1.5')
    await wizard.getByLabel('多选题数量').fill('3')
    await wizard.getByLabel('多选题分值').fill('2')

    // Switching the mode asks first; cancelling keeps what was filled in.
    await wizard.getByRole('radio', { name: '手动组卷' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '取消' }).click()
    await toast(page, '已取消').waitFor()
    expect(await wizard.getByRole('radio', { name: '自动组卷' }).isChecked()).toBe(true)
    expect(await wizard.getByLabel('多选题数量').inputValue()).toBe('3')

    await wizard.getByRole('button', { name: '添加类别' }).click()
    await wizard.getByRole('button', { name: '添加类别' }).click()
    const categoryBoxes = wizard.getByRole('combobox', { name: '题目类别' })
    const counts = wizard.getByLabel('类别题目数量')
    await categoryBoxes.nth(0).click()
    await page.getByRole('option', { name: '党史题库' }).click()
    await counts.nth(0).fill('2')
    await categoryBoxes.nth(1).click()
    // A category chosen in another row is not offered again.
    expect(await page.getByRole('option', { name: '党史题库' }).getAttribute('aria-disabled')).toBe('true')
    await page.getByRole('option', { name: '理论题库' }).click()
    await counts.nth(1).fill('3')

    // 理论题库 has only 2 reviewed multiple-choice questions; the third comes from the whole bank once it is asked for 2.
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '类别「理论题库」的多选题只有 2 道，需要 3 道').waitFor()
    // The refusal stays in the step, not only in the passing toast, until the composition changes.
    await wizard.getByText('类别「理论题库」的多选题只有 2 道，需要 3 道').waitFor()
    await counts.nth(1).fill('2')
    await wizard.getByText('类别「理论题库」的多选题只有 2 道，需要 3 道').waitFor({ state: 'detached' })
    await wizard.getByText('共 5 题，总分 9 分').waitFor()
    await screenshot(page, 'paper-automatic')
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增试卷成功!').waitFor()

    await rowOf(page, '试卷列表', '党史理论测验').getByRole('button', { name: '预览' }).click()
    const preview = page.getByRole('dialog', { name: '党史理论测验' })
    await preview.getByText('总分：9 分，共 5 题').waitFor()
    expect(await preview.getByText(/【单选题】/).count()).toBe(2)
    expect(await preview.getByText(/【多选题】/).count()).toBe(3)
    await screenshot(page, 'paper-preview')
  })

  it('deletes a selection made across two pages', async () => {
    const { page } = ui.tab
    const bulk = await category('批量删除类别')
    for (let i = 1; i <= 12; i++) await reviewedQuestion(bulk.id, 1, `批量题目${String(i).padStart(2, '0')}`)
    await goToRoute(page, `/comment/questionBanks?categoryId=${bulk.id}`)
    const table = page.getByRole('table', { name: '题目列表' })
    await rowOf(page, '题目列表', '批量题目12').waitFor()

    await page.getByRole('button', { name: '批量删除' }).click()
    await toast(page, '未选中任何行').waitFor()

    await rowOf(page, '题目列表', '批量题目12').getByRole('checkbox').check()
    await page.getByRole('button', { name: '下一页' }).click()
    await rowOf(page, '题目列表', '批量题目01').waitFor()
    await rowOf(page, '题目列表', '批量题目01').getByRole('checkbox').check()
    await page.getByRole('button', { name: '批量删除（2）' }).click()
    await page.getByRole('dialog', { name: '提示' }).getByText('确定要删除选中的 2 道题目吗?').waitFor()
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功!').waitFor()

    const left = await dispatch('question.list', { useType: 2, categoryId: bulk.id, pageSize: 50 })
    expect(left.total).toBe(10)
    expect(left.records.map((q) => q.title)).not.toContain('批量题目12')
    expect(left.records.map((q) => q.title)).not.toContain('批量题目01')
    await table.getByRole('row').nth(1).waitFor()
    await screenshot(page, 'question-bank')
  })

  it('assembles a paper by hand from picked reviewed questions', async () => {
    const { page } = ui.tab
    const hand = await category('手动组卷类别')
    await reviewedQuestion(hand.id, 1, '手选单选甲')
    await reviewedQuestion(hand.id, 1, '手选单选乙')
    await dispatch('question.create', { useType: 2, type: 1, categoryId: hand.id, title: '手选未审核', stem: { A: '一', B: '二', C: '三' }, answer: 'A' })

    await goToRoute(page, '/comment/paperManagement')
    await page.getByRole('button', { name: '添加', exact: true }).click()
    const wizard = page.getByRole('dialog', { name: /添加试卷/ })
    await wizard.getByPlaceholder('请输入试卷名称').fill('手动试卷')
    await wizard.getByPlaceholder('请输入试卷信息').fill('逐题选择')
    await wizard.getByRole('button', { name: '下一步' }).click()
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '请选择组卷方式').waitFor()
    await wizard.getByText('请选择组卷方式').waitFor()
    await screenshot(page, 'paper-step2-no-mode')
    await wizard.getByRole('radio', { name: '手动组卷' }).check()
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '请至少选择一个题型！').waitFor()
    await wizard.getByText('请至少选择一个题型！').waitFor()

    await wizard.getByRole('button', { name: '选择单选题' }).click()
    const picker = page.getByRole('dialog', { name: /选择单选题/ })
    await picker.getByLabel('题目名称').fill('手选')
    await picker.getByRole('button', { name: '查询' }).click()
    // Only reviewed questions are offered.
    await rowOf(page, '可选题目', '手选单选乙').waitFor()
    expect(await picker.getByRole('row').filter({ hasText: '手选未审核' }).count()).toBe(0)
    await rowOf(page, '可选题目', '手选单选甲').getByRole('checkbox').check()
    await rowOf(page, '可选题目', '手选单选乙').getByRole('checkbox').check()
    await picker.getByRole('button', { name: '确定' }).click()
    await wizard.getByRole('button', { name: '选择单选题' }).getByText('已选 2 道').waitFor()
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '请将单选选项填写完整').waitFor()
    await wizard.getByText('请将单选选项填写完整').waitFor()
    await screenshot(page, 'paper-step2-error')
    await wizard.getByLabel('单选题分值').fill('2.5')
    await wizard.getByText('共 2 题，总分 5 分').waitFor()
    await screenshot(page, 'paper-manual')
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增试卷成功!').waitFor()
    await rowOf(page, '试卷列表', '手动试卷').getByRole('button', { name: '预览' }).click()
    await page.getByRole('dialog', { name: '手动试卷' }).getByText('总分：5 分，共 2 题').waitFor()
  })

  it('keeps questionnaire categories and questions apart, without answers, and goes back to their list', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/questionnaireManagement/questionBankManagement')
    await page.getByRole('button', { name: '添加', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: '添加类别' })
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请输入类别名称').waitFor()
    await dialog.getByLabel('类别名称').fill('满意度')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    // The screen is the questionnaire's (its heading), and a category is renamed in the same dialog.
    await page.getByRole('heading', { name: '问卷类别' }).waitFor()
    await rowOf(page, '类别列表', '满意度').getByRole('button', { name: '编辑' }).click()
    const editing = page.getByRole('dialog', { name: '编辑类别' })
    expect(await editing.getByLabel('类别名称').inputValue()).toBe('满意度')
    await editing.getByLabel('类别名称').fill('培训满意度')
    await editing.getByRole('button', { name: '确定' }).click()
    await toast(page, '修改成功！').waitFor()
    const renamed = await dispatch('questionCategory.list', { useType: 1, name: '培训满意度' })
    expect(renamed.records.map((c) => [c.name, c.useType])).toEqual([['培训满意度', 1]])
    await rowOf(page, '类别列表', '培训满意度').getByRole('button', { name: '查看题目' }).click()
    await page.waitForURL(/questionnaireManagement\/questionBanks\?categoryId=/)
    // The category list's 添加 stays until the bank's screen has replaced it.
    await page.getByRole('table', { name: '题目列表' }).waitFor()

    await page.getByRole('button', { name: '添加', exact: true }).click()
    const form = page.getByRole('dialog', { name: '添加题目' })
    await form.getByRole('combobox', { name: '题目类型' }).click()
    // A questionnaire asks single, multiple and essay questions only.
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['单选题', '多选题', '问答题'])
    await page.getByRole('option', { name: '单选题' }).click()
    await form.getByPlaceholder('请输入题目名称').fill('您对本次培训是否满意')
    for (const [i, text] of ['满意', '一般', '不满意'].entries()) await form.getByPlaceholder(`请输入选项${'ABC'[i]}`).fill(text)
    expect(await form.getByText('答案').count()).toBe(0)
    await screenshot(page, 'questionnaire-question')
    await form.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    await rowOf(page, '题目列表', '您对本次培训是否满意').waitFor()
    expect((await dispatch('question.list', { useType: 2, title: '培训是否满意' })).total).toBe(0)

    await page.getByRole('button', { name: '返回' }).click()
    await page.waitForURL(/questionnaireManagement\/questionBankManagement$/)
  })
})
