import type { Locator, Page } from 'playwright-core'
import QRCode from 'qrcode'
import { expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { DEMO_CLASS } from '../../src-server/seed/demo-trainings'
import { goToRoute, routeOf, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin } = demoAccounts
const LIST = '/trainingManagement/trainingManagement'
const NAME = '2026年度机关党支部书记培训班'
const RENAMED = '2026年度机关党支部书记示范培训班'

const consoleTabs = useConsoleTabs()

/** `now` moved by whole days, as a datetime-local input takes it (local time). */
function daysFromNow(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

/** Types a date (or date-time) into a date box and leaves it, as a user does: the picker reads what was typed then. */
async function typeDate(box: Locator, text: string): Promise<void> {
  await box.fill(text)
  await box.press('Tab')
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first()

async function expectSelectedTab(page: Page, title: string): Promise<void> {
  await page.locator(`[role="tab"][aria-selected="true"]`, { hasText: title }).waitFor()
}

async function openList(page: Page): Promise<void> {
  await page.getByRole('img', { name: '验证码' }).waitFor()
  await signIn(page, admin.username, admin.password)
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  await goToRoute(page, LIST)
  await page.getByRole('table', { name: '培训班列表' }).waitFor()
}

function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name })
}

async function fillBasicExceptLocation(page: Page): Promise<void> {
  await page.getByLabel('培训名称').fill(NAME)
  await page.getByLabel('主办单位').selectOption({ index: 1 })
  await page.getByLabel('发送对象').fill('各市委组织部，省级机关各部门党组（党委）')
  await page.getByLabel('班次类别').selectOption({ label: '其他' })
  await page.getByLabel('类别名称').fill('示范班')
  // Leaving "other" clears the free-text name; it does not come back.
  await page.getByLabel('班次类别').selectOption({ label: '党支部书记班' })
  expect(await page.getByLabel('类别名称').count()).toBe(0)
  await typeDate(page.getByLabel('发文日期'), daysFromNow(-2, 0).slice(0, 10))
  await page.getByLabel('培训学时').fill('16')
  await typeDate(page.getByLabel('培训开始时间'), daysFromNow(10, 9))
  await typeDate(page.getByLabel('培训结束时间'), daysFromNow(12, 17))
  await page.getByLabel('培训地点').fill('省委党校 3 号楼报告厅')
  await page.getByLabel('参训对象').fill('各机关党支部书记')
  await typeDate(page.getByLabel('报名开始时间'), daysFromNow(-1, 8))
  await typeDate(page.getByLabel('报名结束时间'), daysFromNow(5, 18))
  await page.getByLabel('报名最大人数').fill('120')
  await page.getByLabel('联系人一').fill('王老师')
  await page.getByLabel('联系方式一').fill('025-83391001')
  await page.getByRole('textbox', { name: '导语' }).fill('为进一步提升党支部书记的履职能力，经研究决定举办本期培训班。')
  await page.getByRole('textbox', { name: '培训内容' }).fill('党章党规、支部工作条例解读。')
  await page.getByRole('textbox', { name: '培训要求' }).fill('请按时参加，不得无故缺席。')
}

/** Picks a choice of a list filter (a Fluent Dropdown). */
async function chooseFilter(page: Page, label: string, choice: string): Promise<void> {
  await page.getByRole('search').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: choice, exact: true }).click()
}

async function next(page: Page): Promise<void> {
  await page.getByRole('button', { name: '下一步' }).click()
}

