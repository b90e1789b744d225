import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { MemberListItem } from '../../src-shared/schemas/member'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { goToRoute, screenshot, toast } from '../support/browser'
import { useSignedInConsole } from '../support/console-tabs'
import { validTrainForm } from '../support/training'

/**
 * The sign-up screens in Chromium against the real server: a training made for the
 * test (conference options 12, 13, 15 and 16 ticked, sign-up open now), people added,
 * edited, exported, imported, deleted and signing themselves up, and the statistics.
 */

const OPTIONS = [1, 2, 4, 5, 11, 12, 13, 15, 16]

let training: TrainDetail
let members: MemberListItem[]



async function createTraining(): Promise<TrainDetail> {
  const created = await core('train.create', validTrainForm({ name: '第一期党支部书记培训班（报名测试）', maxNum: 30, signUpOptions: OPTIONS }))
  await core('train.audit', { id: created.id, status: 30 })
  return core('train.get', { id: created.id })
}

/** Saves the browser download a click starts and reads its first sheet. */
async function downloadWorkbook(page: Page, click: () => Promise<void>): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const file = join(ui.workDir, download.suggestedFilename())
  await download.saveAs(file)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('the workbook has no sheet')
  return sheet
}

function columnTexts(sheet: ExcelJS.Worksheet, header: string): string[] {
  const col = (sheet.getRow(1).values as unknown[]).indexOf(header)
  const texts: string[] = []
  sheet.eachRow((row, line) => line > 1 && texts.push(row.getCell(col).text))
  return texts
}

const ui = useSignedInConsole(async ({ core }) => {
  training = await createTraining()
  members = (await core('member.list', { pageSize: 20, enabled: true })).records
  expect(members.length).toBeGreaterThanOrEqual(3)
})
const core = ui.core

const signUpRows = () => ui.tab.page.getByRole('table', { name: '报名人员列表' }).getByRole('row')

