import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { nowText } from '../../src-server/db/time'
import { goToRoute, screenshot, SHOTS_DIR, toast } from '../support/browser'
import { memberPhone, useSignedInConsole, withServerDb } from '../support/console-tabs'
import { checkIn, MEMBER_PASSWORD, signUpMembers } from '../support/exam'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'

/**
 * A satisfaction questionnaire as a survey, end to end in Chromium (issue 27): the office
 * builds a questionnaire paper from the questionnaire bank in 试卷管理, sets it on a
 * training as an anonymous questionnaire, a member answers it on a phone (no countdown,
 * no score, the rating scale in its order, 提交), and the results show the counts.
 */

let trainId: number
const trainName = '第三期党务干部培训班（问卷）'
let member: { id: number; name: string; telephone: string }
const SCALE = ['非常满意', '满意', '一般', '不满意']

const ui = useSignedInConsole(async ({ core, app }) => {
  trainId = (await core('train.create', validTrainForm({ name: trainName }))).id
  await withServerDb(app, async (db) => {
    ;[member] = (await membersOfTopOrg(db, '省财政厅机关党委')).slice(0, 1)
    await signUpMembers(db, trainId, [member])
    await checkIn(db, trainId, [member.id])
    // The questionnaire bank (use type 1), reviewed: the questions the office builds from.
    const now = nowText()
    const category = await db.insertInto('questionCategory').values({ name: '培训满意度', useType: 1, createdBy: null, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    const question = (type: number, title: string, stem: Record<string, string> | null) =>
      db.insertInto('question').values({ useType: 1, categoryId: category.id, type, title, stem: stem && JSON.stringify(stem), answer: null, analysis: null, imagePath: null, status: 1, createdBy: null, createName: null, createdAt: now, updatedAt: now }).execute()
    await question(1, '您对本次培训的总体评价', Object.fromEntries(SCALE.map((text, i) => [String.fromCharCode(65 + i), text])))
    await question(4, '您对今后培训的建议', null)
  })
})

const rowOf = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text })

async function pick(page: Page, wizard: Locator, type: string, title: string) {
  await wizard.getByRole('button', { name: `选择${type}` }).click()
  const picker = page.getByRole('dialog', { name: new RegExp(`选择${type}`) })
  await rowOf(page, '可选题目', title).getByRole('checkbox').check()
  await picker.getByRole('button', { name: '确定' }).click()
  await wizard.getByRole('button', { name: `选择${type}` }).getByText('已选 1 道').waitFor()
}

