import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebHost, type WebHost } from '../../src-main/web/web-host'
import { DEMO_ADMIN_PASSWORD, PUBLISHED_PASSWORD_MESSAGE } from '../../src-shared/published-passwords'
import { CAPTCHA_CODE, goToRoute, launchBrowser, openConsole, routeOf, screenshot, signIn } from '../support/browser'

const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))
const PASSWORD = 'Shen9Zhou'

/** A console that asks on a new data folder, as a packaged app does (FIRST_RUN), with a fixed captcha to sign in. */
const startFirstRunConsole = (dataDir: string) =>
  startWebHost({ dataDir, env: { CAPTCHA_TEST_CODE: CAPTCHA_CODE }, rendererDir: RENDERER_DIR, firstRun: true })

describe('the first run of a new console', () => {
  let browser: Browser
  let dataDir: string
  let host: WebHost | undefined

  beforeAll(async () => {
    browser = await launchBrowser()
    dataDir = await mkdtemp(join(tmpdir(), 'e2e-first-run-'))
  })
  afterAll(async () => {
    await browser?.close()
    await host?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('asks for the mode and the admin password, then signs in to an empty province', async () => {
    host = await startFirstRunConsole(dataDir)
    const { page, errors, close } = await openConsole(browser, host)
    await page.getByRole('heading', { name: '首次设置' }).waitFor()
    expect(await page.getByRole('radio', { name: /^单机/ }).isChecked()).toBe(true)
    await screenshot(page, 'first-run')

    // The account rules of spec 001 §5, then a mismatch, each said in Chinese.
    await page.getByLabel('超级管理员 admin 的密码').fill('abc123')
    await page.getByLabel('确认密码').fill('abc123')
    await page.getByRole('button', { name: '完成设置' }).click()
    await page.getByText('必须包含大小写字母和数字的组合，可以使用特殊字符，长度在6-12之间').nth(1).waitFor()
    // The demo's published password passes the account rules but is refused on the form, in plain words
    // (it once got past it, and the server then refused to start: ADMIN_PASSWORD 太弱…).
    await page.getByLabel('超级管理员 admin 的密码').fill(DEMO_ADMIN_PASSWORD)
    await page.getByLabel('确认密码').fill(DEMO_ADMIN_PASSWORD)
    await page.getByRole('button', { name: '完成设置' }).click()
    await page.getByText(PUBLISHED_PASSWORD_MESSAGE).waitFor()
    await page.getByRole('heading', { name: '首次设置' }).waitFor()
    await screenshot(page, 'first-run-published-password')
    await page.getByLabel('超级管理员 admin 的密码').fill(PASSWORD)
    await page.getByLabel('确认密码').fill('Other9Zhou')
    await page.getByRole('button', { name: '完成设置' }).click()
    await page.getByText('两次输入的密码不一致').waitFor()

    // 连接服务器 warns about plain http to another computer; back to 单机 keeps the password typed.
    await page.getByRole('radio', { name: /^连接服务器/ }).check()
    await page.getByLabel('服务器地址').fill('http://192.168.1.10:8686')
    await page.getByText(/未加密的 http/).waitFor()
    await screenshot(page, 'first-run-connect')
    await page.getByRole('radio', { name: /^单机/ }).check()
    await page.getByLabel('确认密码').fill(PASSWORD)
    await page.getByRole('button', { name: '完成设置' }).click()

    // The set-up says what it made before the login page.
    const finished = page.getByRole('region', { name: '设置完成' })
    await finished.getByText('本机的平台服务已建好。请用账号 admin 和刚才设置的密码登录。').waitFor()
    await screenshot(page, 'first-run-finished')
    await finished.getByRole('button', { name: '前往登录' }).click()
    await page.getByRole('button', { name: '登 录' }).waitFor()
    expect(routeOf(page)).toMatch(/^\/login/)
    await signIn(page, 'admin', PASSWORD)
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
    // An empty province: the dashboard says where to start, each step a link to its screen.
    const guide = page.getByRole('group', { name: '开始使用' })
    const links = guide.getByRole('link')
    await links.first().waitFor()
    expect(await links.allInnerTexts()).toEqual(['部门管理', '党员管理', '培训班管理'])
    await screenshot(page, 'first-run-start-guide')
    await guide.getByRole('link', { name: '部门管理' }).click()
    await page.waitForURL(/#\/organization\/department$/)
    // The dashboard stays until the screen it opened is drawn.
    await guide.waitFor({ state: 'detached' })
    await goToRoute(page, '/organization/member')
    await page.getByRole('region', { name: '党员列表' }).getByText('还没有数据').waitFor()
    // Ctrl/Cmd+F goes to the list's first filter.
    await page.keyboard.press('ControlOrMeta+f')
    expect(await page.evaluate(() => document.activeElement?.closest('[role="search"]') !== null && document.activeElement?.tagName)).toBe('INPUT')
    await screenshot(page, 'first-run-empty-province')
    expect(errors).toEqual([])
    await close()
    await host.core.dispatch('session.logout', undefined)
  })

  it('goes straight to the login page on the second start', async () => {
    await host?.close()
    host = await startFirstRunConsole(dataDir)
    const { page, errors, close } = await openConsole(browser, host)
    await page.getByRole('button', { name: '登 录' }).waitFor()
    expect(await page.getByRole('heading', { name: '首次设置' }).count()).toBe(0)
    await signIn(page, 'admin', PASSWORD)
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
    expect(errors).toEqual([])
    await close()
  })
})
