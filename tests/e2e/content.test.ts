import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server/db/connect'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import type { RpcName, RpcOutput } from '../../src-shared/ipc'
import { coreCall, goToRoute, screenshot, signIn, toast } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'
import { insertPaper, validExamForm } from '../support/exam'
import { startSmsGateway, type SmsGateway } from '../support/sms-gateway'
import { validTrainForm } from '../support/training'

const { admin } = demoAccounts
const ui = useConsoleTabs()
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
let files: string
/** The office's SMS gateway: a real HTTP server on a local port. */
let gateway: SmsGateway

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'e2e-content-'))
  gateway = await startSmsGateway()
})
afterAll(async () => {
  await rm(files, { recursive: true, force: true })
  await gateway?.close()
})

beforeEach(async () => {
  const { page } = ui.tab
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
})

const dispatch = <K extends RpcName>(method: K, input?: unknown): Promise<RpcOutput<K>> => coreCall(ui.app.host, method, input)

async function confirmDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').filter({ hasText: '提示' }).getByRole('button', { name: '确定' }).click()
}

describe('content screens', () => {
  it('news: the dialog says what is missing; a new item is shown first and marked; the switch and delete work', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/content/news')
    const table = page.getByRole('table', { name: '新闻列表' })
    await page.getByText('还没有数据').waitFor()
    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    for (const message of ['请输入标题', '请输入来源', '请选择日期', '请输入内容']) await dialog.getByText(message).waitFor()

    await dialog.getByLabel('标题').fill('学习贯彻全会精神')
    await dialog.getByLabel('来源').fill('省委组织部')
    // The console's Chinese picker, yyyy-MM-dd whatever the system's language: typed, then picked.
    const date = dialog.getByLabel('发布日期')
    await date.fill('2026-11-20')
    await date.press('Tab')
    expect(await date.inputValue()).toBe('2026-11-20')
    // A click types (issue 32); the calendar opens from its icon.
    await date.locator('xpath=..').getByRole('button').click()
    const calendar = page.getByRole('dialog').filter({ hasText: '2026年11月' })
    await calendar.getByRole('button', { name: '今天' }).waitFor()
    await calendar.getByRole('gridcell', { name: /^21/ }).click()
    expect(await date.inputValue()).toBe('2026-11-21')
    await dialog.getByRole('textbox', { name: '内容' }).click()
    await page.keyboard.type('全会精神宣讲')
    // A picture in the text: uploaded like a news image and shown in the editor at once.
    const picture = join(files, '正文配图.png')
    await writeFile(picture, PNG)
    const pictureChooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: '插入图片' }).click()
    await (await pictureChooser).setFiles(picture)
    await dialog.getByRole('textbox', { name: '内容' }).getByRole('img', { name: '正文配图.png' }).waitFor()
    await screenshot(page, 'news-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    const [saved] = await dispatch('news.all')
    // Stored by the path the upload route issued, nothing else (no data: bytes).
    expect(saved.content).toMatch(/^<p>全会精神宣讲<\/p><img alt="正文配图.png" src="\d{4}\/\d{2}\/[0-9a-f]{32}\.png" \/>$/)
    const row = table.getByRole('row').filter({ hasText: '学习贯彻全会精神' })
    expect(await row.getAttribute('data-highlighted')).toBe('true')
    await screenshot(page, 'news-list')

    await row.getByRole('switch').click()
    await toast(page, '操作成功！').waitFor()
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false)

    await row.getByRole('button', { name: '删除' }).click()
    await page.getByText('确定要删除当前新闻吗?').waitFor()
    await confirmDialog(page)
    await toast(page, '删除成功!').waitFor()
    await page.getByText('还没有数据').waitFor()
  })

  it('home pages: 开启 opens one and is disabled once open', async () => {
    const { page } = ui.tab
    await dispatch('home.create', { name: '春季首页' })
    await goToRoute(page, '/content/home')
    const row = page.getByRole('table', { name: '首页列表' }).getByRole('row').filter({ hasText: '春季首页' })
    await row.getByRole('button', { name: '开启' }).click()
    await toast(page, '已成功开启!').waitFor()
    await expect.poll(() => row.getByRole('button', { name: '开启' }).isDisabled()).toBe(true)
    await row.getByText('已开启').waitFor()
  })
})

