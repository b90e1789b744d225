import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DashboardSummary } from '../../src-shared/schemas/statistics'
import { openDatabase } from '../../src-server/db/connect'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { goToRoute, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'
import { insertPaper, satisfactionQuestions } from '../support/exam'
import { addStatisticsFixture } from '../support/statistics-fixture'
import { daysFromNow } from '../support/training'
import { PIE_CENTRE, PIE_RADIUS } from '../../src-renderer/components/chart/options'

const { admin } = demoAccounts
const ui = useConsoleTabs()
let fixture: Awaited<ReturnType<typeof addStatisticsFixture>>
let questionnairePaper: number

beforeAll(async () => {
  const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
  try {
    fixture = await addStatisticsFixture(db, ORG_ADMIN_TOP_ORG, '省委办公厅机关党委')
    questionnairePaper = await insertPaper(db, '培训满意度问卷', satisfactionQuestions, 1)
  } finally {
    await db.destroy()
  }
})

async function signedIn(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
}

/**
 * Clicks the middle of slice `index` of the pie drawn in `canvasHost`, by the geometry
 * the chart component gives a pie (PIE_CENTRE, PIE_RADIUS of the half side, slices
 * clockwise from the top; empty categories draw no slice and take no angle).
 */
async function clickSlice(canvasHost: Locator, values: number[], index: number): Promise<void> {
  // A slice is where the test computes it only once the chart's animation has ended.
  await canvasHost.and(canvasHost.page().locator('[data-drawn="true"]')).waitFor()
  const box = await canvasHost.boundingBox()
  if (!box) throw new Error('the pie is not on screen')
  const total = values.reduce((a, b) => a + b, 0)
  const before = values.slice(0, index).reduce((a, b) => a + b, 0)
  const angle = Math.PI / 2 - ((before + values[index] / 2) / total) * 2 * Math.PI
  const share = (text: string) => Number.parseFloat(text) / 100
  const radius = (Math.min(box.width, box.height) / 2) * share(PIE_RADIUS) * 0.6
  const [x, y] = PIE_CENTRE.map(share)
  await canvasHost.click({ position: { x: box.width * x + radius * Math.cos(angle), y: box.height * y - radius * Math.sin(angle) } })
}

const tableRows = (page: Page, name: string) => page.getByRole('table', { name }).getByRole('row')

/** Clicks `button` and reads the file the click saves: its name and bytes. */
async function savedFile(button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const download = button.page().waitForEvent('download')
  await button.click()
  const file = await download
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? '') }
}

/** The rows of a saved workbook's first sheet, each cell as text. */
async function workbookRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(bytes).buffer)
  const rows: string[][] = []
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))))
  return rows
}

/** The texts of a table's body rows, cell by cell. */
async function bodyCells(table: Locator): Promise<string[][]> {
  const rows = await table.getByRole('row').all()
  return Promise.all(rows.slice(1).map(async (row) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim())))
}

