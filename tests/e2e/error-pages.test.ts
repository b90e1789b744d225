import { expect, it } from 'vitest'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { goToRoute, routeOf, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const ui = useConsoleTabs()

it('shows an account without a role the no-role page, with a countdown and 退出登录', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.norole.username, demoAccounts.norole.password)
  await page.waitForURL(/#\/403$/)
  await page.getByText('当前账号没有操作角色，请联系管理员').waitFor()
  await page.getByText(/\d 秒后自动退出登录/).waitFor()
  expect(await page.getByRole('navigation', { name: '功能导航' }).count()).toBe(0)
  await screenshot(page, 'no-role')

  await page.getByRole('button', { name: '退出登录' }).click()
  await page.waitForURL(/#\/login$/)
})

it('signs an account without a role out when its countdown ends, instead of sending it back to itself', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.norole.username, demoAccounts.norole.password)
  await page.waitForURL(/#\/403$/)
  await page.waitForURL(/#\/login$/, { timeout: 8000 })
  await page.getByRole('button', { name: '登 录' }).waitFor()
})

it('shows 抱歉! 当前页面不存在... for an unknown address, counts down and lands on /index', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password)
  await page.waitForURL(/#\/index$/)

  await goToRoute(page, '/no-such-page')
  await page.getByText('抱歉! 当前页面不存在...').waitFor()
  await page.getByText('5 秒后自动返回首页').waitFor()
  await screenshot(page, 'not-found')
  await page.getByText('3 秒后自动返回首页').waitFor()
  expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('#/')
  await page.waitForURL(/#\/index$/, { timeout: 8000 })
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
})

it('ends the session on /401 (the 404 page that signs out) and shows the login page after its countdown', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password)
  await page.waitForURL(/#\/index$/)
  await goToRoute(page, '/401')
  await page.getByText('抱歉! 当前页面不存在...').waitFor()
  await page.getByText(/\d 秒后重新登录/).waitFor()
  await page.waitForURL(/#\/login$/, { timeout: 8000 })
  // The session is gone: a screen's address leads to the login page, not the screen.
  await goToRoute(page, '/organization/member')
  await page.waitForURL(/#\/login/)
  await page.getByRole('button', { name: '登 录' }).waitFor()
})

it('shows a member-linked administrator its own organisation as scope', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
  await page.waitForURL(/#\/index$/)
  await page.getByRole('banner').getByText('单位管理员').waitFor()
  expect(routeOf(page)).toBe('/index')
  // Its organisation tree starts at its own top organisation.
  await goToRoute(page, '/organization/department')
  await page.getByText(ORG_ADMIN_TOP_ORG).first().waitFor()
})

it('shows 培训班不存在 with a way back on every page of a training the address does not name', async () => {
  const { page } = ui.tab
  await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password)
  await page.waitForURL(/#\/index$/)
  const list = '/trainingManagement/trainingManagement'
  for (const address of [
    '/trainingManagement/fieldSeat?id=9999',
    '/trainingManagement/fieldSeat?trainId=9999',
    '/trainingManagement/viewPeople?id=9999',
    '/trainingManagement/checkIns?id=abc',
    '/trainingManagement/trainEdit?trainId=9999',
    // The wrong parameter name, none, or not a number: no empty 编辑培训班 form.
    '/trainingManagement/trainEdit?id=5',
    '/trainingManagement/trainEdit',
    '/trainingManagement/trainEdit?trainId=abc',
  ]) {
    await goToRoute(page, address)
    const alert = page.getByRole('alert').filter({ hasText: '培训班不存在' })
    await alert.waitFor({ timeout: 5000 })
    expect(await page.getByText('加载中...').count()).toBe(0)
    if (address.includes('fieldSeat?id')) await screenshot(page, 'field-seat-missing')
    if (address.endsWith('trainEdit?id=5')) await screenshot(page, 'train-edit-wrong-param')
    await alert.getByRole('button', { name: '返回列表' }).click()
    await page.waitForURL(new RegExp(`#${list}$`))
    await page.getByRole('table', { name: '培训班列表' }).waitFor()
  }
})
