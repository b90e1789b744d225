import { describe, expect, it } from 'vitest'
import { PASSWORD_RULE_MESSAGE } from '../../src-shared/schemas/system'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { changePassword, goToRoute, screenshot, signIn, toast } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin, orgadmin } = demoAccounts
const consoleTabs = useConsoleTabs()
/** The administrator's password once the first test has changed it. */
const ADMIN_NEW = 'Chosen123'

describe('修改密码 (issue 31)', () => {
  it('changes one’s own password from the account menu; the new one signs in', async () => {
    const { page } = consoleTabs.tab
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, admin.username, admin.password)
    await page.getByRole('button', { name: `账号 ${admin.username}` }).click()
    await page.getByRole('menuitem', { name: '修改密码' }).click()
    const dialog = page.getByRole('dialog', { name: '修改密码' })
    await dialog.getByText(PASSWORD_RULE_MESSAGE).waitFor()
    // Taken once the dialog has finished opening (Fluent fades it in).
    await dialog.evaluate((surface) => Promise.all(surface.getAnimations({ subtree: true }).map((animation) => animation.finished)))
    await screenshot(page, 'change-password')

    await changePassword(page, admin.password, ADMIN_NEW, 'Chosen124')
    await dialog.getByText('两次输入的密码不一致').waitFor()
    await changePassword(page, 'Wrong1234', ADMIN_NEW)
    await dialog.getByText('原密码不正确').waitFor()
    await screenshot(page, 'change-password-refused')
    await changePassword(page, admin.password, ADMIN_NEW)
    await toast(page, '密码已修改').waitFor()
    await dialog.waitFor({ state: 'detached' })
    // This session stays signed in.
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()

    await page.getByRole('button', { name: '退出登录' }).click()
    await signIn(page, admin.username, admin.password)
    await toast(page, '用户名或密码错误').waitFor()
    await signIn(page, admin.username, ADMIN_NEW)
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  })

  it('makes a password reset by another administrator be changed before anything else', async () => {
    const { page } = consoleTabs.tab
    await page.setViewportSize({ width: 1440, height: 900 })
    await signIn(page, admin.username, ADMIN_NEW)
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
    await goToRoute(page, '/system/admin')
    const row = page.getByRole('table', { name: '账号列表' }).getByRole('row').filter({ hasText: orgadmin.username })
    await row.getByRole('button', { name: '编辑' }).click()
    const edit = page.getByRole('dialog', { name: '编辑账号' })
    await edit.getByLabel('密码').fill('Reset123')
    await edit.getByRole('button', { name: '确定' }).click()
    await toast(page, '修改成功！').waitFor()
    await page.getByRole('button', { name: '退出登录' }).click()

    await signIn(page, orgadmin.username, 'Reset123')
    const dialog = page.getByRole('dialog', { name: '修改密码' })
    await dialog.getByText('密码由管理员设置，请先修改密码后再使用系统。').waitFor()
    expect(await page.getByRole('navigation', { name: '功能导航' }).count()).toBe(0)
    await screenshot(page, 'change-password-required')
    // The server refuses the account anything else meanwhile, whatever the page shows.
    const refused = await consoleTabs.app.host.core.dispatch('member.list', {} as never)
    expect(refused).toMatchObject({ ok: false, error: { key: 'FORBIDDEN', message: '请先修改密码' } })

    await changePassword(page, 'Reset123', 'Mine12345')
    await toast(page, '密码已修改').waitFor()
    await page.getByRole('navigation', { name: '功能导航' }).waitFor()
    expect((await consoleTabs.app.host.core.dispatch('member.list', {} as never)).ok).toBe(true)
  })
})
