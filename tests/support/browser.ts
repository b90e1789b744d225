import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { startWebHost, type WebHost } from '../../src-main/web/web-host'
import type { RpcName, RpcOutput } from '../../src-shared/ipc'
import { demoAccounts } from '../../src-server/seed/demo-accounts'

/**
 * The real renderer in Debian's Chromium, driven through the web host. Nothing is
 * downloaded: the browser is /usr/bin/chromium (`apt-get install chromium`) and the
 * renderer is the build in out/renderer (`npm run build`, which `npm test` runs first).
 */

export const CHROMIUM = '/usr/bin/chromium'
/** Every captcha's answer on the embedded test server. */
export const CAPTCHA_CODE = '8888'
/** Screenshots for a person to look at; never committed. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'shots')

const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-noto-cjk`)
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // Native date and time inputs follow the browser's language, not the page's: show them as a Chinese user sees them.
      '--lang=zh-CN',
    ],
  })
}

export interface ConsoleUnderTest {
  host: WebHost
  /** The app's data folder; the embedded server's SQLite file is `platform.sqlite` in it. */
  dataDir: string
  close(): Promise<void>
}

/** The web host in-process on a fresh data folder: standalone mode, demo province, fixed captcha. */
export async function startConsole(): Promise<ConsoleUnderTest> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(`${RENDERER_DIR} has no build: run \`npm run build\` first`)
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-console-'))
  const host = await startWebHost({ dataDir, env: { CAPTCHA_TEST_CODE: CAPTCHA_CODE }, rendererDir: RENDERER_DIR })
  return {
    host,
    dataDir,
    async close() {
      await host.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export interface ConsolePage {
  page: Page
  /** Uncaught errors and console errors of the page, for tests to assert there are none. */
  errors: string[]
  close(): Promise<void>
}

/** A fresh browser context on the console's address (which signs the page in to the bridge). */
export async function openConsole(browser: Browser, host: WebHost): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(host.url)
  // Until the app has settled on its first screen, a route set from outside can be
  // replaced by its own landing redirect (/ → /index).
  await page
    .getByRole('navigation', { name: '功能导航' })
    .or(page.getByRole('button', { name: '登 录' }))
    .or(page.getByRole('heading', { name: '首次设置' }))
    .first()
    .waitFor()
  return { page, errors, close: () => context.close() }
}

/**
 * Goes to a route of the hash router, e.g. `/no-such-page`, and waits until its page is on
 * screen (or the app has sent the address elsewhere): while a screen's code loads, the page
 * left stays, and a click meant for the new page's 添加 would open the old one's.
 */
export async function goToRoute(page: Page, route: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash
  }, `#${route}`)
  const path = route.split('?')[0]
  await page.waitForFunction((p) => document.documentElement.dataset.route === p || window.location.hash.slice(1).split('?')[0] !== p, path)
}

/** The questions each page's browser asked, answered (accepted) by one listener per page. */
const answeredDialogs = new WeakMap<Page, string[]>()

/**
 * Reloads the page as a user does with work typed in, and says which questions the
 * browser asked on the way (all accepted, from now on): `['beforeunload']` when the page
 * held the user back. One listener per page, however often it is called.
 */
export async function reloadAnswering(page: Page): Promise<string[]> {
  let asked = answeredDialogs.get(page)
  if (!asked) {
    const list: string[] = []
    page.on('dialog', (dialog) => {
      list.push(dialog.type())
      void dialog.accept()
    })
    answeredDialogs.set(page, list)
    asked = list
  }
  const before = asked.length
  await page.reload()
  return asked.slice(before)
}

/** The route part of the page's address: `#/login?redirect=%2Findex` → `/login?redirect=%2Findex`. */
export function routeOf(page: Page): string {
  return new URL(page.url()).hash.slice(1)
}

/** Fills the login form and presses Enter in the password field. */
export async function signIn(page: Page, username: string, password: string, code = CAPTCHA_CODE): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(username)
  await page.getByLabel('验证码', { exact: true }).fill(code)
  const passwordInput = page.getByLabel('密码', { exact: true })
  await passwordInput.fill(password)
  await passwordInput.press('Enter')
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true })
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true })
}

/** A toast's text (Fluent repeats it in a live region for screen readers, hence `first`). */
export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first()
}

/** Fills the 修改密码 dialog (the account menu's, or the one a password set by another administrator forces) and saves it. */
export async function changePassword(page: Page, oldPassword: string, newPassword: string, confirmPassword = newPassword): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '修改密码' })
  await dialog.getByLabel('原密码').fill(oldPassword)
  await dialog.getByLabel(/^新密码/).fill(newPassword)
  await dialog.getByLabel('确认新密码').fill(confirmPassword)
  await dialog.getByRole('button', { name: '确定' }).click()
}

/** Calls the console's core as the page does (the host's dispatch), throwing the refusal with its message and issues. */
export async function coreCall<K extends RpcName>(host: WebHost, method: K, input?: unknown): Promise<RpcOutput<K>> {
  const result = await host.core.dispatch(method, input as never)
  if (!result.ok) throw new Error(`${method}: ${result.error.message} ${JSON.stringify(result.error.issues ?? [])}`)
  return result.data as RpcOutput<K>
}

/** Signs the host's core in (the demo administrator unless told), through the fixed test captcha. */
export async function signInCore(host: WebHost, account: { username: string; password: string } = demoAccounts.admin): Promise<void> {
  const captcha = await coreCall(host, 'auth.captcha')
  await coreCall(host, 'session.login', { username: account.username, password: account.password, checkCode: CAPTCHA_CODE, checkCodeId: captcha.id })
}