it('creates a training through every tab, audits, edits and deletes it', async () => {
  const { page } = consoleTabs.tab
  await openList(page)
  // The demo province's trainings, each with its live status.
  await rowOf(page, DEMO_CLASS.secretaries).getByText('报名中').waitFor()
  await screenshot(page, 'training-list-demo')
  await page.getByRole('button', { name: '新增培训班' }).click()
  expect(routeOf(page)).toBe('/trainingManagement/trainAdd')

  // Basic tab empty: Next and save both stop there with the alert.
  await next(page)
  await toast(page, '请将基本信息填写完整').waitFor()
  await page.getByText('请输入培训名称').waitFor()
  await page.getByRole('tab', { name: '报名选项' }).click()
  await page.getByRole('button', { name: '保存' }).click()
  await expectSelectedTab(page, '基本信息')
  await screenshot(page, 'training-editor-basic-errors')

  // Complete but without a location: 请选择经纬度.
  await fillBasicExceptLocation(page)
  await next(page)
  await toast(page, '请选择经纬度').waitFor()
  await expectSelectedTab(page, '基本信息')

  // No map provider is configured (and there is no internet): the coordinates are typed.
  await page.getByRole('button', { name: '选择位置' }).click()
  const map = page.getByRole('dialog', { name: '选择经纬度' })
  await map.getByText('未配置地图服务。可直接输入经纬度。').waitFor()
  expect(await map.getByLabel('经度').inputValue()).toBe('116.404')
  expect(await map.getByLabel('纬度').inputValue()).toBe('39.915')
  await map.getByLabel('经度').fill('200')
  await map.getByRole('button', { name: '确定' }).click()
  await map.getByText('经度须在 -180 到 180 之间').waitFor()
  await screenshot(page, 'training-map-dialog')
  await map.getByLabel('经度').fill('118.796877')
  await map.getByLabel('纬度').fill('32.060255')
  await map.getByRole('button', { name: '确定' }).click()
  await map.waitFor({ state: 'hidden' })
  expect(await page.getByRole('textbox', { name: '经纬度' }).inputValue()).toBe('118.796877,32.060255')
  await screenshot(page, 'training-editor-basic')

  await next(page)
  await expectSelectedTab(page, '培训日程')
  await page.getByRole('button', { name: '添加日程' }).click()
  const day1 = page.getByRole('group', { name: '日程 1' })
  await typeDate(day1.getByLabel('开始时间'), daysFromNow(10, 9))
  await typeDate(day1.getByLabel('结束时间'), daysFromNow(10, 12))
  await day1.getByLabel('日程内容').fill('开班式及专题讲座')
  await screenshot(page, 'training-editor-schedule')

  await next(page)
  await expectSelectedTab(page, '报名选项')
  await page.getByRole('checkbox', { name: '党政职务' }).check()
  await next(page)
  await toast(page, '请将报名选项填写完整').waitFor()
  await page.getByText('请输入党政职务填写提示').waitFor()
  await page.getByLabel('党政职务填写提示').fill('请填写现任党内职务')
  await page.getByRole('checkbox', { name: '填写示例' }).check()
  await page.getByRole('textbox', { name: '填写示例' }).fill('某某机关党委 组织科 科长')
  await screenshot(page, 'training-editor-signup-options')

  await next(page)
  await expectSelectedTab(page, '签到设置')
  await page.getByText('提示：签到时间建议设在培训开始前 30 分钟左右。').waitFor()
  // The only row cannot be removed; with two, either can.
  expect(await page.getByRole('button', { name: /^删除签到时间/ }).count()).toBe(0)
  await page.getByRole('button', { name: '添加签到时间' }).click()
  expect(await page.getByRole('button', { name: /^删除签到时间/ }).count()).toBe(2)
  await page.getByRole('button', { name: '删除签到时间 2' }).click()
  expect(await page.getByRole('button', { name: /^删除签到时间/ }).count()).toBe(0)
  await next(page)
  await toast(page, '请将签到设置填写完整').waitFor()
  await page.getByText('签到开始时间不能为空').waitFor()
  const signIn1 = page.getByRole('group', { name: '签到时间 1' })
  await typeDate(signIn1.getByLabel('签到开始时间'), daysFromNow(10, 8))
  await typeDate(signIn1.getByLabel('签到结束时间'), daysFromNow(10, 9))
  await screenshot(page, 'training-editor-sign-in')

  await next(page)
  await expectSelectedTab(page, '群二维码')
  // Saving now runs the tabs in the spec's order: the group QR code is the first one missing.
  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '请将群二维码填写完整').waitFor()
  const qrInput = page.getByTestId('file-上传群二维码')
  await qrInput.setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1) })
  await toast(page, '上传图片大小不能超过 1MB!').waitFor()
  await qrInput.setInputFiles({ name: 'group.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await toast(page, '只能上传 jpg、jpeg、png 格式的文件!').waitFor()
  // A PNG name on other bytes gets past the dialog; the server checks the content and refuses it.
  await qrInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  await toast(page, '文件 fake.png 的内容不是有效的 png 文件').waitFor()
  await qrInput.setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: await QRCode.toBuffer('https://example.org/group') })
  await page.getByRole('img', { name: '上传群二维码' }).waitFor()
  await screenshot(page, 'training-editor-group-qr')

  await next(page)
  await expectSelectedTab(page, '附件')
  await page.getByRole('button', { name: '添加附件' }).click()
  const attachmentInput = page.getByTestId('file-上传附件 1')
  await attachmentInput.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(20 * 1024 * 1024 + 1) })
  await toast(page, '上传附件大小不能超过 20MB!').waitFor()
  await attachmentInput.setInputFiles({ name: '报名回执.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
  await page.getByRole('button', { name: '报名回执.pdf' }).waitFor()
  expect(await page.getByRole('group', { name: '附件 1' }).getByLabel('附件名称').inputValue()).toBe('报名回执')
  expect(await page.getByRole('button', { name: '下一步' }).isDisabled()).toBe(true)
  await screenshot(page, 'training-editor-attachments')

  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '添加成功！').waitFor()
  await page.getByRole('table', { name: '培训班列表' }).waitFor()
  expect(routeOf(page)).toBe(LIST)
  const row = rowOf(page, NAME)
  await row.getByText('线上已审核').waitFor()
  // The list marks the training just added.
  expect(await row.getAttribute('data-highlighted')).toBe('true')
  await row.getByText('0 / 120').waitFor()
  // The demo province has trainings of its own; the totals follow the filters.
  await page.getByRole('search').getByLabel('培训名称').fill(NAME)
  await page.getByRole('button', { name: '查询' }).click()
  await page.getByLabel('合计').getByText('共 1 个培训班').waitFor()

  // Audit: the notice with its sign-up QR code; pass and publish → sign-up is open now.
  await row.getByRole('button', { name: '审核' }).click()
  const audit = page.getByRole('dialog', { name: '审核' })
  await audit.getByText(`关于举办${NAME}的通知`).waitFor()
  await audit.getByRole('img', { name: '报名二维码' }).waitFor()
  await screenshot(page, 'training-audit-dialog')
  await audit.getByRole('button', { name: '通过并发布' }).click()
  await toast(page, '操作成功！').waitFor()
  await rowOf(page, NAME).getByText('报名中').waitFor()
  await screenshot(page, 'training-list')

  // The status filter finds it under 报名中 and not under 新建.
  await chooseFilter(page, '状态', '新建')
  await page.getByRole('button', { name: '查询' }).click()
  await page.getByText('还没有数据').waitFor()
  await chooseFilter(page, '状态', '报名中')
  await page.getByRole('button', { name: '查询' }).click()
  await rowOf(page, NAME).waitFor()

  // Edit: every value comes back; the saved training's own tabs open.
  await rowOf(page, NAME).getByRole('button', { name: '编辑' }).click()
  await page.getByRole('heading', { name: '编辑培训班' }).waitFor()
  expect(await page.getByLabel('培训名称').inputValue()).toBe(NAME)
  expect(await page.getByLabel('班次类别').inputValue()).toBe('3')
  expect(await page.getByRole('textbox', { name: '经纬度' }).inputValue()).toBe('118.796877,32.060255')
  expect(await page.getByRole('textbox', { name: '导语' }).innerText()).toContain('履职能力')
  await page.getByRole('tab', { name: '报名选项' }).click()
  expect(await page.getByRole('checkbox', { name: '党政职务' }).isChecked()).toBe(true)
  expect(await page.getByLabel('党政职务填写提示').inputValue()).toBe('请填写现任党内职务')
  await page.getByRole('tab', { name: '附件' }).click()
  await page.getByRole('button', { name: '报名回执' }).waitFor()

  await page.getByRole('tab', { name: '报名二维码' }).click()
  await page.getByRole('img', { name: '报名二维码' }).waitFor()
  await page.getByText(/^http:\/\/127\.0\.0\.1:\d+\/m\/signup\?trainId=\d+&token=\w+$/).waitFor()
  // The embedded server is this machine only: the console says a phone cannot reach it.
  await page.getByText(/^当前为单机模式，二维码指向本机地址/).waitFor()
  await screenshot(page, 'training-editor-signup-qr')
  await page.getByRole('tab', { name: '签到二维码' }).click()
  await page.getByText('现在不在签到时间内，扫码无法签到。').waitFor()
  await page.getByRole('img', { name: '签到二维码' }).waitFor()
  await screenshot(page, 'training-editor-checkin-qr')
  await page.getByRole('button', { name: '投屏' }).click()
  await page.getByRole('img', { name: '签到二维码（投屏）' }).waitFor()
  await screenshot(page, 'training-editor-checkin-projection')
  await page.getByRole('button', { name: '退出投屏' }).click()
  await page.getByRole('tab', { name: '公文归档' }).click()
  await page.getByTestId('file-上传盖章公文').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
  await toast(page, '保存成功！').waitFor()
  await page.getByRole('button', { name: `${NAME}-盖章公文.pdf` }).waitFor()
  await screenshot(page, 'training-editor-archive')
  await page.getByRole('tab', { name: '已报名人员' }).click()
  await page.getByText('已报名 0 人（最多 120 人）。').waitFor()
  await page.getByText('还没有数据').waitFor()
  await screenshot(page, 'training-editor-signed-up')
  // 生成文件 says what it made, by name, with a way to save it.
  await page.getByRole('button', { name: '生成文件' }).click()
  await toast(page, `已生成文件：关于举办${NAME}的通知.docx`).waitFor()
  const made = page.getByRole('group', { name: '已生成文件' })
  await made.getByText(`关于举办${NAME}的通知.docx`).waitFor()
  await screenshot(page, 'training-editor-generated-file')
  const [saved] = await Promise.all([page.waitForEvent('download'), made.getByRole('button', { name: '另存为…' }).click()])
  expect(saved.suggestedFilename()).toBe(`关于举办${NAME}的通知.docx`)

  await page.getByRole('tab', { name: '基本信息' }).click()
  await page.getByLabel('培训名称').fill(RENAMED)
  // Leaving with unsaved changes asks first; cancelling stays on the page with the change.
  await page.getByRole('button', { name: '返回' }).click()
  await page.getByRole('dialog').getByText('有未保存的修改，确定要离开吗？').waitFor()
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
  await toast(page, '已取消').waitFor()
  expect(await page.getByLabel('培训名称').inputValue()).toBe(RENAMED)
  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '修改成功！').waitFor()
  await rowOf(page, RENAMED).waitFor()

  // Delete: cancelling keeps it, confirming removes it.
  await rowOf(page, RENAMED).getByRole('button', { name: `更多操作：${RENAMED}` }).click()
  await page.getByRole('menuitem', { name: '删除' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
  await toast(page, '已取消删除').waitFor()
  await rowOf(page, RENAMED).waitFor()
  await rowOf(page, RENAMED).getByRole('button', { name: `更多操作：${RENAMED}` }).click()
  await page.getByRole('menuitem', { name: '删除' }).click()
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
  await toast(page, '删除成功!').waitFor()
  await rowOf(page, RENAMED).waitFor({ state: 'detached' })
}, 120_000)

