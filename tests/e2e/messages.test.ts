import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { openDatabase } from '../../src-server/db/connect'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin } = demoAccounts
const ui = useConsoleTabs()

/** A toast on screen (its box; Fluent also repeats the text in a live region, which is not a toast). */
const toastBox = (page: Page, text: string) => page.locator('.fui-Toast', { hasText: text })

async function signedIn(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 })
  await signIn(page, admin.username, admin.password)
  await page.waitForURL(/#\/index$/)
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

it('shows toasts at the top right, clear of the title and the tabs, lets clicks through them, and drops a tab’s alert when the tab is left', async () => {
  const { page } = ui.tab
  await signedIn(page)
  await goToRoute(page, '/trainingManagement/trainAdd')
  await page.getByRole('button', { name: '下一步' }).click()
  const alert = toastBox(page, '请将基本信息填写完整')
  await alert.waitFor()
  const box = (await alert.boundingBox())!
  const heading = (await page.getByRole('heading', { name: '新增培训班' }).boundingBox())!
  const tabs = (await page.getByRole('tablist', { name: '培训班信息' }).boundingBox())!
  expect(overlaps(box, heading)).toBe(false)
  expect(overlaps(box, tabs)).toBe(false)
  // Under the 56 px title bar, at the right edge of the window.
  expect(box.y).toBeGreaterThanOrEqual(56)
  expect(box.x + box.width).toBeGreaterThan(1366 - 40)
  await screenshot(page, 'toast-position')
  // A toast is only read: a click where it lies reaches the page under it.
  const under = await page.evaluate(({ x, y }) => !document.elementFromPoint(x, y)?.closest('.fui-Toaster'), { x: box.x + box.width / 2, y: box.y + box.height / 2 })
  expect(under).toBe(true)

  // The alert is about the tab left behind: it goes with it (it once stayed over the next tab for its whole 3 s).
  await page.getByRole('tab', { name: '培训日程' }).click()
  await alert.waitFor({ state: 'detached', timeout: 1500 })
})

it('says an ended session once, however many of the screen’s calls the server refused', async () => {
  const { page } = ui.tab
  await signedIn(page)
  const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
  try {
    await db.deleteFrom('session').execute()
  } finally {
    await db.destroy()
  }
  // The statistics page asks for several things at once; each is refused.
  await goToRoute(page, '/statistic')
  await page.getByRole('button', { name: '登 录' }).waitFor()
  await page.waitForLoadState('networkidle')
  await expect.poll(() => toastBox(page, '登录已过期').count()).toBe(1)
  expect(await page.locator('.fui-Toast').count()).toBe(1)
})
