import { expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { coreCall, goToRoute, routeOf, screenshot, signInCore, toast } from '../support/browser'
import { useVenue } from '../support/venue'
import { validTrainForm } from '../support/training'

/**
 * A venue with no network: the web host is connected to a platform server running as a
 * process of its own. The training is prepared for offline, the server stops, the
 * console restarts and opens with the last session (离线，数据截至 …), seats are arranged
 * and saved into the outbox, the server starts again, the console syncs by itself, and a
 * second console sees the plan.
 */

const { admin } = demoAccounts
const venue = useVenue('e2e-offline-')


it('arranges a hall with the server gone, then syncs it once the server is back', async () => {
  const first = await venue.consoleOn('venue')
  await signInCore(first, admin)
  const training = await coreCall(first, 'train.create', validTrainForm({ maxNum: 0, name: '离线会场测试培训班' }))
  const members = (await coreCall(first, 'member.list', { pageSize: 3, enabled: true })).records
  for (const m of members) await coreCall(first, 'signup.create', { trainId: training.id, memberId: m.id })

  let tab = await venue.open(first)
  await goToRoute(tab.page, `/trainingManagement/fieldSeat?id=${training.id}`)
  await tab.page.getByRole('button', { name: '准备离线' }).click()
  await toast(tab.page, '离线数据已准备好（8 项数据，0 个文件）').waitFor()

  // The server goes away; the console is restarted on the same data folder.
  await venue.server.down()
  await tab.close()
  await venue.closeConsole(first)
  const second = await venue.consoleOn('venue')
  tab = await venue.open(second)
  const { page } = tab
  await page.getByText(/^离线，数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).waitFor()
  await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
  await page.getByRole('heading', { name: `会场安排：${training.name}` }).waitFor()
  await page.getByRole('button', { name: '一键排座' }).click()
  await page.getByRole('gridcell', { name: `第1排第1列：${members[0].name}` }).waitFor()
  await screenshot(page, 'offline-seating')
  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '保存成功！').waitFor()
  await page.getByText(/离线，数据截至 .* · 待同步 1 项/).first().waitFor()
  // Other writes are refused offline, with a reason.
  const refused = await second.core.dispatch('train.delete', { id: training.id })
  expect(refused.ok ? '' : refused.error.message).toContain('当前处于离线状态')

  await venue.server.up()
  await page.getByText(/^已同步于 /).waitFor({ timeout: 30_000 })
  await screenshot(page, 'offline-synced')

  const other = await venue.consoleOn('office')
  await signInCore(other, admin)
  const plan = await coreCall(other, 'seat.plan', { trainId: training.id })
  expect(plan.revision).toBe(1)
  expect(plan.seats.filter((s) => s.trainSignUpMemberId !== null).map((s) => s.name)).toEqual(members.map((m) => m.name))

  // Signed out, the server gone again, the page reloaded: the login page signs in offline, with no captcha.
  await venue.server.down()
  await coreCall(second, 'session.logout')
  await page.setViewportSize({ width: 1440, height: 900 })
  // Whether the page ever draws a captcha (the online form) on its way to the offline form.
  await page.addInitScript(() => {
    const seen = window as unknown as { captchaDrawn?: boolean }
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="刷新验证码"]')) seen.captchaDrawn = true
    }).observe(document, { childList: true, subtree: true })
  })
  await page.reload()
  await page.getByText('离线登录：使用本机上次在线登录的账号').waitFor()
  // The first form drawn is the offline one: the online form and its captcha never show.
  expect(await page.evaluate(() => (window as unknown as { captchaDrawn?: boolean }).captchaDrawn ?? false)).toBe(false)
  expect(await page.getByLabel('验证码', { exact: true }).count()).toBe(0)
  expect(await page.getByText(/验证码加载失败/).count()).toBe(0)
  await page.getByLabel('用户名', { exact: true }).fill(admin.username)
  const password = page.getByLabel('密码', { exact: true })
  await password.fill('wrong-password')
  await password.press('Enter')
  await page.getByText('用户名或密码错误').waitFor()
  await screenshot(page, 'offline-sign-in')
  await password.fill(admin.password)
  await password.press('Enter')
  await page.getByText(/^离线，数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/).waitFor()
  expect(routeOf(page)).not.toContain('/login')
  expect(tab.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
}, 180_000)

