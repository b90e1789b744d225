import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, reloadAnswering, screenshot, signIn, toast } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

/*
 * Typed work survives (issue 32): the paper and question dialogs keep drafts like the
 * wizard, every way out of a changed form asks (a route change, Esc), a draft is not wiped
 * by typing as the wizard opens, and a pasted picture uploads like 插入图片.
 */
const { admin } = demoAccounts
const ui = useConsoleTabs()
const LIST = '/trainingManagement/trainingManagement'
/** A real 1×1 PNG, as base64. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

beforeEach(async () => {
  const { page } = ui.tab
  await page.setViewportSize({ width: 1366, height: 768 })
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
})

async function storedDraft(key: string): Promise<string | null> {
  const result = await ui.app.host.core.dispatch('drafts.get', { key })
  if (!result.ok) throw new Error(result.error.message)
  return (result.data as { data: string } | null)?.data ?? null
}

/** The app's own confirmation (not the browser's). */
const question = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text })

it('keeps a paper being written through a reload and restores it; Esc on the changed wizard asks first', async () => {
  const { page } = ui.tab
  await goToRoute(page, '/comment/paperManagement')
  await page.getByRole('button', { name: '添加', exact: true }).click()
  const wizard = page.getByRole('dialog', { name: /添加试卷/ })
  await wizard.getByPlaceholder('请输入试卷名称').fill('2027年春季党史测验')
  await wizard.getByPlaceholder('请输入试卷信息').fill('两个类别，自动组卷')
  await wizard.getByRole('status').filter({ hasText: '草稿已自动保存' }).waitFor()
  await expect.poll(() => storedDraft('paper:2:new')).toContain('两个类别，自动组卷')

  // Esc asks; 取消 there keeps the wizard and what is typed.
  await page.keyboard.press('Escape')
  await question(page, '有未保存的修改，确定要关闭吗？').waitFor()
  await screenshot(page, 'drafts-paper-esc-asks')
  await question(page, '有未保存的修改，确定要关闭吗？').getByRole('button', { name: '取消' }).click()
  await toast(page, '已取消').waitFor()
  expect(await wizard.getByPlaceholder('请输入试卷名称').inputValue()).toBe('2027年春季党史测验')

  // A reload asks (the browser's question); the next opening offers the draft back.
  expect(await reloadAnswering(page)).toEqual(['beforeunload'])
  await page.getByRole('button', { name: '添加', exact: true }).click()
  await wizard.getByText(/有一份未保存的草稿（\d{4}-\d{2}-\d{2} \d{2}:\d{2}），是否恢复？/).waitFor()
  expect(await wizard.getByPlaceholder('请输入试卷名称').inputValue()).toBe('')
  await screenshot(page, 'drafts-paper-offer')
  await wizard.getByRole('button', { name: '恢复草稿' }).click()
  await expect.poll(() => wizard.getByPlaceholder('请输入试卷名称').inputValue()).toBe('2027年春季党史测验')
  expect(await wizard.getByPlaceholder('请输入试卷信息').inputValue()).toBe('两个类别，自动组卷')

  // Closing on purpose (关闭 in the question) drops the draft: the next opening is empty, with no offer.
  await wizard.getByRole('button', { name: '取消' }).click()
  await question(page, '有未保存的修改，确定要关闭吗？').getByRole('button', { name: '关闭' }).click()
  await wizard.waitFor({ state: 'hidden' })
  await expect.poll(() => storedDraft('paper:2:new')).toBeNull()
})