it('offers a member-linked account only its own organisation as host unit', async () => {
  const { page } = consoleTabs.tab
  const { orgadmin } = demoAccounts
  await page.getByRole('img', { name: '验证码' }).waitFor()
  await signIn(page, orgadmin.username, orgadmin.password)
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  await goToRoute(page, '/trainingManagement/trainAdd')
  const host = page.getByLabel('主办单位')
  await host.locator('option', { hasText: orgadmin.member.topOrgName }).waitFor({ state: 'attached' })
  const options = await host.locator('option').allInnerTexts()
  expect(options).toEqual(['请选择主办单位', orgadmin.member.topOrgName])
  expect(await host.inputValue()).not.toBe('')
})

it('says why the map cannot load and still takes typed coordinates', async () => {
  const { page } = consoleTabs.tab
  // A configured provider that cannot be reached (and that the renderer's CSP refuses).
  process.env.MAP_SCRIPT_URL = 'http://127.0.0.1:9/map.js'
  try {
    await page.getByRole('img', { name: '验证码' }).waitFor()
    await signIn(page, admin.username, admin.password)
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
    await goToRoute(page, '/trainingManagement/trainAdd')
    await page.getByRole('button', { name: '选择位置' }).click()
    const map = page.getByRole('dialog', { name: '选择经纬度' })
    await map.getByText('百度地图脚本加载失败。可直接输入经纬度。').waitFor()
    await map.getByRole('button', { name: '确定' }).click()
    await map.waitFor({ state: 'hidden' })
    expect(await page.getByRole('textbox', { name: '经纬度' }).inputValue()).toBe('116.404,39.915')
  } finally {
    delete process.env.MAP_SCRIPT_URL
  }
  // The browser reports the refused script; that refusal is the case under test.
  const { errors } = consoleTabs.tab
  errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('127.0.0.1:9/map.js')))
})