it('merges a save with changes made elsewhere to other seats without asking, and names a person whose sign-up was cancelled meanwhile', async () => {
  await venue.server.up()
  const clerk = await venue.consoleOn('clerk')
  const office = await venue.consoleOn('office-2')
  for (const host of [clerk, office]) {
      await signInCore(host, admin)
  }
  const training = await coreCall(clerk, 'train.create', validTrainForm({ maxNum: 0, name: '合并座位测试培训班' }))
  const members = (await coreCall(clerk, 'member.list', { pageSize: 4, enabled: true })).records
  const signUps: number[] = []
  for (const m of members) signUps.push((await coreCall(clerk, 'signup.create', { trainId: training.id, memberId: m.id })).id)
  const seatOf = (row: number, column: number, i: number) => ({ rowNumber: row, columnNumber: column, groupNumber: null, trainSignUpMemberId: signUps[i] })
  await coreCall(clerk, 'seat.save', { trainId: training.id, rowNumber: 2, columnNumber: 3, baseRevision: 0, trainMemberLocations: [seatOf(1, 1, 0), seatOf(1, 2, 1), seatOf(2, 1, 2)] })

  const tab = await venue.open(clerk)
  const { page } = tab
  await page.setViewportSize({ width: 1440, height: 900 })
  const seat = (row: number, column: number) => page.getByRole('gridcell', { name: new RegExp(`^第${row}排第${column}列：`) })
  /** The seat screen, once it shows `name` on the first seat. */
  const openSeats = async (name: string) => {
    await goToRoute(page, `/trainingManagement/fieldSeat?id=${training.id}`)
    await page.getByRole('heading', { name: `会场安排：${training.name}` }).waitFor()
    await page.getByRole('gridcell', { name: `第1排第1列：${name}` }).waitFor()
  }
  await openSeats(members[0].name)
  // Elsewhere: the fourth person is seated on 2,3. Here: the first two swap places.
  await coreCall(office, 'seat.save', { trainId: training.id, rowNumber: 2, columnNumber: 3, baseRevision: 1, trainMemberLocations: [seatOf(1, 1, 0), seatOf(1, 2, 1), seatOf(2, 1, 2), seatOf(2, 3, 3)] })
  await seat(1, 1).click()
  await seat(1, 2).click()
  await page.getByRole('gridcell', { name: `第1排第1列：${members[1].name}` }).waitFor()
  await page.getByRole('button', { name: '保存' }).click()
  await toast(page, '已与他人同时所做的修改自动合并（双方修改的是不同的座位）').waitFor()
  await page.waitForURL(/trainingManagement\/trainingManagement/)
  expect(await page.getByRole('alertdialog').count()).toBe(0)
  const merged = await coreCall(office, 'seat.plan', { trainId: training.id })
  expect(merged.seats.map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])).toEqual([[1, 1, signUps[1]], [1, 2, signUps[0]], [2, 1, signUps[2]], [2, 3, signUps[3]]])

  // Elsewhere the third person's sign-up is cancelled; here the first two swap back.
  // Reopened by its address at once: the page may still be the one that saved (the router's
  // navigation away was interrupted); it builds on the revision its save made, not the one it loaded.
  await openSeats(members[1].name)
  await coreCall(office, 'signup.delete', { id: signUps[2] })
  await seat(1, 1).click()
  await seat(1, 2).click()
  await page.getByRole('gridcell', { name: `第1排第1列：${members[0].name}` }).waitFor()
  await page.getByRole('button', { name: '保存' }).click()
  const dialog = page.getByRole('alertdialog', { name: '座位编排有冲突' })
  await dialog.getByText(`${members[2].name} 已取消报名，其座位（第2排第1列）将空出；您的其他调整都会保留。`).waitFor()
  await dialog.getByText('双方修改的是不同的座位，两边的修改都会保留。').waitFor()
  await screenshot(page, 'seating-cancelled-sign-up')
  await dialog.getByRole('button', { name: '保留我的版本' }).click()
  // Saved: back to the training list.
  await page.waitForURL(/trainingManagement\/trainingManagement/)
  const kept = await coreCall(office, 'seat.plan', { trainId: training.id })
  expect(kept.seats.filter((s) => s.trainSignUpMemberId !== null).map((s) => [s.rowNumber, s.columnNumber, s.trainSignUpMemberId])).toEqual([[1, 1, signUps[0]], [1, 2, signUps[1]], [2, 3, signUps[3]]])
  expect(tab.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
}, 180_000)
