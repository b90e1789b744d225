import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import QRCode from 'qrcode'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { jpegPdf } from '../support/image-pdf'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { goToRoute, screenshot, toast } from '../support/browser'
import { useSignedInConsole } from '../support/console-tabs'
import { joined, PdfFile } from '../support/pdf-tools'
import { validTrainForm } from '../support/training'

/**
 * The seat arrangement screen in Chromium against the real server: opened from the
 * training list's 会场安排, people seated by click, keyboard and one-key seating, the
 * list exported and re-imported, the chart and the 签到表 as vector PDFs, saved, and a conflict
 * with a change made elsewhere resolved side by side.
 */

const PEOPLE = 6
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

let training: TrainDetail
let names: string[]

async function createTraining(): Promise<TrainDetail> {
  const created = await core('train.create', validTrainForm({ name: '会场安排测试培训班', maxNum: 0 }))
  const members = (await core('member.list', { pageSize: PEOPLE, enabled: true })).records
  for (const m of members) await core('signup.create', { trainId: created.id, memberId: m.id })
  names = members.map((m) => m.name)
  return created
}

const seat = (page: Page, row: number, column: number) => page.getByRole('gridcell', { name: new RegExp(`^第${row}排第${column}列：`) })
const unseatedList = (page: Page) => page.getByRole('region', { name: '未安排座位人员' })

interface ChosenFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** Presses an upload button and picks the file in the browser's file chooser, as a user does. */
async function chooseFile(page: Page, button: Locator, file: ChosenFile): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()])
  await chooser.setFiles(file)
}

/** Saves the plan (back to the training list) and opens the seat screen again. */
async function saveAndReopen(page: Page): Promise<void> {
  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '保存成功！').waitFor()
  await page.waitForURL(/trainingManagement\/trainingManagement/)
  await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
  await page.getByRole('heading', { name: `会场安排：${training.name}` }).waitFor()
}

/** The screen at 1440 × 900 in one seating mode, for a person to look at. */
const modeShot = (page: Page, mode: string) => page.screenshot({ path: `/tmp/seat-${mode}.png` })

/** How many pixels of a drawn canvas are not (near) white: a blank page has none. */
const inkedPixels = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height)
    let inked = 0
    for (let i = 0; i < data.length; i += 4) if (data[i] < 230 || data[i + 1] < 230 || data[i + 2] < 230) inked++
    return inked
  })

const ui = useSignedInConsole(async () => {
  training = await createTraining()
}, { viewport: { width: 1440, height: 900 } })
const core = ui.core