describe('carousels and notices', () => {
  it('carousel: the image is required; linked to a news item, the list names it', async () => {
    const { page } = ui.tab
    const image = join(files, '轮播.png')
    await writeFile(image, PNG)
    await dispatch('news.create', { title: '轮播关联新闻', comeFrom: '来源', entryTime: '2026-11-20', content: '<p>正文</p>' })
    await goToRoute(page, '/content/carousel')
    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请上传图片').waitFor()
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: '上传图片' }).click()
    await (await chooser).setFiles(image)
    await dialog.getByRole('img').first().waitFor()
    await dialog.getByRole('combobox', { name: '关联新闻' }).click()
    await page.getByRole('option', { name: '轮播关联新闻' }).click()
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    const row = page.getByRole('table', { name: '轮播图列表' }).getByRole('row').filter({ hasText: '轮播关联新闻' })
    expect(await row.getByRole('switch').isChecked()).toBe(true)
    await screenshot(page, 'carousel-list')
  })

  it('notice: name at most 20 characters with rich text; members picked on two pages receive it by SMS', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/content/notice')
    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog', { name: '添加通知' })
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请输入名称').waitFor()
    await dialog.getByLabel('名称').fill('冬季学习通知')
    await dialog.getByRole('textbox', { name: '内容' }).click()
    await page.keyboard.type('请各支部按时组织学习')

    await dialog.getByRole('button', { name: '选择发送对象' }).click()
    const picker = page.getByRole('dialog', { name: '选择发送对象' })
    const members = picker.getByRole('table', { name: '党员列表' })
    await members.getByRole('row').nth(1).waitFor()
    const mobileOf = async (row: number) => /1[3-9]\d{9}/.exec((await members.getByRole('row').nth(row).textContent()) ?? '')?.[0] ?? '-'
    await members.getByRole('checkbox', { name: '选择此行' }).first().check()
    const first = await mobileOf(1)
    await picker.getByRole('button', { name: '下一页' }).click()
    await members.getByRole('checkbox', { name: '选择此行' }).nth(1).check()
    const second = await mobileOf(2)
    expect(first).not.toBe(second)
    await picker.getByText('已选择 2 人').waitFor()
    await screenshot(page, 'notice-member-picker')
    await picker.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('已选择 2 人').waitFor()
    await screenshot(page, 'notice-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()

    const row = page.getByRole('table', { name: '通知列表' }).getByRole('row').filter({ hasText: '冬季学习通知' })
    await row.getByText('2 人').waitFor()
    await row.getByRole('button', { name: '发送对象' }).click()
    const listed = page.getByRole('dialog', { name: /发送对象/ })
    for (const mobile of [first, second]) await listed.getByText(mobile).waitFor()
    // Searched by name on the server (spec 001 §7): only the named member stays.
    const table = listed.getByRole('table', { name: '发送对象列表' })
    const secondName = ((await table.getByRole('row').filter({ hasText: second }).getByRole('cell').first().textContent()) ?? '').trim()
    await listed.getByLabel('姓名').fill(secondName)
    await listed.getByRole('button', { name: '查询' }).click()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await table.getByText(second).waitFor()
    await screenshot(page, 'notice-members-search')
    await listed.getByRole('button', { name: '关闭' }).click()
    // Editing starts from the stored members, ticked in the picker.
    await row.getByRole('button', { name: '编辑' }).click()
    await page.getByRole('dialog', { name: '编辑通知' }).getByRole('button', { name: '选择发送对象' }).click()
    await picker.getByText('已选择 2 人').waitFor()
    await picker.getByRole('button', { name: '取消' }).click()
    await page.getByRole('dialog', { name: '编辑通知' }).getByRole('button', { name: '取消' }).click()

    // No SMS provider in a fresh standalone console: said on the screen and again before sending.
    await page.getByRole('alert').filter({ hasText: '未配置短信服务，短信不会发出' }).waitFor()
    await row.getByRole('button', { name: '发送短信' }).click()
    await page.getByRole('dialog').filter({ hasText: '未配置短信服务，短信不会发出' }).filter({ hasText: '以短信发送给 2 名党员' }).getByRole('button', { name: '发送' }).click()
    await toast(page, '已提交 2 条，未配置短信服务，未发出').waitFor()
    await screenshot(page, 'notice-list')
    await goToRoute(page, '/content/sms')
    const log = page.getByRole('table', { name: '短信发送记录' })
    for (const mobile of [first, second]) {
      await expect.poll(() => log.getByRole('row').filter({ hasText: mobile }).filter({ hasText: '冬季学习通知' }).filter({ hasText: '未发送（未配置短信服务）' }).count()).toBe(1)
    }
  })
})

