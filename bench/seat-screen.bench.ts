import BetterSqlite3 from 'better-sqlite3'
import { join } from 'node:path'
import QRCode from 'qrcode'
import type { Page } from 'playwright-core'
import type { RpcName, RpcOutput } from '../src-shared/ipc'
import { demoAccounts } from '../src-server/seed/demo-accounts'
import { CAPTCHA_CODE, goToRoute, launchBrowser, openConsole, startConsole, type ConsoleUnderTest } from '../tests/support/browser'
import { daysFromNow } from '../tests/support/training'
import { cloneRows } from './clone-rows'

/**
 * The seat screen with a 1 000-seat hall (25 × 40) in headless Chromium, through the
 * web host on a fresh console (`npm run build` first): a training with 1 000 sign-ups,
 * the grid generated, everyone seated in one key, then single moves by click and by
 * keyboard, each timed in the page from the event to the frame after the changed seat. Target of issue 11: the hall stays
 * smooth — single actions under 100 ms, generate and one-key seating under 1 s.
 */
const ROWS = 25
const COLUMNS = 40
const PEOPLE = ROWS * COLUMNS
const SAMPLES = 30

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await action()
  return performance.now() - started
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]

/**
 * Runs in the page: presses 删除座位人员 for the picked seat, or the right arrow on the
 * focused one, and resolves with the milliseconds until the frame after the seat shows
 * the change (empty, or the next seat focused). A string, not a function: tsx would
 * wrap a function's inner names in a helper the page does not have.
 */
const IN_PAGE = `({ row, column, action }) => {
  const cell = (c) => document.querySelector('[aria-label^="第' + row + '排第' + c + '列："]')
  const done = action === 'delete' ? () => cell(column)?.getAttribute('aria-label')?.endsWith('空座') === true : () => document.activeElement === cell(column + 1)
  const started = performance.now()
  if (action === 'delete') [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('删除座位人员'))?.click()
  else document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
  return new Promise((resolve) => {
    const check = () => (done() ? requestAnimationFrame(() => resolve(performance.now() - started)) : requestAnimationFrame(check))
    check()
  })
}`

const inPage = (page: Page, input: { row: number; column: number; action: 'delete' | 'arrow' }) => page.evaluate(`(${IN_PAGE})(${JSON.stringify(input)})`) as Promise<number>

const seat = (page: Page, row: number, column: number) => page.getByRole('gridcell', { name: new RegExp(`^第${row}排第${column}列：`) })