describe('a satisfaction questionnaire as a survey', () => {
  it('is built from the questionnaire bank in 试卷管理, without scores', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/comment/paperManagement')
    await page.getByRole('tab', { name: '问卷' }).click()
    await page.getByRole('table', { name: '问卷列表' }).waitFor()
    await page.getByRole('button', { name: '添加', exact: true }).click()
    const wizard = page.getByRole('dialog', { name: /添加问卷/ })
    await wizard.getByPlaceholder('请输入问卷名称').fill('培训满意度问卷')
    await wizard.getByPlaceholder('请输入问卷信息').fill('每期培训结束前填写')
    await wizard.getByRole('button', { name: '下一步' }).click()
    await wizard.getByRole('radio', { name: '手动组卷' }).check()
    // A questionnaire asks single, multiple and essay questions, and has no scores.
    await wizard.getByRole('button', { name: '选择多选题' }).waitFor()
    expect(await wizard.getByRole('button', { name: '选择判断题' }).count()).toBe(0)
    expect(await wizard.getByLabel('单选题分值').count()).toBe(0)
    await pick(page, wizard, '单选题', '您对本次培训的总体评价')
    await pick(page, wizard, '问答题', '您对今后培训的建议')
    await wizard.getByText('共 2 题').waitFor()
    await screenshot(page, 'questionnaire-paper-wizard')
    await wizard.getByRole('button', { name: '保存' }).click()
    await toast(page, '新增问卷成功!').waitFor()
    await rowOf(page, '问卷列表', '培训满意度问卷').getByRole('button', { name: '预览' }).click()
    const preview = page.getByRole('dialog', { name: '培训满意度问卷' })
    await preview.getByText('共 2 题').waitFor()
    expect(await preview.getByText(/分）|总分/).count()).toBe(0)
    await preview.getByRole('button', { name: '关闭' }).click()
    // Not among the exam papers.
    await page.getByRole('tab', { name: '考试试卷' }).click()
    await page.getByRole('table', { name: '试卷列表' }).waitFor()
    expect(await rowOf(page, '试卷列表', '培训满意度问卷').count()).toBe(0)
  })

  it('is offered by 设置问卷 and may be made anonymous', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/questionnaireManagement/result?examId=${trainId}`)
    await page.getByText('尚未设置满意度问卷').waitFor()
    await page.getByRole('button', { name: '设置问卷' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('combobox', { name: '问卷' }).click()
    await page.getByRole('option', { name: '培训满意度问卷' }).click()
    for (const [name, value] of [['开始时间', daysFromNow(-1 / 24)], ['结束时间', daysFromNow(2)]] as const) {
      const box = dialog.getByRole('combobox', { name, exact: true })
      await box.fill(value.slice(0, 16).replace(' ', 'T'))
      await box.press('Tab')
    }
    await dialog.getByRole('checkbox', { name: '匿名填写' }).check()
    await screenshot(page, 'questionnaire-set')
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText(/已提交 0 份 · 匿名/).waitFor()
  })

  it('is answered on a phone as a survey: no countdown, no score, the scale in its order, 提交', async () => {
    const { context, phone } = await memberPhone(ui.browser, ui.serverUrl, { telephone: member.telephone, password: MEMBER_PASSWORD })
    await phone.getByRole('button', { name: '填写问卷' }).click()
    await phone.locator('.q').first().waitFor()

    expect(await phone.locator('header h1').textContent()).toBe('问卷调查')
    expect(await phone.locator('#clock').count()).toBe(0)
    expect(await phone.locator('#time').textContent()).toMatch(/^截止 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(await phone.locator('main').textContent()).not.toMatch(/满分|分\]/)
    expect(await phone.locator('.q[data-type="1"] .opt span').allTextContents()).toEqual(SCALE.map((text, i) => `${String.fromCharCode(65 + i)}. ${text}`))
    expect(await phone.getByRole('button', { name: '交卷' }).count()).toBe(0)

    await phone.getByText('满意', { exact: false }).filter({ hasText: /^B\. 满意$/ }).click()
    await phone.locator('.q[data-type="4"] textarea').fill('希望增加现场教学')
    await expect.poll(() => phone.locator('#sync').textContent(), { timeout: 15_000 }).toBe('已保存')
    await phone.screenshot({ path: join(SHOTS_DIR, 'questionnaire-phone.png'), fullPage: true })
    await phone.getByRole('button', { name: '提交' }).click()
    await expect.poll(() => phone.locator('#result').textContent()).toBe('提交成功！感谢您的反馈。')
    // One answer per member: the questionnaire is not offered again.
    await phone.getByRole('button', { name: '返回' }).click()
    await phone.getByText('您已提交问卷').waitFor()
    await context.close()
  })

  it('shows the counts per question in the console, without the member\'s name', async () => {
    const { page } = ui.tab
    // Away and back: the results page reads them again when it opens.
    await goToRoute(page, '/comment/paperManagement')
    await page.getByRole('table', { name: '试卷列表' }).waitFor()
    await goToRoute(page, `/questionnaireManagement/result?examId=${trainId}`)
    await page.getByText(/已提交 1 份 · 匿名/).waitFor()
    await page.getByText('您对本次培训的总体评价（1 人作答）', { exact: false }).waitFor()
    const scale = page.getByRole('table').filter({ hasText: '非常满意' }).first()
    expect((await scale.getByRole('row').allTextContents()).slice(1)).toEqual(['A. 非常满意00.0%', 'B. 满意1100.0%', 'C. 一般00.0%', 'D. 不满意00.0%'])
    await page.getByText('希望增加现场教学').waitFor()
    expect(await page.getByText(member.name).count()).toBe(0)
    await screenshot(page, 'questionnaire-results')
  })
})