describe('the screens of the navigation', () => {
  it('are each headed once, by their name in the navigation', async () => {
    const { page } = ui.tab
    await page.setViewportSize({ width: 1440, height: 900 })
    const nav = page.getByRole('navigation', { name: '功能导航' })
    // Every module opened, so every screen the administrator may open is a link in view
    // (once the first screen is drawn: the navigation drawn before it is replaced).
    await page.waitForFunction(() => document.documentElement.dataset.route === '/index')
    const modules = nav.locator('button[aria-expanded]')
    for (let i = 0; i < (await modules.count()); i++) {
      const module = modules.nth(i)
      if ((await module.getAttribute('aria-expanded')) === 'true') continue
      await module.click()
      await expect.poll(() => module.getAttribute('aria-expanded')).toBe('true')
    }
    const links = nav.locator('a[href^="#/"]')
    const screens = await links.evaluateAll((as) => as.map((a) => ({ route: a.getAttribute('href')!.slice(1), title: a.textContent!.trim() })))
    expect(screens.length).toBeGreaterThan(20)
    const headed: string[] = []
    for (const { route, title } of screens) {
      await nav.getByRole('link', { name: title, exact: true }).click()
      await page.waitForFunction((r) => document.documentElement.dataset.route === r, route)
      await page.getByRole('main').getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
      headed.push(`${title}: ${(await page.getByRole('main').locator('h1').allInnerTexts()).join(' | ')}`)
      expect(await nav.locator('[aria-current="page"]').textContent()).toBe(title)
    }
    expect(headed).toEqual(screens.map(({ title }) => `${title}: ${title}`))
    await goToRoute(page, '/organization/member')
    await page.getByRole('table', { name: '党员列表' }).getByRole('row').nth(1).waitFor()
    await screenshot(page, 'member-list-heading')
  })
})

describe('courses and teachers', () => {
  it('adds a teacher with an avatar, then a course taught by that teacher; the course row expands to its resources', async () => {
    const { page } = ui.tab
    const avatar = join(files, '头像.png')
    await writeFile(avatar, PNG)
    await goToRoute(page, '/courseManagement/teacherManagement')
    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    for (const message of ['请输入教师姓名', '请上传头像', '请输入简介']) await dialog.getByText(message).waitFor()
    await dialog.getByLabel('姓名').fill('王明')
    await dialog.getByLabel('简介').fill('党史研究专家')
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: '上传头像' }).click()
    await (await chooser).setFiles(avatar)
    await dialog.getByRole('img').first().waitFor()
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    const card = page.getByRole('list', { name: '教师列表' }).getByRole('listitem').filter({ hasText: '王明' })
    expect(await card.getAttribute('data-highlighted')).toBe('true')
    await page.getByRole('combobox', { name: '每页条数' }).filter({ hasText: '8 条/页' }).waitFor()
    await card.getByRole('button', { name: '详情' }).click()
    await page.getByRole('dialog', { name: /教师详情/ }).getByText('党史研究专家').waitFor()
    await screenshot(page, 'teacher-cards')
    await page.getByRole('dialog', { name: /教师详情/ }).getByRole('button', { name: '关闭' }).click()

    await goToRoute(page, '/courseManagement/courseManagement')
    await page.getByRole('button', { name: '添加' }).click()
    await dialog.getByRole('button', { name: '确定' }).click()
    for (const message of ['请输入课程名称', '请选择主讲教师', '请输入简介']) await dialog.getByText(message).first().waitFor()
    await dialog.getByLabel('课程名称').fill('党章党规学习')
    await dialog.getByRole('combobox', { name: '主讲教师' }).click()
    await page.getByRole('option', { name: '王明' }).click()
    await dialog.getByRole('textbox', { name: '简介' }).click()
    await page.keyboard.type('逐条学习党章')
    await screenshot(page, 'course-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    const row = page.getByRole('table', { name: '课程列表' }).getByRole('row').filter({ hasText: '党章党规学习' })
    await row.getByText('王明').waitFor()
    await row.getByRole('button', { name: '展开详情' }).click()
    await page.getByRole('table', { name: '党章党规学习的资源' }).waitFor()
    // The resources are a list inside the course screen, not a page of their own: one heading.
    expect(await page.getByRole('heading', { name: '课程管理' }).count()).toBe(1)
    await screenshot(page, 'course-list')
  })
})

