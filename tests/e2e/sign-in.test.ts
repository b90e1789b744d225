import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { SYSTEM_NAME } from '../../src-shared/product'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, routeOf, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin } = demoAccounts

const ui = useConsoleTabs()

describe('login page', () => {
  it('opens with the system name, a captcha image and the server mode', async () => {
    const { page } = ui.tab
    await page.getByRole('heading', { name: SYSTEM_NAME }).waitFor()
    expect(await page.title()).toBe(SYSTEM_NAME)
    expect(routeOf(page)).toBe('/login')
    const captcha = page.getByRole('img', { name: '验证码' })
    await captcha.waitFor()
    expect(await captcha.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    await page.getByText('单机模式（内置服务器）').waitFor()
    // The per-launch secret does not stay in the address bar.
    expect(page.url()).not.toContain('?s=')
    await screenshot(page, 'login')
  })

  it('says 用户名不能为空 and 验证码不能为空 when the form is sent empty', async () => {
    const { page } = ui.tab
    await page.getByRole('button', { name: '登 录' }).click()
    await page.getByText('用户名不能为空').waitFor()
    await page.getByText('验证码不能为空').waitFor()
    expect(routeOf(page)).toBe('/login')
    await screenshot(page, 'login-validation')
  })

  it('says 密码不能少于6位 for a short password', async () => {
    const { page } = ui.tab
    await signIn(page, admin.username, '12345')
    await page.getByText('密码不能少于6位').waitFor()
    expect(await page.getByText('用户名不能为空').count()).toBe(0)
    expect(routeOf(page)).toBe('/login')
  })

  it('shows the server refusal of a wrong captcha and loads a new captcha', async () => {
    const { page } = ui.tab
    const captcha = page.getByRole('img', { name: '验证码' })
    await captcha.waitFor()
    const firstImage = await captcha.getAttribute('src')
    const newCaptcha = page.waitForRequest((request) => request.url().endsWith('/rpc/auth.captcha'))
    await signIn(page, admin.username, admin.password, 'WXYZ')
    await page.getByText('验证码错误或已过期').waitFor()
    await newCaptcha
    await expect.poll(() => captcha.getAttribute('src')).not.toBe(firstImage)
    expect(await page.getByLabel('验证码', { exact: true }).inputValue()).toBe('')
    expect(routeOf(page)).toBe('/login')
  })

  it('shows the refusal of a wrong password', async () => {
    const { page } = ui.tab
    await signIn(page, admin.username, 'Wrong@123')
    await page.getByText('用户名或密码错误').waitFor()
    expect(routeOf(page)).toBe('/login')
  })
})

describe('signed in', () => {
  it('takes the super user (username typed with spaces) to the shell, and 退出登录 back to the login page', async () => {
    const { page } = ui.tab
    await signIn(page, `  ${admin.username}  `, admin.password)
    await page.waitForURL(/#\/index$/)
    const header = page.getByRole('banner')
    await header.getByText(admin.username, { exact: true }).waitFor()
    await header.getByText('超级管理员').waitFor()
    const nav = page.getByRole('navigation', { name: '功能导航' })
    await nav.getByText('首页').waitFor()
    await nav.getByRole('link', { name: '培训大数据' }).waitFor()
    await page.getByRole('heading', { name: '培训大数据' }).waitFor()
    await screenshot(page, 'shell')

    await page.getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL(/#\/login$/)
    await page.getByLabel('用户名', { exact: true }).waitFor()
    expect(await ui.app.host.core.dispatch('session.current', undefined)).toEqual({ ok: true, data: null })
  })

  it('returns to the login page when the session has expired, and back to the page afterwards', async () => {
    const { page } = ui.tab
    await signIn(page, admin.username, admin.password)
    await page.waitForURL(/#\/index$/)

    const db = new Database(join(ui.app.dataDir, 'platform.sqlite'))
    try {
      db.prepare('DELETE FROM session').run()
    } finally {
      db.close()
    }
    await page.reload()
    await page.waitForURL(/#\/login\?redirect=%2Findex$/)
    await page.getByLabel('用户名', { exact: true }).waitFor()

    await signIn(page, admin.username, admin.password)
    await page.waitForURL(/#\/index$/)
  })

  it('honours the redirect query, except to an error page', async () => {
    const { page } = ui.tab
    await goToRoute(page, '/index')
    await page.waitForURL(/#\/login\?redirect=%2Findex$/)
    await goToRoute(page, '/login?redirect=/index')
    await signIn(page, admin.username, admin.password)
    await page.waitForURL(/#\/index$/)
    await page.getByRole('button', { name: '退出登录' }).click()
    await page.waitForURL(/#\/login$/)

    await goToRoute(page, '/login?redirect=/404')
    await signIn(page, admin.username, admin.password)
    await page.waitForURL(/#\/index$/)
    expect(await page.getByText('抱歉! 当前页面不存在...').count()).toBe(0)
  })
})
