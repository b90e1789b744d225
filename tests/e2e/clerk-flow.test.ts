import type { Locator, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { DEMO_CLASS } from '../../src-server/seed/demo-trainings'
import { goToRoute, reloadAnswering, screenshot, signIn, toast } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

/*
 * The clerk's everyday flow (issue 32): dates typed after a click, a wizard that
 * survives a reload, a training copied from last year, a rejection with its reason.
 */
const { admin } = demoAccounts
const LIST = '/trainingManagement/trainingManagement'
const consoleTabs = useConsoleTabs()

async function openWizard(page: Page): Promise<void> {
  await page.getByRole('img', { name: '验证码' }).waitFor()
  await signIn(page, admin.username, admin.password)
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  await goToRoute(page, LIST)
  await page.getByRole('button', { name: '新增培训班' }).click()
  // The wizard itself: the list (with a 培训名称 filter of its own) stays on screen while the wizard's code loads.
  await page.getByRole('tabpanel', { name: '基本信息' }).getByLabel('培训名称').waitFor()
}

/** The time box beside a date box (both live in one DateTimeInput). */
function timeBoxOf(dateBox: Locator): Locator {
  return dateBox.locator('xpath=../..').getByRole('combobox', { name: '时间', exact: true })
}

/** Clicks into a date box and types, as a clerk does (not reached with Tab, not filled). */
async function clickAndType(page: Page, dateBox: Locator, text: string): Promise<void> {
  await dateBox.click()
  await page.keyboard.type(text)
}

it('takes a date typed after a click, committed with Enter or with Tab', async () => {
  const { page } = consoleTabs.tab
  await openWizard(page)
  const calendar = page.getByRole('dialog', { name: 'Calendar' })

  // Click, type, Enter: the typed day (not today's, not the calendar's), and the calendar stays shut.
  const end = page.getByRole('combobox', { name: '培训结束时间', exact: true })
  await clickAndType(page, end, '2027-03-12')
  expect(await calendar.count()).toBe(0)
  await page.keyboard.press('Enter')
  expect(await calendar.count()).toBe(0)
  await expect.poll(() => end.inputValue()).toBe('2027-03-12')
  await expect.poll(() => timeBoxOf(end).inputValue()).toBe('00:00')

  // Click, type digits without separators and a time, Tab: both kept.
  const start = page.getByRole('combobox', { name: '培训开始时间', exact: true })
  await clickAndType(page, start, '202703100930')
  await page.keyboard.press('Tab')
  await expect.poll(() => start.inputValue()).toBe('2027-03-10')
  await expect.poll(() => timeBoxOf(start).inputValue()).toBe('09:30')

  // Slashes, Enter, on a date-only field.
  const issued = page.getByRole('combobox', { name: '发文日期', exact: true })
  await clickAndType(page, issued, '2027/3/1')
  await page.keyboard.press('Enter')
  await expect.poll(() => issued.inputValue()).toBe('2027-03-01')

  // Retyping over a value with Tab replaces it (the date keeps its typed time).
  await end.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2027/3/12 17:00')
  await page.keyboard.press('Tab')
  await expect.poll(() => end.inputValue()).toBe('2027-03-12')
  await expect.poll(() => timeBoxOf(end).inputValue()).toBe('17:00')

  // The calendar still opens from its icon.
  await end.locator('xpath=..').getByRole('button').click()
  await calendar.waitFor()
  await screenshot(page, 'clerk-date-calendar')
  await page.keyboard.press('Escape')
  await calendar.waitFor({ state: 'hidden' })
  await screenshot(page, 'clerk-dates-typed')
  // What was typed here is kept as this account's draft: the next test starts without it.
  await consoleTabs.app.host.core.dispatch('drafts.discard', { key: 'train:new' })
})

it('keeps a half-filled wizard through a reload and restores it on 恢复草稿', async () => {
  const { page } = consoleTabs.tab
  await openWizard(page)
  await page.getByLabel('培训名称').fill('2027年度机关党支部书记培训班')
  // The schema's limit stops the input, and a counter says how much is used.
  await page.getByText(`${'2027年度机关党支部书记培训班'.length}/100`, { exact: true }).waitFor()
  expect(await page.getByLabel('培训名称').getAttribute('maxlength')).toBe('100')
  await page.getByLabel('发送对象').fill('各市委组织部')
  await clickAndType(page, page.getByRole('combobox', { name: '培训开始时间', exact: true }), '2027-03-10 09:00')
  await page.keyboard.press('Enter')
  await page.getByRole('status').filter({ hasText: '草稿已自动保存' }).waitFor()
  // The draft is written when typing pauses: the reload comes once the last field is in it.
  await expect
    .poll(async () => JSON.stringify(await consoleTabs.app.host.core.dispatch('drafts.get', { key: 'train:new' })), { timeout: 10_000 })
    .toContain('2027-03-10 09:00:00')

  // A reload asks first (the browser's question), then the form comes back empty with the offer.
  expect(await reloadAnswering(page)).toEqual(['beforeunload'])
  const offer = page.getByText(/有一份未保存的草稿（\d{4}-\d{2}-\d{2} \d{2}:\d{2}），是否恢复？/)
  await offer.waitFor()
  await expect.poll(() => page.getByLabel('培训名称').inputValue()).toBe('')
  await screenshot(page, 'clerk-draft-offer')
  await page.getByRole('button', { name: '恢复草稿' }).click()
  await offer.waitFor({ state: 'hidden' })
  await expect.poll(() => page.getByLabel('培训名称').inputValue()).toBe('2027年度机关党支部书记培训班')
  await expect.poll(() => page.getByLabel('发送对象').inputValue()).toBe('各市委组织部')
  const start = page.getByRole('combobox', { name: '培训开始时间', exact: true })
  await expect.poll(() => start.inputValue()).toBe('2027-03-10')
  await expect.poll(() => timeBoxOf(start).inputValue()).toBe('09:00')

  // Restored work counts as unsaved: 返回 asks; 放弃 of a later offer drops the draft for good.
  await page.getByRole('button', { name: '返回' }).click()
  await page.getByText('有未保存的修改，确定要离开吗？').waitFor()
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await page.getByRole('button', { name: '新增培训班' }).click()
  await offer.waitFor()
  await page.getByRole('button', { name: '放弃', exact: true }).click()
  await offer.waitFor({ state: 'hidden' })
  expect(await consoleTabs.app.host.core.dispatch('drafts.get', { key: 'train:new' })).toEqual({ ok: true, data: null })
})

it('copies a training to new dates from the list, without its sign-ups', async () => {
  const { page } = consoleTabs.tab
  await openWizard(page)
  await page.getByRole('button', { name: '返回' }).click()
  const SOURCE = DEMO_CLASS.secretaries
  const COPY = '2027年全省机关党委书记专题培训班'
  await page.getByRole('button', { name: `更多操作：${SOURCE}` }).click()
  await page.getByRole('menuitem', { name: '复制培训班' }).click()
  const dialog = page.getByRole('dialog', { name: '复制培训班' })
  await dialog.getByRole('button', { name: '复制', exact: true }).click()
  await dialog.getByText('请选择新的培训开始时间').waitFor()
  await clickAndType(page, dialog.getByRole('combobox', { name: '新的培训开始时间', exact: true }), '2027-09-01 09:00')
  await page.keyboard.press('Enter')
  await screenshot(page, 'clerk-copy-dialog')
  await dialog.getByRole('button', { name: '复制', exact: true }).click()

  // The wizard holds the class's settings with the new start; the rest moved with it.
  await toast(page, '已复制培训班的设置，请检查新的日期和内容后保存').waitFor()
  await expect.poll(() => page.getByLabel('培训名称').inputValue()).toBe(SOURCE)
  const start = page.getByRole('combobox', { name: '培训开始时间', exact: true })
  await expect.poll(() => start.inputValue()).toBe('2027-09-01')
  await expect.poll(() => timeBoxOf(start).inputValue()).toBe('09:00')
  await expect.poll(() => page.getByRole('combobox', { name: '报名结束时间', exact: true }).inputValue()).toMatch(/^2027-0[89]-\d{2}$/)
  await page.getByLabel('培训名称').fill(COPY)
  await screenshot(page, 'clerk-copy-wizard')
  await page.getByRole('button', { name: '保存' }).click()

  // A new training on the list, starting on the new date, with nobody signed up.
  await page.getByRole('table', { name: '培训班列表' }).waitFor()
  const row = page.getByRole('row').filter({ hasText: COPY })
  await row.getByText('2027-09-01 09:00').waitFor()
  await row.getByText(/^0 \//).waitFor()
  await screenshot(page, 'clerk-copy-listed')
})

it('rejects a training only with a reason and a confirmation; the host unit reads it on the list and in the editor', async () => {
  const { page } = consoleTabs.tab
  await openWizard(page)
  await page.getByRole('button', { name: '返回' }).click()
  const NAME = '省教育厅新党员入党教育培训班'
  const REASON = '培训日程缺少结业考核安排，请补充后重新提交'
  const row = page.getByRole('row').filter({ hasText: NAME })
  const dialog = page.getByRole('dialog', { name: '审核' })
  const closing = page.getByRole('dialog').filter({ hasText: '有未保存的修改，确定要关闭吗？' })
  // Nothing typed: Esc closes at once.
  await row.getByRole('button', { name: '审核' }).click()
  await dialog.getByRole('button', { name: '驳回', exact: true }).click()
  await dialog.getByLabel('驳回原因').waitFor()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  expect(await closing.count()).toBe(0)
  await row.getByRole('button', { name: '审核' }).click()
  await dialog.getByRole('button', { name: '驳回', exact: true }).click()
  // No reason: refused on the spot, nothing sent.
  await dialog.getByRole('button', { name: '确认驳回' }).click()
  await dialog.getByText('请输入驳回原因').waitFor()
  await dialog.getByLabel('驳回原因').fill(REASON)
  await dialog.getByText(`${REASON.length} / 200`).waitFor()
  await screenshot(page, 'clerk-reject-reason')
  // A typed reason: Esc asks, and 取消 there keeps the dialog with the reason.
  await page.keyboard.press('Escape')
  await closing.waitFor()
  await screenshot(page, 'clerk-reject-esc-asks')
  await closing.getByRole('button', { name: '取消' }).click()
  await toast(page, '已取消').waitFor()
  expect(await dialog.getByLabel('驳回原因').inputValue()).toBe(REASON)
  await dialog.getByRole('button', { name: '确认驳回' }).click()
  // The confirmation names the training and the reason; 取消 there changes nothing.
  await page.getByText(`确定要驳回培训班“${NAME}”吗？`).waitFor()
  await page.getByText(`驳回原因：${REASON}`).waitFor()
  await page.getByRole('button', { name: '驳回', exact: true }).last().click()
  await dialog.waitFor({ state: 'hidden' })

  await row.getByText('未通过').waitFor()
  await row.getByText(`驳回原因：${REASON}`).waitFor()
  await screenshot(page, 'clerk-rejected-listed')
  await row.getByRole('button', { name: '编辑' }).click()
  await page.getByText('未通过审核').waitFor()
  await page.getByText(`驳回原因：${REASON}（修改后保存即重新提交审核）`).waitFor()
})