describe('members: dialogs open clean, SMS to a selection across pages', () => {
  it('after editing a member, 新增 opens empty and names each missing choice', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/organization/member')
    const table = page.getByRole('table', { name: '党员列表' })
    await table.getByRole('row').nth(1).getByRole('button', { name: '编辑' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('编辑党员').waitFor()
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'hidden' })

    await page.getByRole('button', { name: '新增', exact: true }).click()
    await dialog.getByText('新增党员').waitFor()
    expect(await dialog.getByLabel('姓名').inputValue()).toBe('')
    expect(await dialog.getByRole('radio', { name: '男' }).isChecked()).toBe(false)
    expect(await dialog.getByRole('radio', { name: '女' }).isChecked()).toBe(false)
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请选择性别').waitFor()
    await dialog.getByText('请选择组织').waitFor()
    expect(await dialog.getByText(/无效输入|undefined/).count()).toBe(0)
    await screenshot(page, 'member-add-after-edit')
  })

  it('warns 未选中任何用户 and 未配置短信服务 before sending (logged 未发送); configured in 短信设置 with a tested gateway, a send is 已发送 only where the gateway accepted', async () => {
    const { page } = ui.tab
    await dispatch('home.create', { name: '短信首页' })
    // An exam members can still sit, which the SMS announces (spec 001 §5: exam required).
    const train = await dispatch('train.create', validTrainForm({ name: '短信考试培训班' }))
    const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
    const paperId = await insertPaper(db, '短信考试卷').finally(() => db.destroy())
    await dispatch('exam.create', validExamForm(train.id, paperId, { title: '党章知识测试' }))
    await goToRoute(page, '/organization/member')
    const table = page.getByRole('table', { name: '党员列表' })
    await table.getByRole('row').nth(1).waitFor()
    await page.getByRole('button', { name: '发送短信' }).click()
    await toast(page, '未选中任何用户').waitFor()

    // The mobile number names a member's row (it is unique).
    const mobileOf = async (row: number) => /1[3-9]\d{9}/.exec((await table.getByRole('row').nth(row).textContent()) ?? '')?.[0]
    await table.getByRole('checkbox', { name: '选择此行' }).first().check()
    const first = await mobileOf(1)
    await page.getByRole('button', { name: '下一页' }).click()
    await table.getByRole('checkbox', { name: '选择此行' }).nth(1).check()
    const second = await mobileOf(2)
    expect(first).not.toBe(second)
    await page.getByText('已选择 2 人').waitFor()

    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('button', { name: '发送短信' }).click()
    const dialog = page.getByRole('dialog')
    // A fresh standalone console has no SMS provider: the dialog says so before anything is sent.
    await dialog.getByRole('alert').filter({ hasText: '未配置短信服务，短信不会发出' }).waitFor()
    await dialog.getByRole('button', { name: '确定' }).click()
    for (const message of ['请输入标题', '请输入短信内容', '请选择考试', '请选择首页']) await dialog.getByRole('alert').filter({ hasText: message }).waitFor()
    const fill = async (title: string) => {
      await dialog.getByLabel('标题').fill(title)
      await dialog.getByLabel('短信内容').fill('请于本周五前完成党章学习')
      await dialog.getByRole('combobox', { name: '考试' }).click()
      await page.getByRole('option', { name: '党章知识测试' }).click()
      await dialog.getByRole('combobox', { name: '首页' }).click()
      await page.getByRole('option', { name: '短信首页' }).click()
    }
    await fill('学习提醒')
    await screenshot(page, 'sms-dialog-unconfigured')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '已提交 2 条，未配置短信服务，未发出').waitFor()

    await goToRoute(page, '/content/sms')
    const log = page.getByRole('table', { name: '短信发送记录' })
    const logged = (mobile: string | undefined, title: string, state: string) =>
      log.getByRole('row').filter({ hasText: mobile ?? '-' }).filter({ hasText: title }).filter({ hasText: state })
    for (const mobile of [first, second]) await expect.poll(() => logged(mobile, '学习提醒', '未发送（未配置短信服务）').count()).toBe(1)
    expect(await log.getByText('已发送', { exact: true }).count()).toBe(0)
    await screenshot(page, 'sms-log-unconfigured')

    // The dialog's link leads to 短信设置, where the office's gateway is configured and tried.
    await goToRoute(page, '/organization/member')
    await table.getByRole('checkbox', { name: '选择此行' }).first().check()
    await table.getByRole('checkbox', { name: '选择此行' }).nth(1).check()
    await page.getByRole('button', { name: '发送短信' }).click()
    await dialog.getByRole('link', { name: '去短信设置' }).click()
    await page.getByRole('radio', { name: 'HTTP 短信网关' }).check()
    await page.getByLabel('网关地址').fill(gateway.url)
    await page.getByLabel('访问令牌').fill('office-token')
    await page.getByRole('button', { name: '保存' }).click()
    await toast(page, '保存成功').waitFor()
    expect(await page.getByLabel('访问令牌').inputValue()).toBe('')
    expect(await page.getByLabel('访问令牌').getAttribute('placeholder')).toBe('已设置（留空则保留原值）')
    await page.getByLabel('手机号').fill('13800000009')
    await page.getByRole('button', { name: '发送测试短信' }).click()
    await page.getByRole('status').filter({ hasText: '服务商已接受，消息编号 gw-1' }).waitFor()
    expect(await page.getByRole('button', { name: '发送测试短信' }).isEnabled()).toBe(true)
    expect(gateway.accepted).toMatchObject([{ phone: '13800000009', title: '测试短信', authorization: 'Bearer office-token' }])
    await screenshot(page, 'sms-settings')

    // Now a send reaches the gateway, and the log says 已发送 only for what it accepted.
    gateway.refuse(second ?? '-', '该号码已退订短信')
    await goToRoute(page, '/organization/member')
    await table.getByRole('checkbox', { name: '选择此行' }).first().check()
    await page.getByRole('button', { name: '下一页' }).click()
    await table.getByRole('checkbox', { name: '选择此行' }).nth(1).check()
    await page.getByRole('button', { name: '发送短信' }).click()
    await dialog.getByLabel('标题').waitFor()
    expect(await dialog.getByText('未配置短信服务').count()).toBe(0)
    await fill('考试通知')
    await screenshot(page, 'sms-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '已提交 2 条短信，发送结果见短信记录').waitFor()
    await goToRoute(page, '/content/sms')
    const accepted = () => gateway.accepted.find((m) => m.phone === first)?.messageId ?? '-'
    await expect.poll(() => logged(first, '考试通知', '已发送').filter({ hasText: `消息编号 ${accepted()}` }).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => logged(second, '考试通知', '该号码已退订短信').count(), { timeout: 15_000 }).toBe(1)
    expect(await logged(second, '考试通知', '已发送').count()).toBe(0)
    await screenshot(page, 'sms-log')
  })
})
