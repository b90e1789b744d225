import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import { consoleTime, initialsOf } from '../../src-main/core/sync/door-desk'
import { type WebHost } from '../../src-main/web/web-host'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { coreCall, goToRoute, screenshot, signInCore } from '../support/browser'
import { useVenue } from '../support/venue'
import { validTrainForm } from '../support/training'

/**
 * The venue door with no network: two consoles, each connected to a platform server
 * running as a process of its own, have prepared the training; the server stops; three
 * people are checked in at the door on the two consoles, one of them on both; the server
 * comes back and each person has one check-in, the earliest.
 */

const { admin } = demoAccounts
const venue = useVenue('e2e-door-')

async function signedIn(host: WebHost): Promise<void> {
  await signInCore(host, admin)
}

/** Types into the desk's search box as a clerk (or a scanner) would. */
async function lookUp(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('查找报名人员')
  await box.fill('')
  await box.pressSequentially(text)
}


it('checks three people in at the door offline on two consoles, one on both: one check-in each after sync, the earliest', async () => {
  const a = await venue.consoleOn('door-a')
  const b = await venue.consoleOn('door-b')
  for (const host of [a, b]) await signedIn(host)
  const training = await coreCall(a, 'train.create', validTrainForm({ maxNum: 0, name: '签到台离线测试培训班' }))
  const members = (await coreCall(a, 'member.list', { pageSize: 4, enabled: true })).records
  const people: SignUpMember[] = []
  for (const m of members.slice(0, 3)) people.push(await coreCall(a, 'signup.create', { trainId: training.id, memberId: m.id }))
  // A fourth who does not come to the door: 补签 later.
  const absent = await coreCall(a, 'signup.create', { trainId: training.id, memberId: members[3].id })
  // A seat for the first person, shown at the door.
  await coreCall(a, 'seat.save', { trainId: training.id, rowNumber: 2, columnNumber: 3, trainMemberLocations: [{ rowNumber: 1, columnNumber: 2, trainSignUpMemberId: people[0].id }] })
  for (const host of [a, b]) await coreCall(host, 'offline.prepare', { trainId: training.id })

  await venue.server.down()
  const tabA = await venue.open(a)
  const tabB = await venue.open(b)
  for (const { page } of [tabA, tabB]) {
    await page.setViewportSize({ width: 1440, height: 900 })
    await goToRoute(page, `/trainingManagement/checkInDesk?id=${training.id}`)
    await page.getByRole('heading', { name: `签到台：${training.name}` }).waitFor()
    await page.getByText('名单 4 人').waitFor()
  }

  // Console A: the first person by name, the second by the code a scanner types (then Enter).
  const pageA = tabA.page
  await lookUp(pageA, people[0].name)
  await pageA.getByRole('row', { name: new RegExp(people[0].name) }).getByText('第1排第2列').waitFor()
  await pageA.getByRole('row', { name: new RegExp(people[0].name) }).getByRole('button', { name: '签到' }).click()
  await pageA.getByText(new RegExp(`${people[0].name} 签到成功`)).waitFor()
  await pageA.getByText('第1排第2列').waitFor()
  await pageA.getByText('离线签到，联网后自动同步').waitFor()
  // The box still has the focus: the scanner's code goes straight in.
  await pageA.keyboard.type(String(people[1].id))
  await pageA.getByRole('row', { name: new RegExp(people[1].name) }).waitFor()
  await pageA.keyboard.press('Enter')
  await pageA.getByText(new RegExp(`${people[1].name} 签到成功`)).waitFor()
  const firstTime = (await coreCall(a, 'door.search', { trainId: training.id, text: String(people[1].id) })).people[0].checkInTime!
  // A second check-in of the same person on the same console: 已签到 with the first time.
  await lookUp(pageA, String(people[0].id))
  await pageA.keyboard.press('Enter')
  await pageA.getByText(new RegExp(`${people[0].name} 已签到（\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}）`)).waitFor()
  await screenshot(pageA, 'door-checkin-offline')

  // Console B, a second later: the second person again (by pinyin initials) and the third (by phone digits).
  const now = consoleTime()
  await expect.poll(() => consoleTime(), { timeout: 2000 }).not.toBe(now)
  const pageB = tabB.page
  await lookUp(pageB, initialsOf(people[1].name))
  // Console B has not synced A's check-in: it shows the person as not yet checked in here.
  await pageB.getByRole('row', { name: new RegExp(people[1].name) }).getByText('未签到').waitFor()
  await screenshot(pageB, 'door-checkin-search')
  await pageB.getByRole('row', { name: new RegExp(people[1].name) }).getByRole('button', { name: '签到' }).click()
  await pageB.getByText(new RegExp(`${people[1].name} 签到成功`)).waitFor()
  await lookUp(pageB, people[2].telephone.slice(-8))
  await pageB.getByRole('row', { name: new RegExp(people[2].name) }).getByRole('button', { name: '签到' }).click()
  await pageB.getByText(new RegExp(`${people[2].name} 签到成功`)).waitFor()
  await pageA.getByText(/待同步 2 项/).first().waitFor()
  await pageB.getByText(/待同步 2 项/).first().waitFor()

  // The server is back: both consoles sync by themselves.
  await venue.server.up()
  for (const { page } of [tabA, tabB]) await page.getByText(/^已同步于 /).waitFor({ timeout: 30_000 })
  const office = await venue.consoleOn('office')
  await signedIn(office)
  const list = await coreCall(office, 'checkin.list', { trainId: training.id, pageNum: 1, pageSize: 50 })
  expect(list.records.map((r) => r.signUpId).sort()).toEqual(people.map((p) => p.id).sort())
  expect(list.records.every((r) => r.source === 'door')).toBe(true)
  expect(list.records.find((r) => r.signUpId === people[1].id)?.checkInTime).toBe(firstTime)

  // 签到记录 online, reached from the desk: every check-in once, 补签 and 导出 offered.
  await pageB.getByRole('button', { name: '签到记录' }).click()
  await pageB.getByText('已签到 3 人').waitFor()
  await pageB.getByRole('cell', { name: people[1].name }).waitFor()
  await screenshot(pageB, 'door-checkin-list')

  // 补签 of the fourth: the reason is required.
  await pageB.getByRole('button', { name: '补签' }).click()
  const dialog = pageB.getByRole('dialog', { name: '补签' })
  await dialog.getByRole('combobox', { name: '签到人员' }).click()
  await pageB.getByRole('option', { name: new RegExp(absent.name) }).click()
  const date = dialog.getByPlaceholder('yyyy-MM-dd')
  await date.fill(consoleTime().slice(0, 10))
  await date.press('Tab')
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.getByText('请填写补签原因').waitFor()
  await screenshot(pageB, 'door-checkin-manual')
  await dialog.getByRole('textbox', { name: '补签原因' }).fill('手机没电，现场核实身份后登记')
  await dialog.getByRole('button', { name: '确定' }).click()
  await pageB.getByText(`${absent.name} 补签成功`).first().waitFor()
  await pageB.getByText('补签：手机没电，现场核实身份后登记').waitFor()
  await pageB.getByText('已签到 4 人').waitFor()
  expect([...tabA.errors, ...tabB.errors].filter((e) => !e.includes('Failed to load resource'))).toEqual([])
}, 180_000)

