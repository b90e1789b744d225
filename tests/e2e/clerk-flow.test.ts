import type { Locator, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

/*
 * The clerk's everyday flow (issue 32): dates typed after a click, a wizard that
 * survives a reload, a training copied from last year, a rejection with its reason.
 */
const { admin } = demoAccounts
const LIST = '/trainingManagement/trainingManagement'
const consoleTabs = useConsoleTabs()

async function openWizard(page: Page): Promise<void> {
  await page.getByRole('img', { name: '验证码' }).waitFor()
  await signIn(page, admin.username, admin.password)
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  await goToRoute(page, LIST)
  await page.getByRole('button', { name: '新增培训班' }).click()
  await page.getByLabel('培训名称').waitFor()
}

/** The time box beside a date box (both live in one DateTimeInput). */
function timeBoxOf(dateBox: Locator): Locator {
  return dateBox.locator('xpath=../..').getByRole('combobox', { name: '时间', exact: true })
}

/** Clicks into a date box and types, as a clerk does (not reached with Tab, not filled). */
async function clickAndType(page: Page, dateBox: Locator, text: string): Promise<void> {
  await dateBox.click()
  await page.keyboard.type(text)
}

it('takes a date typed after a click, committed with Enter or with Tab', async () => {
  const { page } = consoleTabs.tab
  await openWizard(page)
  const calendar = page.getByRole('dialog', { name: 'Calendar' })

  // Click, type, Enter: the typed day (not today's, not the calendar's), and the calendar stays shut.
  const end = page.getByRole('combobox', { name: '培训结束时间', exact: true })
  await clickAndType(page, end, '2027-03-12')
  expect(await calendar.count()).toBe(0)
  await page.keyboard.press('Enter')
  expect(await calendar.count()).toBe(0)
  expect(await end.inputValue()).toBe('2027-03-12')
  expect(await timeBoxOf(end).inputValue()).toBe('00:00')

  // Click, type digits without separators and a time, Tab: both kept.
  const start = page.getByRole('combobox', { name: '培训开始时间', exact: true })
  await clickAndType(page, start, '202703100930')
  await page.keyboard.press('Tab')
  expect(await start.inputValue()).toBe('2027-03-10')
  expect(await timeBoxOf(start).inputValue()).toBe('09:30')

  // Slashes, Enter, on a date-only field.
  const issued = page.getByRole('combobox', { name: '发文日期', exact: true })
  await clickAndType(page, issued, '2027/3/1')
  await page.keyboard.press('Enter')
  expect(await issued.inputValue()).toBe('2027-03-01')

  // Retyping over a value with Tab replaces it (the date keeps its typed time).
  await end.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('2027/3/12 17:00')
  await page.keyboard.press('Tab')
  expect(await end.inputValue()).toBe('2027-03-12')
  expect(await timeBoxOf(end).inputValue()).toBe('17:00')

  // The calendar still opens from its icon.
  await end.locator('xpath=..').getByRole('button').click()
  await calendar.waitFor()
  await screenshot(page, 'clerk-date-calendar')
  await page.keyboard.press('Escape')
  await calendar.waitFor({ state: 'hidden' })
  await screenshot(page, 'clerk-dates-typed')
})