it('keeps a question being written and offers it back; Esc asks, in the member dialog too', async () => {
  const { page } = ui.tab
  await goToRoute(page, '/comment/questionBanks')
  await page.getByRole('button', { name: '添加', exact: true }).click()
  const form = page.getByRole('dialog', { name: '添加题目' })
  await form.getByPlaceholder('请输入题目名称').fill('党的二十大报告提出的中心任务是什么？')
  await expect.poll(() => storedDraft('question:new')).toContain('中心任务')
  await page.keyboard.press('Escape')
  await question(page, '有未保存的修改，确定要关闭吗？').getByRole('button', { name: '关闭' }).click()
  await form.waitFor({ state: 'hidden' })
  // Closed on purpose: nothing is offered.
  await page.getByRole('button', { name: '添加', exact: true }).click()
  await form.getByPlaceholder('请输入题目名称').fill('全面从严治党的要求')
  await expect.poll(() => storedDraft('question:new')).toContain('全面从严治党')
  await page.reload()
  await page.getByRole('button', { name: '添加', exact: true }).click()
  await form.getByRole('button', { name: '恢复草稿' }).click()
  await expect.poll(() => form.getByPlaceholder('请输入题目名称').inputValue()).toBe('全面从严治党的要求')
  await screenshot(page, 'drafts-question-restored')

  // The member dialog (a FormDialog): Esc on a changed form asks instead of dropping it.
  await form.getByRole('button', { name: '取消' }).click()
  await question(page, '有未保存的修改，确定要关闭吗？').getByRole('button', { name: '关闭' }).click()
  await goToRoute(page, '/organization/member')
  await page.getByRole('button', { name: '新增', exact: true }).click()
  const member = page.getByRole('dialog', { name: '新增党员' })
  await member.getByLabel('姓名').fill('测试党员乙')
  await page.keyboard.press('Escape')
  await question(page, '有未保存的修改，确定要关闭吗？').waitFor()
  await screenshot(page, 'drafts-member-esc-asks')
  await question(page, '有未保存的修改，确定要关闭吗？').getByRole('button', { name: '取消' }).click()
  expect(await member.getByLabel('姓名').inputValue()).toBe('测试党员乙')
})

/**
 * A field of the wizard's 基本信息 tab. Not `page.getByLabel`: the list has a 培训名称 filter
 * too, and it stays on screen while the wizard's code loads after 新增培训班, so keys sent
 * at once went into the list's filter, which then left with its page (the "lost early
 * typing" of issue 32).
 */
const wizardField = (page: Page, label: string) => page.getByRole('tabpanel', { name: '基本信息' }).getByLabel(label)

it('keeps a name typed into the wizard the moment it shows, on a slow computer too', async () => {
  const { page } = ui.tab
  const nav = page.getByRole('navigation', { name: '功能导航' })
  await nav.getByText('培训管理', { exact: true }).click()
  await nav.getByText('培训班管理', { exact: true }).click()
  await page.getByRole('table', { name: '培训班列表' }).waitFor()
  // A slow computer: the wizard's code, its draft check, host units and rich-text boxes come late.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.getByRole('button', { name: '新增培训班' }).click()
  const name = wizardField(page, '培训名称')
  await name.fill('2027年度组工干部培训班')
  // Once everything has arrived (host units listed, the draft kept), what was typed is still there.
  await wizardField(page, '主办单位').locator('option').nth(1).waitFor({ state: 'attached' })
  await page.getByRole('status').filter({ hasText: '草稿已自动保存' }).waitFor()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  expect(await name.inputValue()).toBe('2027年度组工干部培训班')
  await expect.poll(() => storedDraft('train:new')).toContain('2027年度组工干部培训班')
  await ui.app.host.core.dispatch('drafts.discard', { key: 'train:new' })
})

it('asks before a route change leaves the wizard with unsaved changes; 取消 stays with the work', async () => {
  const { page } = ui.tab
  // Through the side menu: the router's own entries, which Back returns to.
  const nav = page.getByRole('navigation', { name: '功能导航' })
  await nav.getByText('培训管理', { exact: true }).click()
  await nav.getByText('培训班管理', { exact: true }).click()
  await page.getByRole('button', { name: '新增培训班' }).click()
  await wizardField(page, '培训名称').fill('2027年度组工干部培训班')
  await page.getByRole('status').filter({ hasText: '草稿已自动保存' }).waitFor()
  await nav.getByText('培训大数据', { exact: true }).click()
  const leaving = question(page, '有未保存的修改，确定要离开吗？')
  await leaving.waitFor()
  await screenshot(page, 'drafts-route-change-asks')
  await leaving.getByRole('button', { name: '取消' }).click()
  await toast(page, '已取消').waitFor()
  expect(new URL(page.url()).hash).toBe('#/trainingManagement/trainAdd')
  expect(await wizardField(page, '培训名称').inputValue()).toBe('2027年度组工干部培训班')

  // Browser Back asks too, then leaves on 确定; the draft is offered on return.
  await page.goBack()
  await leaving.getByRole('button', { name: '确定' }).click()
  await page.getByRole('button', { name: '新增培训班' }).waitFor()
  await page.getByRole('button', { name: '新增培训班' }).click()
  await page.getByRole('button', { name: '恢复草稿' }).click()
  await expect.poll(() => wizardField(page, '培训名称').inputValue()).toBe('2027年度组工干部培训班')
  await ui.app.host.core.dispatch('drafts.discard', { key: 'train:new' })
})