describe('venue seating', () => {
  it('opens from the training list row action 会场安排 with a 4 × 5 hall and everyone unseated', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/trainingManagement/trainingManagement')
    await page.getByRole('button', { name: `更多操作：${training.name}` }).click()
    await page.getByRole('menuitem', { name: '会场安排' }).click()
    await page.getByRole('heading', { name: `会场安排：${training.name}` }).waitFor()
    expect(await page.getByRole('gridcell').count()).toBe(20)
    await page.getByText('主席台', { exact: true }).first().waitFor()
    for (const name of names) await unseatedList(page).getByRole('button', { name: new RegExp(name) }).waitFor()
    await screenshot(page, 'seating-empty')
  })

  it('seats a picked person by click, asks to pick first (请单击表格中用户进行选择), and returns a deleted seat’s person', async () => {
    const { page } = ui.tab
    await seat(page, 1, 1).click()
    await toast(page, '请单击表格中用户进行选择').waitFor()
    await unseatedList(page).getByRole('button', { name: new RegExp(names[0]) }).click()
    await seat(page, 1, 1).click()
    await page.getByRole('gridcell', { name: `第1排第1列：${names[0]}` }).waitFor()
    expect(await unseatedList(page).getByRole('button', { name: new RegExp(names[0]) }).count()).toBe(0)
    // Pick the seated person up and delete: back to the list.
    await seat(page, 1, 1).click()
    await page.getByRole('button', { name: '删除座位人员' }).click()
    await page.getByRole('gridcell', { name: '第1排第1列：空座' }).waitFor()
    await unseatedList(page).getByRole('button', { name: new RegExp(names[0]) }).waitFor()
  })

  it('is keyboard operable: arrows move between seats, Enter seats the picked person, Delete empties', async () => {
    const { page } = ui.tab
    await unseatedList(page).getByRole('button', { name: new RegExp(names[1]) }).focus()
    await page.keyboard.press('Enter')
    await seat(page, 1, 1).focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByRole('gridcell', { name: `第2排第2列：${names[1]}` }).waitFor()
    await page.keyboard.press('Delete')
    await page.getByRole('gridcell', { name: '第2排第2列：空座' }).waitFor()
  })

  it('refuses a grid too small for one-key seating, regenerates with confirmation, seats everyone', async () => {
    const { page } = ui.tab
    await page.getByLabel('行数').fill('0')
    await page.getByRole('button', { name: '生成座位表' }).click()
    await page.getByText('行数必须是不小于1的整数').waitFor()
    await page.getByLabel('行数').fill('1')
    await page.getByLabel('列数').fill('3')
    await page.getByRole('button', { name: '生成座位表' }).click()
    expect(await page.getByRole('gridcell').count()).toBe(3)
    await page.getByRole('button', { name: '一键排座' }).click()
    await toast(page, '剩余座位不足，请重新生成座位表').waitFor()

    await page.getByLabel('行数').fill('2')
    await page.getByLabel('列数').fill('4')
    await page.getByRole('button', { name: '生成座位表' }).click()
    await page.getByRole('button', { name: '一键排座' }).click()
    await page.getByText('全部人员已安排座位').waitFor()
    // Filled seats: regenerating asks first; cancelling keeps them.
    await page.getByRole('button', { name: '生成座位表' }).click()
    await page.getByText('确定要重新生成座位吗?').waitFor()
    await page.getByRole('button', { name: '取消' }).last().click()
    await toast(page, '已取消').waitFor()
    await page.getByRole('gridcell', { name: `第1排第1列：${names[0]}` }).waitFor()
    // A group that is no number stays as typed and is said, instead of being cut to its digits.
    await page.getByLabel('第1列分组').fill('1a')
    await page.getByRole('alert').filter({ hasText: '第1列分组须为 1–999 的整数' }).waitFor()
    expect(await page.getByLabel('第1列分组').inputValue()).toBe('1a')
    await page.getByLabel('第1列分组').fill('1')
    await page.getByRole('alert').filter({ hasText: '分组须为' }).waitFor({ state: 'detached' })
    await page.getByLabel('第2列分组').fill('1')
    await page.getByLabel('第3列分组').fill('2')
    await screenshot(page, 'seating-filled')
    await modeShot(page, 'system')
  })

  it('exports the full list, imports it re-sorted, and prints the seat chart as a PDF', async () => {
    const { page } = ui.tab
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出名单' }).click()])
    // The web host's browser has the file: said once the save is done.
    await toast(page, '下载成功').waitFor()
    const file = join(ui.workDir, download.suggestedFilename())
    await download.saveAs(file)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(file)
    const sheet = book.worksheets[0]
    expect(sheet.getRow(1).values).toEqual([undefined, '报名编号', '姓名', '单位', '手机号', '排', '列', '分组'])
    expect(sheet.getRow(2).getCell(2).text).toBe(names[0])
    const rows = Array.from({ length: PEOPLE }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1))
    const importList = async (name: string, header: unknown[], lines: unknown[][]) => {
      const book = new ExcelJS.Workbook()
      const out = book.addWorksheet('座位名单')
      out.addRow(header)
      for (const line of lines) out.addRow(line)
      await page.getByRole('button', { name: '导入名单' }).click()
      const dialog = page.getByRole('dialog', { name: '导入座位名单' })
      await chooseFile(page, dialog.getByRole('button', { name: '选择文件' }), { name, mimeType: XLSX_MIME, buffer: Buffer.from(await book.xlsx.writeBuffer()) })
      await dialog.getByText(`共 ${lines.length} 行：有效 ${lines.length} 行，有误 0 行`).waitFor()
      await dialog.getByRole('button', { name: '导入有效行' }).click()
      await dialog.waitFor({ state: 'detached' })
    }
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    // The clerk swaps the first two people's 排 and 列: they change seats, nobody else moves.
    const swapped = rows.map((r) => [...r])
    ;[swapped[0][4], swapped[0][5], swapped[1][4], swapped[1][5]] = [rows[1][4], rows[1][5], rows[0][4], rows[0][5]]
    await importList('swapped.xlsx', header, swapped)
    await toast(page, `导入完成：成功 ${PEOPLE} 人；已按表中排列入座 ${PEOPLE} 人，0 人未安排`).waitFor()
    await page.getByRole('gridcell', { name: `第1排第1列：${names[1]}` }).waitFor()
    await page.getByRole('gridcell', { name: `第1排第2列：${names[0]}` }).waitFor()
    // Re-sorted without 排 and 列: the list is an order, the last becomes the first seat.
    await importList('resorted.xlsx', header.slice(0, 4), rows.reverse().map((r) => r.slice(0, 4)))
    await page.getByRole('gridcell', { name: `第1排第1列：${names[PEOPLE - 1]}` }).waitFor()

    // The import's toast may lie over 打印座位表 at the right end of the toolbar: the click goes
    // through it (messages.test checks a click at a toast reaches the page under it).
    const [chart] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '打印座位表' }).click()])
    const chartFile = join(ui.workDir, chart.suggestedFilename())
    await chart.saveAs(chartFile)
    expect(chart.suggestedFilename()).toBe(`${training.name}座位表.pdf`)
    // A vector chart with real text: the shipped font embedded, the title and every name readable.
    const pdf = new PdfFile(await readFile(chartFile))
    expect(pdf.pages()).toBe(1)
    expect(pdf.fonts().every((f) => f.embedded && f.name.includes('NotoSansSC'))).toBe(true)
    const text = joined(pdf.text())
    expect(text).toContain(`${training.name}座位表`)
    for (const name of names) expect(text).toContain(name)
    // The rendered page has the title's ink where pdftotext places it.
    const title = pdf.words(1).filter((w) => w.yMin < 60)
    expect(pdf.render(1).dark(Math.min(...title.map((w) => w.xMin)), Math.min(...title.map((w) => w.yMin)), Math.max(...title.map((w) => w.xMax)), Math.max(...title.map((w) => w.yMax)))).toBeGreaterThan(200)
    pdf.remove()
  })

  it('场地材料: the 签到表 of the seat screen saved as a vector PDF; 打印 opens the same document for the browser to print', async () => {
    const { page } = ui.tab
    await page.getByRole('button', { name: '场地材料' }).click()
    const dialog = page.getByRole('dialog', { name: '场地材料' })
    await dialog.getByRole('radio', { name: '签到表' }).check()
    await dialog.getByText('全部报名人员，含单位、座位与签名栏，每页重复表头。').waitFor()
    await screenshot(page, 'venue-papers-dialog')
    const [sheet] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出PDF' }).click()])
    expect(sheet.suggestedFilename()).toBe(`${training.name}签到表.pdf`)
    const sheetFile = join(ui.workDir, sheet.suggestedFilename())
    await sheet.saveAs(sheetFile)
    const pdf = new PdfFile(await readFile(sheetFile))
    expect(pdf.fonts().every((f) => f.embedded && f.name.includes('NotoSansSC'))).toBe(true)
    const text = joined(pdf.text())
    expect(text).toContain(`${training.name}签到表`)
    // Saved plan only: everybody signed up is listed, with an empty 签名 column.
    for (const name of names) expect(text).toContain(name)
    const header = pdf.words(1).find((w) => w.text === '签名')!
    expect(pdf.render(1).dark(header.xMin, header.yMin, header.xMax, header.yMax)).toBeGreaterThan(20)
    pdf.remove()

    await dialog.getByRole('radio', { name: '桌签' }).check()
    const [printed] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: '打印' }).click()])
    await printed.waitForURL(/^blob:/)
    await printed.close()
    await dialog.getByRole('button', { name: '关闭' }).click()
  })

  it('saves: back to the training list with 保存成功！, and the plan is there when reopened', async () => {
    const { page } = ui.tab
    await page.getByRole('button', { name: '保存' }).click()
    await toast(page, '保存成功！').waitFor()
    await page.waitForURL(/trainingManagement\/trainingManagement/)
    const plan = await core('seat.plan', { trainId: training.id })
    expect(plan).toMatchObject({ rowNumber: 2, columnNumber: 4, revision: 1 })
    expect(plan.seats.find((s) => s.rowNumber === 1 && s.columnNumber === 1)).toMatchObject({ name: names[PEOPLE - 1], groupNumber: 1 })
    await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
    await page.getByRole('gridcell', { name: `第1排第1列：${names[PEOPLE - 1]}` }).waitFor()
    expect(await page.getByLabel('第3列分组').inputValue()).toBe('2')
  })

  it('场地材料 from the training list: 座位标签 of the saved plan with row, column and name', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/trainingManagement/trainingManagement')
    await page.getByRole('button', { name: `更多操作：${training.name}` }).click()
    await page.getByRole('menuitem', { name: '场地材料' }).click()
    const dialog = page.getByRole('dialog', { name: '场地材料' })
    // The seat chart of the screen is offered on the seat screen only.
    expect(await dialog.getByRole('radio', { name: '座位表' }).count()).toBe(0)
    await dialog.getByRole('radio', { name: '座位标签' }).check()
    await dialog.getByText('已安排座位的人员，每张标签含排、列与姓名，A4纸24张。').waitFor()
    await screenshot(page, 'venue-papers-from-list')
    const [labels] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '导出PDF' }).click()])
    expect(labels.suggestedFilename()).toBe(`${training.name}座位标签.pdf`)
    const labelsFile = join(ui.workDir, labels.suggestedFilename())
    await labels.saveAs(labelsFile)
    const pdf = new PdfFile(await readFile(labelsFile))
    const text = joined(pdf.text())
    expect(text).toContain(`1排1列${names[PEOPLE - 1]}`)
    for (const name of names) expect(text).toContain(name)
    pdf.remove()
    await dialog.getByRole('button', { name: '关闭' }).click()
    await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
    await page.getByRole('gridcell', { name: `第1排第1列：${names[PEOPLE - 1]}` }).waitFor()
  })

  it('asks about a seat changed both here and elsewhere, side by side, and keeps the chosen version with the other changes', async () => {
    const { page } = ui.tab
    await page.getByRole('gridcell', { name: `第1排第1列：${names[PEOPLE - 1]}` }).waitFor()
    // The same account, at another console, swaps the first two seats meanwhile.
    const before = await core('seat.plan', { trainId: training.id })
    const at = (row: number, column: number) => before.seats.find((s) => s.rowNumber === row && s.columnNumber === column)!
    const [first, second] = [at(1, 1), at(1, 2)]
    const swapped = before.seats.map((s) => (s === first ? { ...s, trainSignUpMemberId: second.trainSignUpMemberId } : s === second ? { ...s, trainSignUpMemberId: first.trainSignUpMemberId } : s))
    await core('seat.save', { trainId: training.id, rowNumber: 2, columnNumber: 4, baseRevision: before.revision, trainMemberLocations: swapped.map(({ rowNumber, columnNumber, groupNumber, trainSignUpMemberId }) => ({ rowNumber, columnNumber, groupNumber, trainSignUpMemberId })) })
    await seat(page, 1, 1).click()
    await page.getByRole('button', { name: '删除座位人员' }).click()
    await page.getByRole('button', { name: '保存' }).click()
    const dialog = page.getByRole('alertdialog', { name: '座位编排有冲突' })
    await dialog.getByRole('region', { name: '我的版本' }).waitFor()
    // Its own change elsewhere is not called someone else's.
    await dialog.getByText('保存前，本账号已在别处保存过这份座位编排（不是他人的修改）。').waitFor()
    await dialog.getByText(/^本账号 于 \d{4}-\d\d-\d\d \d\d:\d\d 修改了第1排第1列、第1排第2列$/).waitFor()
    await dialog.getByText(new RegExp(`^第1排第1列：我的版本为 空座，服务器版本为 ${second.name}（本账号 于 `)).waitFor()
    expect(await dialog.getByText(/已被他人修改/).count()).toBe(0)
    await screenshot(page, 'seating-conflict')
    await dialog.getByRole('button', { name: '保留我的版本' }).click()
    await toast(page, '保存成功！').waitFor()
    const plan = await core('seat.plan', { trainId: training.id })
    expect(plan.revision).toBe(3)
    // Mine on the seat both changed (empty); the other change (the first person on 1,2) kept.
    expect(plan.seats.find((s) => s.rowNumber === 1 && s.columnNumber === 1)?.trainSignUpMemberId ?? null).toBeNull()
    expect(plan.seats.find((s) => s.rowNumber === 1 && s.columnNumber === 2)?.trainSignUpMemberId).toBe(first.trainSignUpMemberId)
    expect(plan.seats.filter((s) => s.trainSignUpMemberId !== null)).toHaveLength(PEOPLE - 1)
  })

  it('image mode (图片编排): seat pictures are added and shown, deleted after 确认删除此座位图吗?, and the mode is kept when saved', async () => {
    const { page } = ui.tab
    await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
    await page.getByRole('radio', { name: '图片编排' }).check()
    const pictures = page.getByRole('region', { name: '图片编排' })
    await pictures.getByText('还没有数据').waitFor()
    const add = pictures.getByRole('button', { name: '添加座位图' })
    for (const hall of ['主会场', '分会场']) {
      await chooseFile(page, add, { name: `${hall}.png`, mimeType: 'image/png', buffer: await QRCode.toBuffer(hall, { type: 'png', width: 240 }) })
      await toast(page, '上传成功！').waitFor()
    }
    const first = pictures.getByRole('img', { name: '座位图1' })
    const second = pictures.getByRole('img', { name: '座位图2' })
    // Shown means the browser decoded the stored picture, not only that an <img> exists.
    await second.waitFor()
    expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240)
    await modeShot(page, 'image')

    await pictures.getByRole('button', { name: '删除座位图1' }).click()
    await page.getByText('确认删除此座位图吗?').waitFor()
    await page.getByRole('button', { name: '取消' }).last().click()
    await toast(page, '已取消删除').waitFor()
    await second.waitFor()
    await pictures.getByRole('button', { name: '删除座位图1' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '删除成功!').waitFor()
    await pictures.getByRole('button', { name: '删除座位图2' }).waitFor({ state: 'detached' })
    expect(await core('seatPicture.all', { trainId: training.id })).toHaveLength(1)

    await saveAndReopen(page)
    expect(await page.getByRole('radio', { name: '图片编排' }).isChecked()).toBe(true)
    await page.getByRole('region', { name: '图片编排' }).getByRole('img', { name: '座位图1' }).waitFor()
    expect((await core('seat.plan', { trainId: training.id })).useSeat).toBe(1)
  })

  it('PDF mode (PDF编排): an uploaded chart is drawn by pdf.js, kept when saved, and cleared after 确认清空当前编排文件吗?', async () => {
    const { page } = ui.tab
    await page.getByRole('radio', { name: 'PDF编排' }).check()
    const pdfMode = page.getByRole('region', { name: 'PDF编排' })
    await pdfMode.getByText('还没有编排文件').waitFor()
    // A real PDF with a picture in it: the screen itself, wrapped by the app's own JPEG-to-PDF writer.
    const jpeg = await page.screenshot({ type: 'jpeg' })
    const chart = Buffer.from(jpegPdf([{ jpeg, width: 1440, height: 900 }], 'landscape'))
    await chooseFile(page, pdfMode.getByRole('button', { name: '上传编排文件' }), { name: '座位编排.pdf', mimeType: 'application/pdf', buffer: chart })
    await toast(page, '上传成功！').waitFor()
    const drawn = pdfMode.getByRole('img', { name: '编排文件第1页' })
    await drawn.waitFor()
    await pdfMode.getByText('加载中...').waitFor({ state: 'detached' })
    expect(await inkedPixels(drawn)).toBeGreaterThan(10_000)
    await modeShot(page, 'pdf')

    // The upload raised the revision; saving right after it is no conflict with itself.
    await saveAndReopen(page)
    expect(await page.getByRole('radio', { name: 'PDF编排' }).isChecked()).toBe(true)
    await page.getByRole('region', { name: 'PDF编排' }).getByRole('img', { name: '编排文件第1页' }).waitFor()
    expect((await core('seat.plan', { trainId: training.id })).useSeat).toBe(2)

    await pdfMode.getByRole('button', { name: '清空编排文件' }).click()
    await page.getByText('确认清空当前编排文件吗?').waitFor()
    await page.getByRole('button', { name: '确定' }).click()
    await toast(page, '操作成功！').waitFor()
    await pdfMode.getByText('还没有编排文件').waitFor()
    expect(await pdfMode.getByRole('img').count()).toBe(0)
    expect((await core('seat.plan', { trainId: training.id })).pdfUrl).toBeNull()
  })

  it('refuses a .pdf that is no PDF, and shows pdf加载失败 for a PDF pdf.js cannot read', async () => {
    const { page } = ui.tab
    const pdfMode = page.getByRole('region', { name: 'PDF编排' })
    const upload = pdfMode.getByRole('button', { name: '上传编排文件' })
    await chooseFile(page, upload, { name: '坏文件.pdf', mimeType: 'application/pdf', buffer: Buffer.from('这不是PDF') })
    await toast(page, '文件 坏文件.pdf 的内容不是有效的 pdf 文件').waitFor()
    await pdfMode.getByText('还没有编排文件').waitFor()
    // A PDF header with nothing after it passes the server's content check but cannot be drawn.
    await chooseFile(page, upload, { name: '残缺.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') })
    await toast(page, '上传成功！').waitFor()
    await pdfMode.getByText('pdf加载失败').waitFor()
    expect(await pdfMode.getByRole('img').count()).toBe(0)
    await modeShot(page, 'pdf-failed')
  })
})