describe('dashboard', () => {
  it('filters the training table by the pie slice clicked, and a second click clears it', async () => {
    const { page } = ui.tab
    await signedIn(page)
    await page.getByRole('heading', { name: '培训大数据' }).waitFor()
    const dispatched = await ui.app.host.core.dispatch('dashboard.summary', undefined)
    if (!dispatched.ok) throw new Error('no summary')
    const summary = dispatched.data as DashboardSummary
    await page.getByLabel('培训班总数').getByText(String(summary.trainsCount)).waitFor()

    const pie = page.getByRole('img', { name: '班次类别占比' })
    await pie.waitFor()
    await page.getByRole('button', { name: '保存图片' }).and(page.locator(':not([disabled])')).waitFor()
    await tableRows(page, '培训班列表').nth(1).waitFor()
    // Names stay readable beside three row buttons and the pie (they were once one character wide).
    const nameHeader = await page.getByRole('columnheader', { name: '培训班名称' }).boundingBox()
    expect(nameHeader?.width).toBeGreaterThanOrEqual(140 + 16)
    // …and the table fits its panel at this window size: no sideways scrolling.
    const body = page.getByRole('table', { name: '培训班列表' }).locator('..')
    expect(await body.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true)
    await screenshot(page, 'dashboard')
    const png = await savedFile(page.getByRole('region', { name: '班次类别占比' }).getByRole('button', { name: '保存图片' }))
    expect(png.name).toBe('班次类别占比.png')
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
    const values = Array.from({ length: 10 }, (_, i) => summary[`classType${i + 1}` as keyof DashboardSummary] as number)
    // Slice index 2 is class type 3, 党支部书记班.
    await clickSlice(pie, values, 2)
    await page.getByText('班次类别：党支部书记班').waitFor()
    const table = page.getByRole('table', { name: '培训班列表' })
    await table.getByText('统计测试T4').waitFor()
    await expect.poll(async () => (await tableRows(page, '培训班列表').count()) - 1).toBe(values[2])
    const types = await table.getByRole('row').locator('td:first-child').allInnerTexts()
    expect(new Set(types)).toEqual(new Set(['党支部书记班']))
    await screenshot(page, 'dashboard-filtered')

    // 签到 lists the training's check-ins; 导出 saves all of them.
    await table.getByRole('row').filter({ hasText: '统计测试T1' }).getByRole('button', { name: '签到' }).click()
    const checkIns = page.getByRole('dialog', { name: '签到情况：统计测试T1' })
    await checkIns.getByRole('table', { name: '签到记录' }).getByText('统计b1').waitFor()
    const exported = await savedFile(checkIns.getByRole('button', { name: '导出' }))
    expect(exported.name).toBe('统计测试T1签到情况.xlsx')
    const [header, ...saved] = (await workbookRows(exported.bytes)).map((r) => [r[0], r[2]])
    expect(header).toEqual(['姓名', '所在组织'])
    expect(saved.sort()).toEqual([['统计a1', '统计测试一支部'], ['统计a2', '统计测试一支部'], ['统计b1', '统计测试三支部']])
    await checkIns.getByRole('button', { name: '关闭' }).click()

    await clickSlice(pie, values, 2)
    await page.getByText('班次类别：党支部书记班').waitFor({ state: 'detached' })
    await expect.poll(async () => (await tableRows(page, '培训班列表').count()) - 1).toBe(Math.min(10, summary.trainsCount))
  })

  it('shows a training’s satisfaction questionnaire from its 满意度 button', async () => {
    const { page } = ui.tab
    await signedIn(page)
    const set = await ui.app.host.core.dispatch('questionnaire.set', { trainId: fixture.trainIds.T5, title: '培训满意度调查', paperId: questionnairePaper, startTime: daysFromNow(-1), endTime: daysFromNow(2) })
    expect(set.ok).toBe(true)
    const table = page.getByRole('table', { name: '培训班列表' })
    // T5 starts in 2099: the newest training, on the first page.
    await table.getByRole('row').filter({ hasText: '统计测试T5' }).getByRole('button', { name: '满意度' }).click()
    const dialog = page.getByRole('dialog', { name: '满意度反馈：统计测试T5' })
    await dialog.getByText(/^培训满意度调查 · .* 已提交 0 份$/).waitFor()
    // Nobody has answered yet: the questionnaire is named, and its results are empty.
    await dialog.getByText('还没有数据').waitFor()
    await screenshot(page, 'dashboard-satisfaction')
    await dialog.getByRole('button', { name: '关闭' }).click()

    // A demo class still to come, on the first page beside T5 (the demo's earlier years fill the later pages).
    const upcoming = '省教育厅新党员入党教育培训班'
    await table.getByRole('row').filter({ hasText: upcoming }).getByRole('button', { name: '满意度' }).click()
    await page.getByRole('dialog', { name: `满意度反馈：${upcoming}` }).getByText('尚未设置满意度问卷').waitFor()
  })
  it('keeps every row button clickable beside the pie at 1366 × 768', async () => {
    const { page } = ui.tab
    await signIn(page, admin.username, admin.password)
    await page.waitForURL(/#\/index$/)
    await page.setViewportSize({ width: 1366, height: 768 })
    const table = page.getByRole('table', { name: '培训班列表' })
    await tableRows(page, '培训班列表').nth(1).waitFor()
    await page.getByRole('img', { name: '班次类别占比' }).and(page.locator('[data-drawn="true"]')).waitFor()
    const pie = await page.getByRole('region', { name: '班次类别占比' }).boundingBox()
    const buttons = await table.getByRole('button').all()
    expect(buttons.length).toBeGreaterThan(0)
    for (const button of buttons) {
      await button.scrollIntoViewIfNeeded()
      // What a click at the button's centre reaches is the button (the pie panel once lay over the 满意度 column).
      const reached = await button.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return hit !== null && element.contains(hit)
      })
      expect(reached, await button.innerText()).toBe(true)
      const box = await button.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(pie!.x)
    }
    await screenshot(page, 'dashboard-1366')
    const lastRow = tableRows(page, '培训班列表').last()
    const name = (await lastRow.getByRole('cell').nth(1).innerText()).trim()
    await lastRow.getByRole('button', { name: '满意度' }).click()
    await page.getByRole('dialog', { name: `满意度反馈：${name}` }).waitFor()
  })
})

