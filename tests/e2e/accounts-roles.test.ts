import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import type { RpcName, RpcOutput } from '../../src-shared/ipc'
import { changePassword, coreCall, goToRoute, routeOf, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin } = demoAccounts
const consoleTabs = useConsoleTabs()

/** Signs in; an account the administrator made first changes its password to `chosen`. */
async function signedInAs(page: Page, username: string, password: string, route: string, chosen?: string): Promise<void> {
  await signIn(page, username, password)
  if (chosen) await changePassword(page, password, chosen)
  await page.getByRole('navigation', { name: '功能导航' }).waitFor()
  await goToRoute(page, route)
}

const isMixed = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('checkbox', { name, exact: true }).evaluate((el) => (el as HTMLInputElement).indeterminate)

/** Calls a route through the web host's bridge, as the renderer's `invoke` does. */
function invokeThroughBridge(page: Page, method: string, input: unknown) {
  return page.evaluate(
    async ({ method, input }) => {
      const secret = sessionStorage.getItem('bridge-secret') ?? ''
      const response = await fetch(`/rpc/${method}`, {
        method: 'POST',
        headers: { 'X-Bridge-Secret': secret, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      })
      return (await response.json()) as { ok: boolean; error?: { key: string; message: string } }
    },
    { method, input },
  )
}

describe('roles, accounts and what an account may use', () => {
  it('shows 审核 only to an account whose role grants it (author and approver apart)', async () => {
    const { page } = consoleTabs.tab
    const core = <K extends RpcName>(method: K, input?: unknown): Promise<RpcOutput<K>> => coreCall(consoleTabs.app.host, method, input)
    await signedInAs(page, admin.username, admin.password, '/trainingManagement/trainingManagement')
    const firstRow = page.getByRole('table', { name: '培训班列表' }).getByRole('row').nth(1)
    await firstRow.getByRole('button', { name: '审核' }).waitFor()
    // An author: 培训班管理 and 报名统计, not 审核 (203).
    await core('role.create', { title: '培训编辑', remark: '编辑培训班，不审核', permissionIdList: [201, 202] })
    const roles = await core('role.all')
    const roleId = roles.find((r) => r.title === '培训编辑')!.id
    await core('admin.create', { name: 'author', password: 'Author123', roleId, memberId: null })
    await core('session.logout')
    await page.reload()

    await signedInAs(page, 'author', 'Author123', '/trainingManagement/trainingManagement', 'Author124')
    await firstRow.getByRole('button', { name: '编辑' }).waitFor()
    expect(await page.getByRole('button', { name: '审核' }).count()).toBe(0)
    await screenshot(page, 'training-list-without-audit')
  })

  it('creates a role with one menu and an account with it; that account sees only that menu and is refused elsewhere', async () => {
    const { page } = consoleTabs.tab
    await signedInAs(page, admin.username, admin.password, '/system/role')
    const roles = page.getByRole('table', { name: '角色列表' })
    const superRow = roles.getByRole('row').filter({ hasText: '超级管理员' })
    expect(await superRow.getByRole('button', { name: '编辑' }).isDisabled()).toBe(true)
    expect(await superRow.getByRole('button', { name: '删除' }).isDisabled()).toBe(true)

    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请输入角色名称').waitFor()
    await dialog.getByText('请至少选择一个菜单!').waitFor()

    await dialog.getByLabel('角色名称').fill('日志查看员')
    await dialog.getByLabel('备注').fill('只看操作日志')
    // Ticking the module ticks its screens; unticking all but one of them leaves it mixed.
    await dialog.getByRole('checkbox', { name: '系统管理', exact: true }).click()
    expect(await dialog.getByRole('checkbox', { name: '账号管理' }).isChecked()).toBe(true)
    await dialog.getByRole('checkbox', { name: '账号管理' }).click()
    await dialog.getByRole('checkbox', { name: '角色管理' }).click()
    await dialog.getByRole('checkbox', { name: '短信设置' }).click()
    expect(await isMixed(page, '系统管理')).toBe(true)
    await screenshot(page, 'role-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText('添加成功！').first().waitFor()
    await roles.getByRole('cell', { name: '日志查看员' }).waitFor()

    await goToRoute(page, '/system/admin')
    const accounts = page.getByRole('table', { name: '账号列表' })
    await accounts.getByRole('cell', { name: 'orgadmin' }).waitFor()
    await page.getByRole('button', { name: '添加' }).click()
    await dialog.getByLabel('账号').fill('logviewer')
    await dialog.getByLabel('密码').fill('viewer123')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('必须包含大小写字母和数字的组合，可以使用特殊字符，长度在6-12之间').waitFor()
    await dialog.getByRole('alert').filter({ hasText: '请选择角色' }).waitFor()
    await dialog.getByLabel('密码').fill('Viewer123')
    await dialog.getByRole('combobox', { name: '角色' }).click()
    await page.getByRole('option', { name: '日志查看员' }).click()
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText('添加成功！').first().waitFor()
    const row = accounts.getByRole('row').filter({ hasText: 'logviewer' })
    await row.getByRole('cell', { name: '日志查看员' }).waitFor()
    expect(await row.getAttribute('data-highlighted')).toBe('true')
    await row.getByRole('cell', { name: '无', exact: true }).waitFor()
    await screenshot(page, 'accounts')

    // The account's history shows its creation, without the password.
    await row.getByRole('button', { name: '记录' }).click()
    const history = page.getByRole('dialog')
    await history.getByText('新增账号').waitFor()
    await history.getByText('[已隐藏]').waitFor()
    await screenshot(page, 'account-history')
    await history.getByRole('button', { name: '关闭' }).click()

    await page.getByRole('button', { name: '退出登录' }).click()
    await signIn(page, 'logviewer', 'Viewer123')
    await changePassword(page, 'Viewer123', 'Viewer124')
    const nav = page.getByRole('navigation', { name: '功能导航' })
    await nav.getByRole('link', { name: '操作日志' }).waitFor()
    await page.getByRole('table', { name: '操作日志' }).waitFor()
    expect(routeOf(page)).toBe('/system/log')
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['操作日志'])
    await screenshot(page, 'log-viewer')

    const refused = await invokeThroughBridge(page, 'admin.list', {})
    expect(refused).toMatchObject({ ok: false, error: { key: 'FORBIDDEN' } })
    const allowed = await invokeThroughBridge(page, 'log.list', {})
    expect(allowed.ok).toBe(true)
  })

  it('lists the log with filters and shows an entry before and after', async () => {
    const { page } = consoleTabs.tab
    await signedInAs(page, admin.username, admin.password, '/system/log')
    const log = page.getByRole('table', { name: '操作日志' })
    await log.getByRole('cell', { name: '新增角色' }).first().waitFor()
    await page.getByRole('combobox', { name: '模块' }).click()
    await page.getByRole('option', { name: '账号管理' }).click()
    await page.getByRole('button', { name: '查询' }).click()
    await log.getByRole('cell', { name: '新增角色' }).first().waitFor({ state: 'detached' })
    await log.getByRole('cell', { name: '新增账号' }).first().waitFor()
    await log.getByRole('row').filter({ hasText: '新增账号' }).first().getByRole('button', { name: '详情' }).click()
    const detail = page.getByRole('dialog')
    // A created account shows what it was made with, in one column.
    await detail.getByRole('table', { name: '新建的记录' }).getByRole('cell', { name: 'logviewer' }).waitFor()
    expect(await detail.getByRole('columnheader').allInnerTexts()).toEqual(['字段', '新建的值'])
    await screenshot(page, 'log-detail')
  })

  it('links an account to a party member picked in the user selector, and unlinks it', async () => {
    const { page } = consoleTabs.tab
    await signedInAs(page, admin.username, admin.password, '/system/admin')
    const accounts = page.getByRole('table', { name: '账号列表' })
    await accounts.getByRole('cell', { name: 'orgadmin' }).waitFor()
    await page.getByRole('button', { name: '添加' }).click()
    const dialog = page.getByRole('dialog', { name: '添加账号' })
    await dialog.getByLabel('账号').fill('gaofeng')
    await dialog.getByLabel('密码').fill('GaoFeng1')
    await dialog.getByRole('combobox', { name: '角色' }).click()
    await page.getByRole('option', { name: '单位管理员' }).click()
    expect(await dialog.getByRole('textbox', { name: '关联用户' }).inputValue()).toBe('无')
    await dialog.getByRole('button', { name: '选择' }).click()

    const selector = page.getByRole('dialog', { name: '选择用户' })
    const people = selector.getByRole('table', { name: '用户列表' })
    await people.getByRole('row').nth(1).waitFor()
    await selector.getByLabel('姓名').fill('高峰')
    await selector.getByRole('button', { name: '查询' }).click()
    const row = people.getByRole('row').filter({ hasText: '高峰' })
    await row.waitFor()
    await screenshot(page, 'user-selector')
    await row.getByRole('button', { name: '选择' }).click()
    await selector.waitFor({ state: 'detached' })

    expect(await dialog.getByRole('textbox', { name: '关联用户' }).inputValue()).toBe('高峰')
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText('添加成功！').first().waitFor()
    const created = accounts.getByRole('row').filter({ hasText: 'gaofeng' })
    await created.getByRole('cell', { name: '高峰' }).waitFor()

    await created.getByRole('button', { name: '编辑' }).click()
    const edit = page.getByRole('dialog', { name: '编辑账号' })
    await edit.getByRole('button', { name: '清除关联用户' }).click()
    expect(await edit.getByRole('textbox', { name: '关联用户' }).inputValue()).toBe('无')
    await edit.getByRole('button', { name: '确定' }).click()
    await page.getByText('修改成功！').first().waitFor()
    await created.getByRole('cell', { name: '无', exact: true }).waitFor()
  })

  it('says which accounts hold a role in use before anything is clicked, asks before deleting, and deletes once it is free', async () => {
    const { page } = consoleTabs.tab
    await signedInAs(page, admin.username, admin.password, '/system/role')
    const roles = page.getByRole('table', { name: '角色列表' })
    const roleRow = roles.getByRole('row').filter({ hasText: '日志查看员' })
    await roleRow.getByRole('button', { name: '删除' }).click()
    const refused = page.getByRole('dialog', { name: '不能删除' })
    await refused.getByText('该角色正在被账号 logviewer 使用，请先为这些账号更换角色').waitFor()
    await refused.getByRole('button', { name: '知道了' }).click()
    await refused.waitFor({ state: 'detached' })
    const prompt = page.getByRole('dialog', { name: '提示' })

    await goToRoute(page, '/system/admin')
    const accountRow = page.getByRole('table', { name: '账号列表' }).getByRole('row').filter({ hasText: 'logviewer' })
    await accountRow.getByRole('button', { name: '删除' }).click()
    await prompt.getByRole('button', { name: '确定' }).click()
    await page.getByText('删除成功!').first().waitFor()
    await accountRow.waitFor({ state: 'detached' })

    await goToRoute(page, '/system/role')
    await roleRow.getByRole('button', { name: '删除' }).click()
    await prompt.getByText('确定要删除当前角色吗?').waitFor()
    await prompt.getByRole('button', { name: '取消' }).click()
    await page.getByText('已取消删除').first().waitFor()
    await roleRow.getByRole('button', { name: '删除' }).click()
    await prompt.getByRole('button', { name: '确定' }).click()
    await roleRow.waitFor({ state: 'detached' })
  })
})