describe('sign-up list of a training', () => {
  it('opens from its address with the training, the count and an empty list', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/trainingManagement/viewPeople?id=${training.id}`)
    await page.getByRole('heading', { name: `报名人员：${training.name}` }).waitFor()
    await page.getByText('已报名 0 / 30 人').waitFor()
    await page.getByText('还没有数据').waitFor()
    await screenshot(page, 'signups-empty')
  })

  it('adds a person: first without choosing (请先选择用户), then the chosen member', async () => {
    const { page } = ui.tab
    const person = members[0]
    const dialog = page.getByRole('dialog', { name: '添加报名人员' })
    const closing = page.getByRole('dialog').filter({ hasText: '有未保存的修改，确定要关闭吗？' })
    // Nobody chosen: Esc closes at once.
    await page.getByRole('button', { name: '添加人员' }).click()
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await closing.count()).toBe(0)
    await page.getByRole('button', { name: '添加人员' }).click()
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '请先选择用户').waitFor()
    await dialog.getByRole('button', { name: '选择用户' }).click()
    const selector = page.getByRole('dialog', { name: '选择用户' })
    await selector.getByLabel('姓名').fill(person.name)
    await selector.getByRole('button', { name: '查询' }).click()
    await selector.getByRole('row').filter({ hasText: person.telephone }).getByRole('button', { name: '选择' }).click()
    await selector.waitFor({ state: 'hidden' })
    expect(await dialog.getByRole('textbox').inputValue()).toContain(person.telephone)
    await screenshot(page, 'signups-add-dialog')
    // A member chosen but not added: the focus is back in the dialog (on 选择用户), Esc asks, and 取消 there keeps the choice.
    await expect.poll(() => dialog.getByRole('button', { name: '选择用户' }).evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await closing.waitFor()
    await closing.getByRole('button', { name: '取消' }).click()
    await toast(page, '已取消').waitFor()
    expect(await dialog.getByRole('textbox').inputValue()).toContain(person.telephone)
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await signUpRows().filter({ hasText: person.telephone }).waitFor()
    await page.getByText('已报名 1 / 30 人').waitFor()
  })

  it('edits the person: an emptied required field shows its prompt, conference items only as ticked, then 修改成功！', async () => {
    const { page } = ui.tab
    const person = members[0]
    await signUpRows().filter({ hasText: person.telephone }).getByRole('button', { name: '修改' }).click()
    const dialog = page.getByRole('dialog', { name: '修改报名信息' })
    await dialog.getByLabel('单位名称').fill('')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请输入单位名称').waitFor()
    // Options 12, 13, 15, 16 are ticked: their items are asked for; 14 and 17–20 are not.
    await dialog.getByText('请选择到达方式').waitFor()
    await dialog.getByText('请选择到达时间').waitFor()
    expect(await dialog.getByText('集中接送').count()).toBe(0)
    expect(await dialog.getByText('驾驶员住宿').count()).toBe(0)
    await screenshot(page, 'signups-edit-invalid')

    await dialog.getByLabel('单位名称').fill('省财政厅')
    await dialog.getByLabel('所在部门').fill('预算处')
    await dialog.getByLabel(/^职务/).fill('处长')
    await dialog.getByLabel('党内职务').fill('支部书记')
    await dialog.getByLabel('任现职时间').fill('2020-05')
    // The month and date pickers read what was typed when the box is left.
    await dialog.getByLabel('任现职时间').press('Tab')
    await dialog.getByLabel('任同职级年限').fill('3')
    await dialog.getByLabel('身份证号').fill('32010219900101234x')
    await dialog.getByRole('radio', { name: '男' }).check()
    await dialog.getByRole('radio', { name: '集中前往' }).check()
    await dialog.getByLabel('到达时间').fill('2026-12-01T09:30')
    await dialog.getByLabel('到达时间').press('Tab')
    await dialog.getByRole('radiogroup', { name: '住宿' }).getByRole('radio', { name: '是' }).check()
    await dialog.getByLabel('车次或航班号').fill('G7001')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '修改成功！').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await signUpRows().filter({ hasText: '省财政厅 预算处 处长' }).waitFor()
  })

  it('expands the row to the conference items the training asks for', async () => {
    const { page } = ui.tab
    const person = members[0]
    await signUpRows().filter({ hasText: person.telephone }).getByRole('button', { name: '展开详情' }).click()
    const details = page.getByRole('region', { name: `${person.name}的报名详情` })
    await details.getByText('集中前往').waitFor()
    await details.getByText('2026-12-01 09:30:00').waitFor()
    await details.getByText('G7001').waitFor()
    await details.getByText('32010219900101234X').waitFor()
    expect(await details.getByText('集中接送').count()).toBe(0)
    expect(await details.getByText('驾驶员住宿').count()).toBe(0)
    await screenshot(page, 'signups-expanded')
  })

  it('filters by name and by organisation (found by part of its name in the organisation picker)', async () => {
    const { page } = ui.tab
    const person = members[0]
    const search = page.getByRole('search')
    await search.getByLabel('姓名').fill('没有这个人')
    await search.getByRole('button', { name: '查询' }).click()
    await page.getByText('还没有数据').waitFor()
    await search.getByLabel('姓名').fill('')
    const orgFilter = search.getByLabel('所在组织')
    await orgFilter.click()
    const picker = page.getByRole('dialog', { name: '选择组织' })
    await picker.getByLabel('搜索组织名称').fill(person.orgName!.slice(0, 3))
    await picker.getByRole('option').filter({ hasText: person.orgName! }).first().click()
    expect(await orgFilter.inputValue()).toBe(person.orgName)
    await search.getByRole('button', { name: '查询' }).click()
    await signUpRows().filter({ hasText: person.telephone }).waitFor()
    await search.getByRole('button', { name: '重置' }).click()
    await expect.poll(() => orgFilter.inputValue()).toBe('')
  })

  it('exports the roster as a workbook with the person in it', async () => {
    const { page } = ui.tab
    const sheet = await downloadWorkbook(page, () => page.getByRole('button', { name: '导出名单' }).click())
    await toast(page, '下载成功').waitFor()
    expect(columnTexts(sheet, '姓名')).toEqual([members[0].name])
    expect(columnTexts(sheet, '车次或航班号')).toEqual(['G7001'])
  })

  /** A roster of three rows: one good (members[1]), a wrong number, and members[1] again. */
  const rosterWithBadRows = () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('名单').addRows([
      ['姓名', '手机号'],
      [members[1].name, members[1].telephone],
      ['错号码', '12345'],
      [members[1].name, members[1].telephone],
    ])
    return workbook
  }

  it('checks a roster with bad rows: lists each with its reason, imports nothing on 取消', async () => {
    const { page } = ui.tab
    const file = join(ui.workDir, 'roster-bad.xlsx')
    await rosterWithBadRows().xlsx.writeFile(file)

    await page.getByRole('button', { name: '导入名单' }).click()
    const dialog = page.getByRole('dialog', { name: '导入名单' })
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: '选择文件' }).click()])
    await chooser.setFiles(file)
    await dialog.getByText('共 3 行：有效 1 行，有误 2 行。导入时将跳过有误的行').waitFor()
    const issues = dialog.getByRole('table', { name: '有误的行' })
    await issues.getByRole('row').filter({ hasText: '第 3 行' }).getByText('手机号格式错误').waitFor()
    await issues.getByRole('row').filter({ hasText: '第 4 行' }).getByText(`手机号 ${members[1].telephone} 与第2行重复`).waitFor()
    await screenshot(page, 'signups-import-check')
    const viewport = page.viewportSize()
    await page.setViewportSize({ width: 1440, height: 900 })
    await screenshot(page, 'signups-import-check-1440')
    if (viewport) await page.setViewportSize(viewport)
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await signUpRows().filter({ hasText: members[1].telephone }).count()).toBe(0)
    await page.getByText('已报名 1 / 30 人').waitFor()
  })

  it('imports the good rows of that roster when asked (导入有效行), and says what it did', async () => {
    const { page } = ui.tab
    const file = join(ui.workDir, 'roster-bad.xlsx')
    await page.getByRole('button', { name: '导入名单' }).click()
    const dialog = page.getByRole('dialog', { name: '导入名单' })
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: '选择文件' }).click()])
    await chooser.setFiles(file)
    await dialog.getByText('共 3 行：有效 1 行，有误 2 行。导入时将跳过有误的行').waitFor()
    await dialog.getByRole('button', { name: '导入有效行' }).click()
    await toast(page, '导入完成：成功 1 人，跳过 2 行').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await signUpRows().filter({ hasText: members[1].telephone }).waitFor()
    await page.getByText('已报名 2 / 30 人').waitFor()
  })

  it('deletes with a confirmation: cancel keeps the person, confirm removes them', async () => {
    const { page } = ui.tab
    const row = () => signUpRows().filter({ hasText: members[1].telephone })
    await row().getByRole('button', { name: '删除' }).click()
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要删除当前人员吗?' })
    await screenshot(page, 'signups-delete-confirm')
    await confirm.getByRole('button', { name: '取消' }).click()
    await toast(page, '已取消删除').waitFor()
    // Still listed once the dialog has gone (while it is open the page behind is hidden from the accessibility tree).
    await expect.poll(() => row().count()).toBe(1)
    await row().getByRole('button', { name: '删除' }).click()
    await confirm.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功!').waitFor()
    await row().waitFor({ state: 'detached' })
    await page.getByText('已报名 1 / 30 人').waitFor()
  })
})

describe('a member signs up from the sign-up link', () => {
  it('signs up an existing member by telephone, who then appears in the list', async () => {
    const person = members[2]
    const phone = await ui.tab.page.context().newPage()
    try {
      // The server gives the link absolute, as the sign-up QR code encodes it.
      await phone.goto(training.signUpLink)
      await phone.getByRole('textbox', { name: '手机号 *' }).fill(person.telephone)
      await phone.getByLabel('姓名').fill(person.name)
      await phone.getByLabel('性别').selectOption({ label: '女' })
      await phone.getByLabel('单位').fill('省委组织部')
      await phone.getByLabel('部门').fill('干部处')
      await phone.getByLabel(/^职务/).fill('科员')
      await phone.getByLabel('身份证号').fill('32010219900101234X')
      await phone.getByLabel('到达方式').selectOption({ label: '自行前往' })
      await phone.getByLabel('到达时间').fill('2026-12-01T08:30')
      await phone.getByLabel('是否需要住宿').selectOption({ label: '否' })
      await phone.getByLabel('车次或航班号').fill('自驾')
      await phone.getByRole('button', { name: '提交报名' }).click()
      await phone.getByText(/报名成功/).waitFor()
      await screenshot(phone, 'signups-member-page')
    } finally {
      await phone.close()
    }
    const { page } = ui.tab
    await page.getByRole('button', { name: '查询' }).click()
    await signUpRows().filter({ hasText: person.telephone }).waitFor()
    await signUpRows().filter({ hasText: person.telephone }).getByText('本人报名').waitFor()
  })
})

describe('check-in list', () => {
  it('shows the counts and the venue QR code', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/trainingManagement/checkIns?id=${training.id}`)
    await page.getByRole('heading', { name: `签到情况：${training.name}` }).waitFor()
    await page.getByText('已报名 2 人').waitFor()
    await page.getByText('已签到 0 人').waitFor()
    await page.getByRole('button', { name: '签到二维码' }).click()
    const dialog = page.getByRole('dialog', { name: '签到二维码' })
    await dialog.getByRole('img', { name: '签到二维码' }).waitFor()
    await dialog.getByText(/\/m\/checkin\?/).waitFor()
    await screenshot(page, 'checkins-qr')
    await dialog.getByRole('button', { name: '关闭' }).click()
  })
})

describe('sign-up statistics', () => {
  it('filters by name and training, and exports what is shown', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/trainingManagement/signUpStatistics')
    await page.getByRole('heading', { name: '报名统计' }).waitFor()
    const table = page.getByRole('table', { name: '报名统计列表' })
    await page.getByLabel('姓名').fill(members[0].name)
    await page.getByRole('combobox', { name: '培训班' }).click()
    await page.getByRole('option', { name: training.name }).click()
    await page.getByRole('button', { name: '查询' }).click()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await table.getByRole('row').filter({ hasText: members[0].telephone }).waitFor()
    await screenshot(page, 'signup-statistics')
    const sheet = await downloadWorkbook(page, () => page.getByRole('button', { name: '导出' }).click())
    await toast(page, '下载成功').waitFor()
    expect(columnTexts(sheet, '姓名')).toEqual([members[0].name])
  })
})