describe('statistics page', () => {
  it('redraws the charts for the chosen year and opens a class type’s details with a training’s members', async () => {
    const { page } = ui.tab
    await signedIn(page)
    await goToRoute(page, '/statistic')
    await page.getByRole('img', { name: '各单位培训人次（全部年度）' }).waitFor()

    await page.getByRole('combobox', { name: '年度' }).click()
    await page.getByRole('option', { name: '2021年' }).click()
    await page.getByRole('img', { name: '各单位培训人次（2021年）' }).waitFor()
    await page.getByRole('img', { name: '各班次类别培训情况（合计 3 班次、9 人次）' }).waitFor()
    const departments = page.getByRole('table', { name: '各单位培训情况' })
    // Host units in their sort order (省委办公厅 is the demo's first).
    await expect.poll(() => bodyCells(departments)).toEqual([
      ['省委办公厅机关党委', '1', '3', '详情'],
      [ORG_ADMIN_TOP_ORG, '2', '6', '详情'],
    ])
    await screenshot(page, 'statistics-2021')
    // In a narrow window a cut cell shows its whole text on hover (every table's cells do).
    await page.setViewportSize({ width: 760, height: 800 })
    const cut = departments.getByRole('cell', { name: '省委办公厅机关党委' })
    await cut.hover()
    await expect.poll(() => cut.getAttribute('title')).toBe('省委办公厅机关党委')
    await page.setViewportSize({ width: 1366, height: 800 })

    await page.getByRole('table', { name: '各班次类别培训情况' }).getByRole('row').filter({ hasText: '党支部书记班' }).getByRole('button', { name: '详情' }).click()
    const dialog = page.getByRole('dialog', { name: '党支部书记班 · 2021年培训明细' })
    const trains = dialog.getByRole('table', { name: '培训班明细' })
    await trains.getByText('统计测试T1').waitFor()
    expect(await trains.getByRole('row').count()).toBe(3)
    await trains.getByRole('row').filter({ hasText: '统计测试T1' }).getByRole('button', { name: '报名人员' }).click()
    const members = dialog.getByRole('table', { name: '报名人员' })
    await members.getByText('统计a3').waitFor()
    expect(await bodyCells(members)).toEqual([
      ['统计a1', '统计测试一支部', '已签到'],
      ['统计a2', '统计测试一支部', '已签到'],
      ['统计a3', '统计测试一支部', '未签到'],
      ['统计b1', '统计测试三支部', '已签到'],
    ])
    await screenshot(page, 'statistics-detail')
  })

  it('drills the ledger down to a branch’s members and exports the organisation’s workbook', async () => {
    const { page } = ui.tab
    await signedIn(page)
    await goToRoute(page, '/statistic')
    await page.getByRole('tab', { name: '学时档案' }).click()
    await page.getByRole('combobox', { name: '年度' }).click()
    await page.getByRole('option', { name: '2021年' }).click()
    const orgs = page.getByRole('table', { name: '组织学时达标情况' })
    await orgs.getByRole('row').filter({ hasText: ORG_ADMIN_TOP_ORG }).getByRole('button', { name: '下级' }).click()
    const branch = orgs.getByRole('row').filter({ hasText: '统计测试一支部' })
    await branch.waitFor()
    expect((await branch.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['统计测试一支部', '3', '1', '33.3%', '70', '23.3', '党员'])
    await screenshot(page, 'ledger')

    await branch.getByRole('button', { name: '党员' }).click()
    const members = page.getByRole('table', { name: '党员学时' })
    await members.getByText('统计a1').waitFor()
    expect((await members.getByRole('row').locator('td:first-child').allInnerTexts()).slice(0, 3)).toEqual(['统计a3', '统计a2', '统计a1'])
    await members.getByRole('row').filter({ hasText: '统计a1' }).getByRole('button', { name: '培训记录' }).click()
    const record = page.getByRole('dialog', { name: /统计a1 · 2021年培训记录/ })
    await record.getByText('统计测试T3').waitFor()
    await screenshot(page, 'ledger-member')
    await record.getByRole('button', { name: '关闭' }).click()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: '导出学时档案' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('学时档案2021.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await file.path()) ?? '')
    const rows = (workbook.getWorksheet('学时档案')?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[]).slice(1))
    expect(rows[0]).toEqual(['组织', '姓名', '党内职务', '年度学时', '目标学时', '差距', '是否达标'])
    expect(rows.filter((r) => String(r[1]).startsWith('统计a'))).toEqual([
      ['统计测试一支部', '统计a1', '支部书记', 62, 56, 0, '已达标'],
      ['统计测试一支部', '统计a2', '党员', 8, 32, 24, '未达标'],
      ['统计测试一支部', '统计a3', undefined, 0, 32, 32, '未达标'],
      ['统计测试二支部', '统计a4', '组织委员', 30, 56, 26, '未达标'],
      ['统计测试二支部', '统计a5', undefined, 0, 32, 32, '未达标'],
    ])
    // Every member of the organisation's tree is in the workbook, not a page of them.
    expect(rows.length - 1).toBeGreaterThan(5)
  })
})
