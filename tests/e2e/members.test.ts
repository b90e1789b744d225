import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Page as ListPage } from '../../src-shared/schemas/common'
import type { Member, MemberListItem } from '../../src-shared/schemas/member'
import { openDatabase } from '../../src-server/db/connect'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, screenshot, SHOTS_DIR, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'
import { signUpMembers } from '../support/exam'
import { allMatch } from '../support/filtered'
import { joined, PdfFile } from '../support/pdf-tools'

const { admin } = demoAccounts

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** 预算处党支部 of the demo province (orgadmin's branch). */
const BRANCH_CODE = '320101002001001'

const ui = useConsoleTabs()
let files: string

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'e2e-members-'))
})

afterAll(async () => {
  await rm(files, { recursive: true, force: true })
})

beforeEach(async () => {
  const { page } = ui.tab
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
  await goToRoute(page, '/organization/member')
  await page.getByRole('table', { name: '党员列表' }).getByRole('row').nth(1).waitFor()
})

/** Members named `name` as the server has them (signed in through the same core as the page). */
async function membersNamed(name: string): Promise<ListPage<MemberListItem>> {
  const result = await ui.app.host.core.dispatch('member.list', { name })
  if (!result.ok) throw new Error(result.error.message)
  return result.data as ListPage<MemberListItem>
}

/** A core method's answer, called as the page's own core would (signed in as the page is). */
async function coreCall<T>(method: string, input: unknown): Promise<T> {
  const result = await ui.app.host.core.dispatch(method, input)
  if (!result.ok) throw new Error(result.error.message)
  return result.data as T
}

/** The whole record of the first member with that name (list rows are summaries). */
async function memberNamed(name: string): Promise<Member> {
  const [first] = (await membersNamed(name)).records
  const result = await ui.app.host.core.dispatch('member.get', { id: first.id })
  if (!result.ok) throw new Error(result.error.message)
  return result.data as Member
}

/** The stored password hash of a member, read from the embedded server's SQLite file (no route shows it). */
async function storedPasswordHash(name: string): Promise<string | null> {
  const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
  try {
    return (await db.selectFrom('member').select('pwdHash').where('name', '=', name).executeTakeFirstOrThrow()).pwdHash
  } finally {
    await db.destroy()
  }
}

/** The first page of members by name as the server sorts them (the list's default page size). */
async function firstPageNames(order: 'asc' | 'desc'): Promise<string[]> {
  const result = await ui.app.host.core.dispatch('member.list', { orderBy: 'name', order, pageSize: 10 })
  if (!result.ok) throw new Error(result.error.message)
  return (result.data as ListPage<MemberListItem>).records.map((m) => m.name)
}

/** The texts of one column of a table, row by row, found by its header. */
function columnTexts(table: Locator, title: string): Promise<string[]> {
  return table.evaluate((element, title) => {
    const column = [...(element.querySelector('thead tr')?.children ?? [])].findIndex((cell) => cell.textContent?.trim() === title)
    return [...element.querySelectorAll('tbody tr')].map((tr) => tr.children[column]?.textContent?.trim() ?? '')
  }, title)
}

const memberRow = (page: Page, text: string) => page.getByRole('table', { name: '党员列表' }).getByRole('row').filter({ hasText: text })
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor()

async function filterByName(page: Page, name: string): Promise<void> {
  await page.getByLabel('姓名', { exact: true }).fill(name)
  await page.getByRole('button', { name: '查询' }).click()
}

/** Picks an organisation in an OrgTreeSelect through its name search. */
async function pickOrg(page: Page, field: Locator, search: string, name: string): Promise<void> {
  await field.click()
  const picker = page.getByRole('dialog', { name: '选择组织' })
  await picker.getByLabel('搜索组织名称').fill(search)
  await picker.getByRole('option').filter({ hasText: name }).first().click()
}

/** Answers the next file chooser the page opens with `path`. */
async function chooseFile(page: Page, open: () => Promise<void>, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await open()
  await (await chooser).setFiles(path)
}

async function saveDownload(page: Page, start: () => Promise<void>, name: string): Promise<{ path: string; suggested: string }> {
  const download = page.waitForEvent('download')
  await start()
  const done = await download
  const path = join(files, name)
  await done.saveAs(path)
  return { path, suggested: done.suggestedFilename() }
}

/** The 姓名 column of an exported member workbook. */
async function exportedNames(path: string): Promise<string[]> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(path)
  const sheet = book.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1)
  expect(header).toContain('姓名')
  const nameColumn = header.indexOf('姓名') + 1
  const names: string[] = []
  sheet.eachRow((row, n) => n > 1 && names.push(String(row.getCell(nameColumn).value)))
  return names
}