async function main(): Promise<void> {
  const app: ConsoleUnderTest = await startConsole()
  const browser = await launchBrowser()
  try {
    const core = async <K extends RpcName>(method: K, input?: unknown): Promise<RpcOutput<K>> => {
      const result = await app.host.core.dispatch(method, input)
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`)
      return result.data as RpcOutput<K>
    }
    const captcha = await core('auth.captcha')
    await core('session.login', { username: demoAccounts.admin.username, password: demoAccounts.admin.password, checkCode: CAPTCHA_CODE, checkCodeId: captcha.id })
    const png = await QRCode.toBuffer('group', { type: 'png' })
    const [groupQr] = await core('files.uploadBytes', { kind: 'image', name: 'group.png', base64: png.toString('base64') })
    const training = await core('train.create', {
      name: '千人会场', orgId: null, depName: '其他', sendObject: '各机关党委', classType: 3,
      createTime: daysFromNow(0).slice(0, 10), description: '导语', content: '培训内容', requirement: '培训要求',
      trainStartTime: daysFromNow(6), trainEndTime: daysFromNow(8), classHour: 16, site: '省委党校礼堂', address: '118.78,32.04',
      participants: '党支部书记', signUpStartTime: daysFromNow(-1), signUpEndTime: daysFromNow(5), maxNum: 0,
      name1: '王老师', telephone1: '025-83391001', signUpOptions: '1,2,5',
      trainSignIns: [{ signInStartTime: daysFromNow(6), signInEndTime: daysFromNow(6.1) }], weChatCodes: groupQr.path,
    })
    const [first] = (await core('member.list', { pageSize: 1, enabled: true })).records
    const signUp = await core('signup.create', { trainId: training.id, memberId: first.id })
    // 999 more members and their sign-ups, written straight into the console's database.
    const db = new BetterSqlite3(join(app.dataDir, 'platform.sqlite'))
    const members = cloneRows(db, 'member', first.id, PEOPLE - 1, (i) => ({ name: `学员${String(i + 1).padStart(4, '0')}`, telephone: `199${String(i).padStart(8, '0')}`, idcard: null }))
    cloneRows(db, 'train_sign_up', signUp.id, PEOPLE - 1, (i) => ({ member_id: members[i], name: `学员${String(i + 1).padStart(4, '0')}`, telephone: `199${String(i).padStart(8, '0')}` }))
    db.close()

    const tab = await openConsole(browser, app.host)
    const { page } = tab
    await page.setViewportSize({ width: 1440, height: 900 })
    const open = await timed(async () => {
      await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
      await page.getByRole('heading', { name: `会场安排：${training.name}` }).waitFor()
    })
    await page.getByLabel('行数').fill(String(ROWS))
    await page.getByLabel('列数').fill(String(COLUMNS))
    const generate = await timed(async () => {
      await page.getByRole('button', { name: '生成座位表' }).click()
      await seat(page, ROWS, COLUMNS).waitFor({ state: 'attached' })
    })
    const cells = await page.getByRole('gridcell').count()
    const oneKey = await timed(async () => {
      await page.getByRole('button', { name: '一键排座' }).click()
      await page.getByText('全部人员已安排座位').waitFor()
    })
    if (process.env.SEAT_SHOT) await page.screenshot({ path: process.env.SEAT_SHOT })
    // Single actions, timed inside the page from the event to the next frame after the
    // changed seat (the browser protocol's round trip would otherwise dominate).
    const clicks: number[] = []
    const keys: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      const row = 1 + (i % ROWS)
      const column = 1 + ((i * 7) % (COLUMNS - 1))
      await seat(page, row, column).click()
      clicks.push(await inPage(page, { row, column, action: 'delete' }))
      await seat(page, row, column).focus()
      keys.push(await inPage(page, { row, column, action: 'arrow' }))
    }
    const save = await timed(async () => {
      await page.getByRole('button', { name: '保存' }).click()
      await page.getByText('保存成功！').first().waitFor()
    })
    await tab.close()
    const rows = [
      { what: `open the screen (${PEOPLE} sign-ups)`, ms: open.toFixed(0) },
      { what: `generate ${ROWS} × ${COLUMNS} (${cells} seats drawn)`, ms: generate.toFixed(0) },
      { what: 'one-key seating of 1 000 people', ms: oneKey.toFixed(0) },
      { what: `empty a picked seat (删除座位人员): p50 / p99 of ${SAMPLES}`, ms: `${percentile(clicks, 50).toFixed(0)} / ${percentile(clicks, 99).toFixed(0)}` },
      { what: `move focus by arrow key: p50 / p99 of ${SAMPLES}`, ms: `${percentile(keys, 50).toFixed(0)} / ${percentile(keys, 99).toFixed(0)}` },
      { what: 'save the plan (back to the list)', ms: save.toFixed(0) },
    ]
    console.log('\nThe seat screen with a 1 000-seat hall, headless Chromium at 1440 × 900')
    console.table(rows)
    const smooth = percentile(clicks, 99) < 100 && percentile(keys, 99) < 100 && generate < 1000 && oneKey < 1000
    console.log(`target: single actions p99 < 100 ms, generate and one-key seating < 1 s — ${smooth ? 'met' : 'missed'}`)
    if (!smooth) process.exitCode = 1
  } finally {
    await browser.close()
    await app.close()
  }
}

void main()
