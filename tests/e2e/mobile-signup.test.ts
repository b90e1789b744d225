import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TrainDetail } from '../../src-shared/schemas/training'
import { NO_MATCH } from '../../src-server/modules/signup/checkin-handlers'
import { hashPassword } from '../../src-server/auth/passwords'
import { nowText } from '../../src-server/db/time'
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
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe('请输入姓名')
    expect(await fieldErrors()).toEqual(missing)
    expect(await page.locator('#name').evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight)).toBe(true)
    await screenshot(page, 'mobile-signup-first-error')
    await page.fill('#telephone', member.telephone)
    await page.click('#f button[type=submit]')
    await expect.poll(fieldErrors).toEqual({ ...missing, telephone: '' })

    // A name that is not the number's member: the neutral answer, the form kept.
    await page.fill('#name', '某某某')
    await page.selectOption('#gender', '1')
    await page.selectOption('#arrivalType', '集中前往')
    await page.fill('#arrivalTime', daysFromNow(6.5).slice(0, 16).replace(' ', 'T'))
    await page.selectOption('#needRoom', '1')
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(NO_MATCH)

    await page.fill('#name', member.name)
    await page.click('#f button[type=submit]')
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
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe('身份证号校验位不正确')
    expect(await page.locator('#err-cardsNumber').textContent()).toBe('身份证号校验位不正确')
    await screenshot(page, 'mobile-signup-bad-id')

    await page.fill('#cardsNumber', '32010219900101234x')
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(`报名成功！${member.name}，请按时参加培训。`)
    expect(errors).toEqual([])
    const [signUp] = dataOf(
      (await call<{ cardsNumber: string }[]>(server.url, 'GET', '/api/train/sign/up/member/all', { token: admin, query: { trainId: String(train.id) } })).body,
    )
    expect(signUp.cardsNumber).toBe('32010219900101234X')
  })

  it('fills the sign-up form from the member record once the member signs in, and shows the host unit by name', async () => {
    const body = validTrainForm({ name: '自动填写报名班', signUpOptions: [1, 2, 5, 8, 11, 12], signUpTips: '如：支部书记' })
    const train = dataOf((await call<TrainDetail>(server.url, 'POST', '/api/train', { token: admin, body })).body)
    dataOf((await call(server.url, 'PATCH', '/api/train/audit', { token: admin, body: { id: train.id, status: 30 } })).body)
    const signer = (await membersOfTopOrg(server.db, '省财政厅机关党委')).at(-2)!
    const record = { gender: 1, department: '预算处', jobs: '副处长', partyJobs: '支部书记', idcard: '32010219900101234X' }
    await server.db.updateTable('member').set({ ...record, pwdHash: await hashPassword(MEMBER_PASSWORD) }).where('id', '=', signer.id).execute()

    const { page, errors } = await phonePage()
    await page.goto(train.signUpLink)
    // Hosted by 其他: the office's own name (the root organisation's), never 其他.
    expect(await page.locator('#host').textContent()).toBe('省直机关工委')
    await page.getByText('登录党员账号，自动填写报名信息').click()
    await page.fill('#logintelephone', signer.telephone)
    await page.fill('#loginpassword', 'not-the-password')
    await page.getByRole('button', { name: '登录并填写' }).click()
    await expect.poll(() => page.locator('#loginResult').textContent()).toBe('手机号或密码错误')
    await page.fill('#loginpassword', MEMBER_PASSWORD)
    await page.getByRole('button', { name: '登录并填写' }).click()
    await expect.poll(() => page.locator('#whoName').textContent()).toBe(signer.name)
    const values = () => page.evaluate(() => Object.fromEntries(['name', 'telephone', 'gender', 'company', 'department', 'jobs', 'partyJobs', 'cardsNumber'].map((k) => [k, (document.getElementById(k) as HTMLInputElement).value])))
    expect(await values()).toEqual({
      name: signer.name, telephone: signer.telephone, gender: '1', company: '省财政厅机关党委', department: '预算处', jobs: '副处长', partyJobs: '支部书记', cardsNumber: '32010219900101234X',
    })
    // Who signs up is what the member proved; the rest may be corrected.
    expect(await page.locator('#name').evaluate((el: HTMLInputElement) => el.readOnly)).toBe(true)
    expect(await page.locator('#jobs').evaluate((el: HTMLInputElement) => el.readOnly)).toBe(false)
    expect(await page.locator('#signIn').isVisible()).toBe(false)
    await screenshot(page, 'mobile-signup-prefilled')

    await page.fill('#jobs', '处长')
    await page.selectOption('#arrivalType', '自行前往')
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(`报名成功！${signer.name}，请按时参加培训。`)
    const signUps = dataOf((await call<{ memberId: number; jobs: string; department: string; source: string }[]>(server.url, 'GET', '/api/train/sign/up/member/all', { token: admin, query: { trainId: String(train.id) } })).body)
    expect(signUps).toMatchObject([{ memberId: signer.id, jobs: '处长', department: '预算处', source: 'self' }])

    // Back on the link later: told, not handed the form again.
    await page.reload()
    await expect.poll(() => page.locator('#result').textContent()).toBe('您已报名此培训班，请按时参加培训。')
    expect(await page.locator('#f').isVisible()).toBe(false)
    await screenshot(page, 'mobile-signup-already')
    // Someone else on this phone: the session is forgotten and the form is empty again.
    await page.getByRole('button', { name: '不是本人？切换账号' }).click()
    expect(await page.locator('#f').isVisible()).toBe(true)
    expect(await values()).toEqual({ name: '', telephone: '', gender: '', company: '', department: '', jobs: '', partyJobs: '', cardsNumber: '' })
    expect(await page.locator('#name').evaluate((el: HTMLInputElement) => el.readOnly)).toBe(false)
    expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBeNull()
    expect(errors).toEqual([])
  })

  it('says in Chinese that the network is down on every phone page, never the browser\'s Failed to fetch', async () => {
    const train = dataOf((await call<TrainDetail>(server.url, 'POST', '/api/train', {
      token: admin,
      body: validTrainForm({ name: '断网提示班', signUpOptions: [1], trainSignIns: [{ signInStartTime: daysFromNow(-0.01), signInEndTime: daysFromNow(0.05) }] }),
    })).body)
    dataOf((await call(server.url, 'PATCH', '/api/train/audit', { token: admin, body: { id: train.id, status: 30 } })).body)
    const code = dataOf((await call<{ link: string }>(server.url, 'GET', '/api/train/checkin/code', { token: admin, query: { trainId: String(train.id) } })).body)
    const now = nowText()
    const teacher = await server.db.insertInto('teacher').values({ name: '李老师', avatarUrl: '2026/01/0123456789abcdef0123456789abcdef.png', content: '简介', createTime: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    await server.db.insertInto('course').values({ name: '断网评论课', teacherId: teacher.id, content: '<p>简介</p>', status: 1, imagePath: null, videoPath: null, createTime: now, updatedAt: now }).execute()
    await server.db.updateTable('member').set({ pwdHash: await hashPassword(MEMBER_PASSWORD) }).where('id', '=', member.id).execute()
    const { page, errors } = await phonePage()
    const offline = (on: boolean) => page.context().setOffline(on)
    const NETWORK_DOWN = '网络未连接，请检查网络后重试'

    await page.goto(train.signUpLink)
    await offline(true)
    await page.fill('#name', member.name)
    await page.fill('#telephone', member.telephone)
    await page.click('#f button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(NETWORK_DOWN)
    await screenshot(page, 'mobile-signup-offline')
    await page.getByText('登录党员账号，自动填写报名信息').click()
    await page.fill('#logintelephone', member.telephone)
    await page.fill('#loginpassword', MEMBER_PASSWORD)
    await page.getByRole('button', { name: '登录并填写' }).click()
    await expect.poll(() => page.locator('#loginResult').textContent()).toBe(NETWORK_DOWN)

    await offline(false)
    await page.goto(code.link)
    await offline(true)
    await page.fill('#telephone', member.telephone)
    await page.fill('#password', MEMBER_PASSWORD)
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(NETWORK_DOWN)

    await offline(false)
    await page.goto(`${server.url}/m/exam`)
    await offline(true)
    await page.fill('#telephone', member.telephone)
    await page.fill('#password', MEMBER_PASSWORD)
    await page.click('button[type=submit]')
    await expect.poll(() => page.locator('#result').textContent()).toBe(NETWORK_DOWN)
    await screenshot(page, 'mobile-exam-offline')
    // Signed in, the exam list and the course comments say the same.
    await offline(false)
    await page.click('button[type=submit]')
    await page.getByRole('button', { name: '课程评论' }).click()
    const card = page.locator('form[data-course]').filter({ hasText: '断网评论课' })
    await card.locator('textarea').fill('很有收获')
    await offline(true)
    // The route's schema is checked on the phone: a missing 评分 is said without the network.
    await card.getByRole('button', { name: '提交评论' }).click()
    await expect.poll(() => card.locator('.result').textContent()).toBe('请选择评分')
    await card.locator('input[name=grade][value="5"]').check()
    await card.getByRole('button', { name: '提交评论' }).click()
    await expect.poll(() => card.locator('.result').textContent()).toBe(NETWORK_DOWN)
    await page.getByRole('button', { name: '返回' }).click()
    await expect.poll(() => page.locator('#app .fail').textContent()).toBe(NETWORK_DOWN)
    await screenshot(page, 'mobile-exam-list-offline')
    await offline(false)
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([])
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