describe('party member management', () => {
  it('refuses a bad phone, adds the fixed member with avatar, finds, disables, enables and deletes it', async () => {
    const { page } = ui.tab
    await page.getByRole('button', { name: '新增' }).click()
    const dialog = page.getByRole('dialog', { name: '新增党员' })
    await dialog.getByLabel('姓名').fill('测试党员甲')
    await dialog.getByRole('radio', { name: '男' }).check()
    await dialog.getByLabel('手机号').fill('12345678901')
    await pickOrg(page, dialog.getByLabel('所属组织'), '预算处', '预算处党支部')
    await dialog.getByLabel('密码').fill('Member@123')

    // The avatar is checked before sending: too large, then a real PNG that is shown.
    const big = join(files, 'big.png')
    await writeFile(big, Buffer.alloc(1024 * 1024 + 1))
    await chooseFile(page, () => dialog.getByRole('button', { name: '上传头像' }).click(), big)
    await toast(page, '上传图片大小不能超过 1MB!')
    const gif = join(files, 'photo.gif')
    await writeFile(gif, PNG)
    await chooseFile(page, () => dialog.getByRole('button', { name: '上传头像' }).click(), gif)
    await toast(page, '只能上传 jpg、jpeg、png 格式的文件!')
    const png = join(files, 'photo.png')
    await writeFile(png, PNG)
    await chooseFile(page, () => dialog.getByRole('button', { name: '上传头像' }).click(), png)
    await dialog.getByRole('img', { name: '已上传的图片' }).waitFor()

    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('手机号格式错误').waitFor()
    await screenshot(page, 'member-dialog-errors')
    expect((await membersNamed('测试党员甲')).total).toBe(0)

    await dialog.getByLabel('手机号').fill('13912345678')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '添加成功！')
    // The new member is shown and marked, whichever page of the list it falls on.
    expect(await memberRow(page, '13912345678').getAttribute('data-highlighted')).toBe('true')
    const saved = await memberNamed('测试党员甲')
    expect(saved).toMatchObject({ telephone: '13912345678', orgName: '预算处党支部', gender: 1, nation: '汉族', enabled: true })
    expect(saved.avatarUrl).toMatch(/\.png$/)

    await filterByName(page, '测试党员甲')
    const row = memberRow(page, '13912345678')
    await row.getByText('启用').waitFor()
    // Header and the one match.
    await expect.poll(() => page.getByRole('table', { name: '党员列表' }).getByRole('row').count()).toBe(2)

    await row.getByRole('button', { name: '停用' }).click()
    await row.getByText('停用', { exact: true }).first().waitFor()
    await row.getByRole('button', { name: '启用' }).waitFor()
    expect((await membersNamed('测试党员甲')).records[0].enabled).toBe(false)
    await row.getByRole('button', { name: '启用' }).click()
    await row.getByRole('button', { name: '停用' }).waitFor()
    expect((await membersNamed('测试党员甲')).records[0].enabled).toBe(true)

    await row.getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog').getByText('确定要删除当前人员吗?').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await toast(page, '已取消删除')
    expect((await membersNamed('测试党员甲')).total).toBe(1)

    // A ticked member leaves the selection when it is deleted.
    await row.getByRole('checkbox', { name: '选择此行' }).check()
    await page.getByText('已选择 1 人').waitFor()
    await row.getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功!')
    await page.getByText('还没有数据').waitFor()
    await page.getByText('已选择 0 人').waitFor()
    expect((await membersNamed('测试党员甲')).total).toBe(0)
  })

  it('deletes a member with sign-ups only after saying that they go with the member', async () => {
    const { page } = ui.tab
    const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
    try {
      const branch = await db.selectFrom('org').select(['id', 'path', 'topOrgId']).where('orgCode', '=', BRANCH_CODE).executeTakeFirstOrThrow()
      const at = '2026-03-02 09:00:00'
      const { id } = await db
        .insertInto('member')
        .values({ name: '报名党员乙', telephone: '13900002424', orgId: branch.id, orgPath: branch.path, topOrgId: branch.topOrgId, createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      const trainings = await db.selectFrom('train').select('id').orderBy('id').limit(3).execute()
      for (const training of trainings) await signUpMembers(db, training.id, [{ id }])
    } finally {
      await db.destroy()
    }
    await filterByName(page, '报名党员乙')
    const row = memberRow(page, '13900002424')
    await row.getByRole('button', { name: '删除' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('确定要删除当前人员吗?').waitFor()
    await dialog.getByText('将同时删除其 3 条报名记录。').waitFor()
    await screenshot(page, 'member-delete-with-sign-ups')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功!')
    expect((await membersNamed('报名党员乙')).total).toBe(0)
  })

  it('edits a member: the dialog shows the record, an empty password keeps the old one', async () => {
    const { page } = ui.tab
    // Demo members have no password: give this one one first.
    const [member] = (await membersNamed('马建国')).records
    const set = await ui.app.host.core.dispatch('member.update', { id: member.id, pwd: 'Member@123' })
    expect(set.ok).toBe(true)
    const before = await storedPasswordHash('马建国')
    expect(before).toBeTruthy()
    const { idcard } = await memberNamed('马建国')
    expect(idcard).toBeTruthy()
    await filterByName(page, '马建国')
    const row = memberRow(page, '马建国')
    await row.waitFor()
    await row.getByRole('button', { name: '编辑' }).click()
    const dialog = page.getByRole('dialog', { name: '编辑党员' })
    expect(await dialog.getByLabel('姓名').inputValue()).toBe('马建国')
    expect(await dialog.getByLabel('所属组织').inputValue()).toBe('预算处党支部')
    // List rows are summaries without the ID card: the dialog has read the whole record.
    expect(await dialog.getByLabel('身份证号').inputValue()).toBe(idcard)
    expect(await dialog.getByLabel('密码').inputValue()).toBe('')
    await dialog.getByText('留空则不修改密码').waitFor()
    await dialog.getByLabel('手机号').fill('13900000099')
    await dialog.getByLabel('同职级年限').fill('0')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('同职级年限最小为 1').waitFor()
    await dialog.getByLabel('同职级年限').fill('')
    await dialog.getByRole('button', { name: '确定' }).click()
    await toast(page, '修改成功！')
    await row.getByText('13900000099').waitFor()
    expect(await memberNamed('马建国')).toMatchObject({ telephone: '13900000099', sameTenureYear: null })
    expect(await storedPasswordHash('马建国')).toBe(before)
  })

  it('keeps the selection across pages and filters by organisation', async () => {
    const { page } = ui.tab
    const table = page.getByRole('table', { name: '党员列表' })
    await table.getByRole('checkbox', { name: '选择此行' }).first().check()
    await page.getByRole('button', { name: '下一页' }).click()
    await table.getByRole('checkbox', { name: '选择此行' }).nth(1).check()
    await page.getByText('已选择 2 人').waitFor()
    await page.getByRole('button', { name: '上一页' }).click()
    await expect.poll(() => table.getByRole('checkbox', { name: '选择此行' }).first().isChecked()).toBe(true)
    await page.getByText('已选择 2 人').waitFor()

    // Picked from the lazy tree: the top organisation's whole subtree.
    const orgFilter = page.getByRole('search').getByLabel('组织')
    await orgFilter.click()
    const picker = page.getByRole('dialog', { name: '选择组织' })
    await picker.getByRole('row').filter({ hasText: '1 省直机关工委' }).getByRole('button', { name: '展开' }).click()
    await picker.getByRole('row').filter({ hasText: '2 省财政厅机关党委' }).waitFor()
    await screenshot(page, 'org-tree-select')
    await picker.getByRole('row').filter({ hasText: '2 省财政厅机关党委' }).click()
    expect(await orgFilter.inputValue()).toBe('省财政厅机关党委')
    await page.getByRole('button', { name: '查询' }).click()
    const rowTexts = () => table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.textContent ?? ''))
    await expect.poll(async () => allMatch(await rowTexts(), (text) => text.includes('省财政厅机关党委'))).toBe(true)

    // Picked by name search: one branch.
    await pickOrg(page, orgFilter, '预算处', '预算处党支部')
    await page.getByRole('button', { name: '查询' }).click()
    await memberRow(page, demoAccounts.orgadmin.member.name).waitFor()
    await expect.poll(async () => allMatch(await rowTexts(), (text) => text.includes('预算处党支部'))).toBe(true)
    expect((await rowTexts()).length).toBeGreaterThan(0)
  })

  it('imports a workbook: reports the bad row in Chinese, offers the error workbook, commits the good rows', async () => {
    const { page } = ui.tab
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('党员')
    // The organisation as a clerk names it: by name, or by its path.
    sheet.addRow(['姓名*', '性别*', '民族*', '手机号*', '所属组织*', '初始密码'])
    sheet.addRow(['导入党员一', '男', '汉族', '13700000001', '预算处党支部', 'Import@123'])
    sheet.addRow(['导入党员二', '女', '回族', '123', '预算处党支部', ''])
    sheet.addRow(['导入党员三', '女', '汉族', '13700000003', '机关第一党总支/预算处党支部', ''])
    const roster = join(files, 'roster.xlsx')
    await workbook.xlsx.writeFile(roster)

    await page.getByRole('button', { name: '导入' }).click()
    const dialog = page.getByRole('dialog', { name: '导入党员' })
    await chooseFile(page, () => dialog.getByRole('button', { name: '选择文件' }).click(), roster)
    await dialog.getByText('共 3 行：有效 2 行，有误 1 行。导入时将跳过有误的行').waitFor()
    const issue = dialog.getByRole('table', { name: '有误的行' }).getByRole('row').filter({ hasText: '第 3 行' })
    await issue.getByText('手机号').first().waitFor()
    await issue.getByText('手机号格式错误').waitFor()
    await screenshot(page, 'member-import-report')
    // The check wrote nothing.
    expect((await membersNamed('导入党员')).total).toBe(0)

    const report = await saveDownload(page, () => dialog.getByRole('button', { name: '下载错误报告' }).click(), 'errors.xlsx')
    expect(report.suggested).toBe('党员导入错误报告.xlsx')
    const errors = new ExcelJS.Workbook()
    await errors.xlsx.readFile(report.path)
    const errorText = errors.worksheets.flatMap((ws) => ws.getSheetValues().flat().map(String)).join(' ')
    expect(errorText).toContain('导入党员二')
    expect(errorText).toContain('手机号格式错误')

    await dialog.getByRole('button', { name: '导入有效行' }).click()
    await toast(page, '导入完成：成功 2 人，跳过 1 行')
    const imported = await membersNamed('导入党员')
    expect(imported.records.map((m) => m.name).sort()).toEqual(['导入党员一', '导入党员三'])
  })

  it('exports the filtered list, then only the selection, and the template as workbooks', async () => {
    const { page } = ui.tab
    await filterByName(page, '张')
    await memberRow(page, '张伟').waitFor()
    const expected = await membersNamed('张')

    const exported = await saveDownload(page, () => page.getByRole('button', { name: '导出' }).click(), 'export.xlsx')
    expect(exported.suggested).toBe('党员名单.xlsx')
    await toast(page, '下载成功')
    const names = await exportedNames(exported.path)
    expect(names.sort()).toEqual(expected.records.map((m) => m.name).sort())
    expect(names.every((name) => name.startsWith('张'))).toBe(true)

    // With members ticked only they go out, whatever the filters match.
    const [picked] = expected.records
    await memberRow(page, picked.telephone).getByRole('checkbox', { name: '选择此行' }).check()
    await page.getByText('已选择 1 人').waitFor()
    const selection = await saveDownload(page, () => page.getByRole('button', { name: '导出' }).click(), 'selection.xlsx')
    expect(await exportedNames(selection.path)).toEqual([picked.name])

    await page.getByRole('button', { name: '导入' }).click()
    const template = await saveDownload(page, () => page.getByRole('dialog', { name: '导入党员' }).getByText('下载导入模板').click(), 'template.xlsx')
    expect(template.suggested).toBe('党员导入模板.xlsx')
    const templateBook = new ExcelJS.Workbook()
    await templateBook.xlsx.readFile(template.path)
    expect((templateBook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toContain('姓名*')
  })

  it('sorts by a column on the server, hides a column and makes the rows compact from the list tools, and finds all three again after a reload (刷新 keeps the rows)', async () => {
    const { page } = ui.tab
    const table = page.getByRole('table', { name: '党员列表' })
    const header = table.getByRole('columnheader', { name: '手机号' })
    const rowHeight = async () => (await table.getByRole('row').nth(1).boundingBox())?.height ?? 0
    await header.waitFor()
    const roomy = await rowHeight()

    await page.getByRole('button', { name: '列设置' }).click()
    await page.getByRole('menuitemcheckbox', { name: '手机号' }).click()
    await page.keyboard.press('Escape')
    await header.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: '密度' }).click()
    await page.getByRole('menuitemradio', { name: '紧凑' }).click()
    await expect.poll(rowHeight).toBeLessThan(roomy)

    // 姓名 sorts on the server: a click ascending, a second descending; the header says which.
    const nameHeader = table.getByRole('columnheader', { name: '姓名' })
    const unsorted = await columnTexts(table, '姓名')
    await nameHeader.click()
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending')
    await expect.poll(() => columnTexts(table, '姓名')).toEqual(await firstPageNames('asc'))
    await nameHeader.click()
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending')
    const descending = await firstPageNames('desc')
    expect(descending).not.toEqual(unsorted)
    await expect.poll(() => columnTexts(table, '姓名')).toEqual(descending)
    await screenshot(page, 'members-list-tools')

    await page.getByRole('button', { name: '刷新' }).click()
    await table.getByRole('row').nth(1).waitFor()
    await page.reload()
    await table.getByRole('row').nth(1).waitFor()
    expect(await header.count()).toBe(0)
    await expect.poll(rowHeight).toBeLessThan(roomy)
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending')
    await expect.poll(() => columnTexts(table, '姓名')).toEqual(descending)

    // A third click gives the list its own order again.
    await nameHeader.click()
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('none')
    await expect.poll(() => columnTexts(table, '姓名')).toEqual(unsorted)

    // Back as it was, for the other tests of this console.
    await page.getByRole('button', { name: '列设置' }).click()
    await page.getByRole('menuitemcheckbox', { name: '手机号' }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: '密度' }).click()
    await page.getByRole('menuitemradio', { name: '宽松' }).click()
    await header.waitFor()
  })

  it('打印 prints the list as filtered — every page, the visible columns — as a vector PDF the browser opens to print', async () => {
    const { page } = ui.tab
    const table = page.getByRole('table', { name: '党员列表' })
    // 手机号 hidden: it is not printed.
    await page.getByRole('button', { name: '列设置' }).click()
    await page.getByRole('menuitemcheckbox', { name: '手机号' }).click()
    await page.keyboard.press('Escape')
    await table.getByRole('columnheader', { name: '手机号' }).waitFor({ state: 'detached' })
    await pickOrg(page, page.getByRole('search').getByLabel('组织'), '财政厅', '省财政厅机关党委')
    await page.getByRole('button', { name: '查询' }).click()
    const [org] = await coreCall<{ id: number }[]>('org.search', { name: '省财政厅机关党委', limit: 5 })
    const expected = await coreCall<ListPage<MemberListItem>>('member.list', { orgId: org.id, pageSize: 9999 })
    // More than the page on screen: 打印 reads every page.
    expect(expected.total).toBeGreaterThan(10)
    await page.getByText(`共 ${expected.total} 条`).waitFor()
    for (const size of [{ width: 1440, height: 900 }, { width: 1366, height: 768 }]) {
      await page.setViewportSize(size)
      await screenshot(page, `members-print-${size.width}`)
    }

    // The PDF the web host hands the page (the console's policy keeps a test from reading the tab's blob back).
    const answer = page.waitForResponse((response) => response.url().endsWith('/rpc/documents.print'))
    const [printed] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: '打印' }).click()])
    await printed.waitForURL(/^blob:/)
    await printed.close()
    const result = (await (await answer).json()) as { ok: boolean; data: { kind: string; name: string; base64: string } }
    expect(result.data).toMatchObject({ kind: 'data', name: '党员列表.pdf' })
    const pdf = new PdfFile(Buffer.from(result.data.base64, 'base64'))
    try {
      expect(pdf.fonts().length).toBeGreaterThan(0)
      expect(pdf.fonts().every((f) => f.embedded && f.name.includes('NotoSansSC'))).toBe(true)
      const text = joined(pdf.text())
      expect(text).toMatch(new RegExp(`^党员列表筛选条件：组织：省财政厅机关党委·共${expected.total}条·打印时间\\d{4}-\\d{2}-\\d{2}\\d{2}:\\d{2}`))
      expect(text).toContain('序号姓名性别所属组织所属单位状态')
      for (const member of expected.records) expect(text).toContain(member.name)
      expect(text).not.toContain('手机号')
      for (const member of expected.records) expect(text).not.toContain(member.telephone)
      // The title's ink is where pdftotext finds it; a picture of the page is kept to look at.
      const title = pdf.words(1).find((w) => w.text === '党员列表')!
      expect(pdf.render(1).dark(title.xMin, title.yMin, title.xMax, title.yMax)).toBeGreaterThan(100)
      pdf.png(1, join(SHOTS_DIR, 'members-printed-page1'))
    } finally {
      pdf.remove()
    }

    // Back as it was, for the other tests of this console.
    await page.getByRole('button', { name: '列设置' }).click()
    await page.getByRole('menuitemcheckbox', { name: '手机号' }).click()
    await page.keyboard.press('Escape')
    await table.getByRole('columnheader', { name: '手机号' }).waitFor()
  })
})