it('says which queued check-in the server refused and why, until dismissed; the dashboard offline says 离线 once', async () => {
  const desk = await venue.consoleOn('door-refused')
  const office = await venue.consoleOn('office-refused')
  for (const host of [desk, office]) await signedIn(host)
  const training = await coreCall(office, 'train.create', validTrainForm({ maxNum: 0, name: '取消报名后签到测试培训班' }))
  const [member] = (await coreCall(office, 'member.list', { pageSize: 1, enabled: true })).records
  const person = await coreCall(office, 'signup.create', { trainId: training.id, memberId: member.id })
  await coreCall(desk, 'offline.prepare', { trainId: training.id })
  // The office cancels the sign-up; the desk, prepared before, still has the person in its roster.
  await coreCall(office, 'signup.delete', { id: person.id })

  await venue.server.down()
  const tab = await venue.open(desk)
  const { page } = tab
  // The dashboard opens first, never read on this console: one message says so, not one per read.
  const notCached = page.locator('.fui-Toast').filter({ hasText: '离线状态下没有这项数据' })
  await notCached.first().waitFor()
  await page.getByText('加载中...').waitFor({ state: 'detached' })
  expect(await notCached.count()).toBe(1)
  await screenshot(page, 'dashboard-offline-not-cached')

  await goToRoute(page, `/trainingManagement/checkInDesk?id=${training.id}`)
  await page.getByText('名单 1 人').waitFor()
  await lookUp(page, person.name)
  await page.getByRole('row', { name: new RegExp(person.name) }).getByRole('button', { name: '签到' }).click()
  await page.getByText(new RegExp(`${person.name} 签到成功`)).waitFor()
  await page.getByText(/待同步 1 项/).first().waitFor()

  // Back online, the console syncs by itself; the server refuses the check-in: the title bar says so.
  await venue.server.up()
  const refusedButton = page.getByRole('button', { name: '1 项未被服务器接受' })
  await refusedButton.waitFor({ timeout: 30_000 })
  await page.getByText(/^已同步于 /).waitFor()
  for (const size of [{ width: 1366, height: 768 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size)
    await screenshot(page, `door-refused-title-${size.width}`)
  }
  await refusedButton.click()
  const dialog = page.getByRole('dialog', { name: '未被服务器接受的离线操作' })
  const row = dialog.getByRole('row', { name: new RegExp(`签到：${person.name}`) })
  await row.getByText('报名记录不存在').waitFor()
  await row.getByText(training.name).waitFor()
  await row.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor()
  await screenshot(page, 'door-refused-list')
  // Not shown as checked in, and the server holds no check-in for the person.
  expect((await coreCall(desk, 'door.search', { trainId: training.id, text: String(person.id) })).people[0]).toMatchObject({ checkInTime: null, queued: false })
  expect((await coreCall(office, 'checkin.list', { trainId: training.id, pageNum: 1, pageSize: 10 })).total).toBe(0)

  await row.getByRole('button', { name: '知道了' }).click()
  await refusedButton.waitFor({ state: 'detached' })
  await dialog.waitFor({ state: 'detached' })
  expect(await coreCall(desk, 'sync.refused')).toEqual([])
  expect(tab.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([])
}, 180_000)