it('does not wipe a draft when typing starts as the wizard opens: the offer stays, and typing is kept', async () => {
  const { page } = ui.tab
  const kept = JSON.stringify({ name: '上次未保存的培训班', sendObject: '各市委组织部' })
  await ui.app.host.core.dispatch('drafts.save', { key: 'train:new', data: kept })
  await goToRoute(page, LIST)
  // Typing at once, as the wizard shows (the first opening loads the wizard's code too).
  await page.getByRole('button', { name: '新增培训班' }).click()
  await wizardField(page, '培训名称').pressSequentially('新班', { delay: 10 })
  await page.getByRole('button', { name: '恢复草稿' }).waitFor()
  expect(await wizardField(page, '培训名称').inputValue()).toBe('新班')
  // Typing goes on while the offer stands: the stored draft is not overwritten.
  await wizardField(page, '发送对象').fill('各党支部')
  await page.waitForTimeout(600)
  expect(await storedDraft('train:new')).toBe(kept)
  // 恢复草稿 brings the earlier draft over the form's defaults (a draft of fewer fields restores too).
  await page.getByRole('button', { name: '恢复草稿' }).click()
  await expect.poll(() => wizardField(page, '培训名称').inputValue()).toBe('上次未保存的培训班')
  expect(await wizardField(page, '发送对象').inputValue()).toBe('各市委组织部')
  await ui.app.host.core.dispatch('drafts.discard', { key: 'train:new' })
})

it('uploads a pasted picture like 插入图片 and keeps it on save; a picture that cannot be read is refused with a message', async () => {
  const { page } = ui.tab
  await goToRoute(page, '/content/news')
  await page.getByRole('button', { name: '添加' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('标题').fill('粘贴图片的新闻')
  await dialog.getByLabel('来源').fill('省委组织部')
  const date = dialog.getByLabel('发布日期')
  await date.fill('2026-11-20')
  await date.press('Tab')
  const text = dialog.getByRole('textbox', { name: '内容' })
  await text.click()
  await page.keyboard.type('截图如下')
  // A screenshot on the clipboard: a picture file, pasted into the text.
  await text.evaluate((box, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const data = new DataTransfer()
    data.items.add(new File([bytes], 'image.png', { type: 'image/png' }))
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, PNG)
  const picture = text.getByRole('img', { name: 'image.png' })
  await picture.waitFor()
  await expect.poll(() => picture.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
  expect(await text.getByText('图片加载中…').count()).toBe(0)

  // A web page's picture (an address the console cannot read) is taken out, and the user is told.
  await text.evaluate((box) => {
    const data = new DataTransfer()
    data.setData('text/html', '<p>网页内容</p><img src="https://example.org/photo.jpg">')
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await toast(page, '粘贴内容中有 1 张图片无法读取，未保留；请用“插入图片”上传').waitFor()
  await text.getByText('网页内容').waitFor()
  await screenshot(page, 'drafts-pasted-picture')

  await dialog.getByRole('button', { name: '确定' }).click()
  await toast(page, '添加成功！').waitFor()
  const result = await ui.app.host.core.dispatch('news.all', undefined)
  if (!result.ok) throw new Error(result.error.message)
  const saved = (result.data as { title: string; content: string }[]).find((n) => n.title === '粘贴图片的新闻')
  // Stored by the path the upload route issued, as 插入图片 stores it.
  expect(saved?.content).toMatch(/<img alt="image\.png" src="\d{4}\/\d{2}\/[0-9a-f]{32}\.png" \/>/)
  expect(saved?.content).not.toContain('example.org')

  // Reopened, the picture is there.
  await page.getByRole('row').filter({ hasText: '粘贴图片的新闻' }).getByRole('button', { name: '编辑' }).click()
  await page.getByRole('dialog').getByRole('textbox', { name: '内容' }).getByRole('img', { name: 'image.png' }).waitFor()
})
