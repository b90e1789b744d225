import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { NO_MATCH } from '../../src-server/modules/signup/checkin-handlers'
import { hashPassword } from '../../src-server/auth/passwords'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { launchBrowser, screenshot } from '../support/browser'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { MEMBER_PASSWORD } from '../support/exam'
import { login } from '../support/login'
import { daysFromNow, membersOfTopOrg, validTrainForm } from '../support/training'
import { call, startTestServer, type TestServer } from '../server/harness'

/**
 * The pages a member opens on a phone from the sign-up and venue QR codes, in
 * Chromium with a phone's viewport: the form is built from the training's options,
 * its inline script posts the answers, and the outcome is shown in Chinese.
 */
describe('member-facing sign-up and check-in pages in a phone browser', () => {
  const [sqlite] = testDatabases()
  let server: TestServer
  let browser: Browser
  let admin: string
  let member: { id: number; name: string; telephone: string }

  beforeAll(async () => {
    server = await startTestServer(await sqlite.url())
    browser = await launchBrowser()
    admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    member = (await membersOfTopOrg(server.db, '省财政厅机关党委')).at(-1)!
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function phonePage(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // A refused submission logs its HTTP status; that is the expected answer, not a page error.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text())
    })
    return { page, errors }
  }

  it('signs up from the QR link, showing field errors first and success after', async () => {
    const train = dataOf(
      (
        await call<TrainDetail>(server.url, 'POST', '/api/train', {
          token: admin,
          body: validTrainForm({ name: '手机报名演示班', signUpOptions: [1, 2, 12, 13, 15], signUpTips3: '请如实填写。' }),
        })
      ).body,
    )
    dataOf((await call(server.url, 'PATCH', '/api/train/audit', { token: admin, body: { id: train.id, status: 30 } })).body)

    const { page, errors } = await phonePage()
    await page.goto(train.signUpLink)
    await expect.poll(() => page.locator('h1').textContent()).toBe('手机报名演示班')
    // Everything empty: every missing answer at once, the training's own fields with 姓名 and 手机号, each
    // under its field; the message under the button names the first field of the form, scrolled into view.
    const missing = {
      name: '请输入姓名',
      telephone: '请输入手机号',
      gender: '请选择性别',
      arrivalType: '请选择到达方式',
      arrivalTime: '请选择到达时间',
      needRoom: '请选择是否需要住宿',
      marks: '',
    }
    const fieldErrors = () => page.evaluate((fields) => Object.fromEntries(fields.map((f) => [f, document.getElementById(`err-${f}`)?.textContent])), Object.keys(missing))
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe('请输入姓名')
    expect(await fieldErrors()).toEqual(missing)
    expect(await page.locator('#name').evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight)).toBe(true)
    await screenshot(page, 'mobile-signup-first-error')
    await page.fill('#telephone', member.telephone)
    await page.click('button[type=submit]')
    await expect.poll(fieldErrors).toEqual({ ...missing, telephone: '' })

    // A name that is not the number's member: the neutral answer, the form kept.
    await page.fill('#name', '某某某')
    await page.selectOption('#gender', '1')
    await page.selectOption('#arrivalType', '集中前往')
    await page.fill('#arrivalTime', daysFromNow(6.5).slice(0, 16).replace(' ', 'T'))
    await page.selectOption('#needRoom', '1')
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(NO_MATCH)

    await page.fill('#name', member.name)
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(`报名成功！${member.name}，请按时参加培训。`)
    await screenshot(page, 'mobile-signup-done')
    expect(errors).toEqual([])

    const [signUp] = dataOf(
      (await call<{ arrivalTime: string; needRoom: number }[]>(server.url, 'GET', '/api/train/sign/up/member/all', { token: admin, query: { trainId: String(train.id) } })).body,
    )
    expect(signUp).toMatchObject({ needRoom: 1, arrivalTime: `${daysFromNow(6.5).slice(0, 16)}:00` })

    const { page: checkInPage, errors: checkInErrors } = await phonePage()
    await call(server.url, 'PATCH', '/api/train', {
      token: admin,
      body: { ...validTrainForm({ name: '手机报名演示班', signUpOptions: [1, 2, 12, 13, 15], trainSignIns: [{ signInStartTime: daysFromNow(-0.01), signInEndTime: daysFromNow(0.05) }] }), id: train.id },
    })
    const code = dataOf((await call<{ link: string }>(server.url, 'GET', '/api/train/checkin/code', { token: admin, query: { trainId: String(train.id) } })).body)
    await checkInPage.goto(code.link)
    // Nobody is named until the member proves who they are: both fields are needed …
    await checkInPage.click('button[type=submit]')
    await expect.poll(() => checkInPage.locator('#result').textContent()).toBe('请输入手机号')
    expect(await checkInPage.locator('#err-password').textContent()).toBe('请输入密码')
    // … and a signed-up number with a wrong password gets the sign-in's neutral answer.
    await server.db.updateTable('member').set({ pwdHash: await hashPassword(MEMBER_PASSWORD) }).where('id', '=', member.id).execute()
    await checkInPage.fill('#telephone', member.telephone)
    await checkInPage.fill('#password', 'not-the-password')
    await checkInPage.click('button[type=submit]')
    await expect.poll(() => checkInPage.locator('#result').textContent()).toBe('手机号或密码错误')
    expect(await checkInPage.locator('main').textContent()).not.toContain(member.name)
    await screenshot(checkInPage, 'mobile-checkin-sign-in')
    await checkInPage.fill('#password', MEMBER_PASSWORD)
    await checkInPage.click('button[type=submit]')
    await expect.poll(() => checkInPage.locator('#result').textContent()).toBe(`签到成功！${member.name}`)
    await screenshot(checkInPage, 'mobile-checkin-done')
    // The session stays on the phone (the exam page's too): the next scan checks in with one tap.
    await checkInPage.reload()
    await expect.poll(() => checkInPage.locator('#whoName').textContent()).toBe(member.name)
    expect(await checkInPage.locator('#f').isVisible()).toBe(false)
    await screenshot(checkInPage, 'mobile-checkin-signed-in')
    await checkInPage.click('#go')
    await expect.poll(() => checkInPage.locator('#result').textContent()).toMatch(new RegExp(`^${member.name}，您已于 \\d\\d:\\d\\d 签到$`))
    expect(checkInErrors).toEqual([])
  })

  it('refuses an ID number with a wrong check character under its field, and takes a lower-case x', async () => {
    const body = validTrainForm({ name: '身份证号校验班', signUpOptions: [1, 11] })
    const train = dataOf((await call<TrainDetail>(server.url, 'POST', '/api/train', { token: admin, body })).body)
    dataOf((await call(server.url, 'PATCH', '/api/train/audit', { token: admin, body: { id: train.id, status: 30 } })).body)

    const { page, errors } = await phonePage()
    await page.goto(train.signUpLink)
    await page.fill('#telephone', member.telephone)
    await page.fill('#name', member.name)
    await page.fill('#cardsNumber', '320102199001012341')
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe('身份证号校验位不正确')
    expect(await page.locator('#err-cardsNumber').textContent()).toBe('身份证号校验位不正确')
    await screenshot(page, 'mobile-signup-bad-id')

    await page.fill('#cardsNumber', '32010219900101234x')
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(`报名成功！${member.name}，请按时参加培训。`)
    expect(errors).toEqual([])
    const [signUp] = dataOf(
      (await call<{ cardsNumber: string }[]>(server.url, 'GET', '/api/train/sign/up/member/all', { token: admin, query: { trainId: String(train.id) } })).body,
    )
    expect(signUp.cardsNumber).toBe('32010219900101234X')
  })

  it('answers a damaged QR link with the styled phone page in Chinese, and shows the exam clock only during a sitting', async () => {
    const { page, errors } = await phonePage()
    for (const [link, title, message, shot] of [
      ['/m/checkin', '培训签到', '签到二维码无效，请重新扫描会场大屏上的二维码', 'mobile-checkin-no-params'],
      ['/m/signup?id=5', '培训报名', '报名链接无效', 'mobile-signup-bad-link'],
    ] as const) {
      const response = await page.goto(server.url + link)
      expect(response?.status()).toBe(404)
      expect([await page.locator('h1').textContent(), await page.locator('main p').textContent()]).toEqual([title, message])
      expect(await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(204, 0, 0)')
      await screenshot(page, shot)
    }

    await page.goto(`${server.url}/m/exam`)
    await page.locator('#telephone').waitFor()
    expect(await page.locator('#bar').isVisible()).toBe(false)
    expect(await page.getByText('已保存').isVisible()).toBe(false)
    await screenshot(page, 'mobile-exam-sign-in')
    expect(errors).toEqual([])
  })
})
