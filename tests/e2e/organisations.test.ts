import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-server/db/connect'
import { insertOrg } from '../../src-server/seed/base'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { goToRoute, screenshot, signIn } from '../support/browser'
import { useConsoleTabs } from '../support/console-tabs'

const { admin, orgadmin } = demoAccounts
const ui = useConsoleTabs()

async function openDepartments(page: Page, account: { username: string; password: string } = admin): Promise<void> {
  await signIn(page, account.username, account.password)
  await page.waitForURL(/#\/index$/)
  await goToRoute(page, '/organization/department')
}

const treeRow = (page: Page, text: string) => page.getByRole('treegrid', { name: '组织列表' }).getByRole('row').filter({ hasText: text })

async function expand(page: Page, text: string): Promise<void> {
  await treeRow(page, text).getByRole('button', { name: '展开' }).click()
}

describe('department list', () => {
  it('loads children only when a node is opened, with the loading indicator held a second', async () => {
    const { page } = ui.tab
    await openDepartments(page)
    // The super user's tree starts at the root 320101 (sort number 1 shows as a prefix).
    await treeRow(page, '1 省直机关工委').waitFor()
    expect(await treeRow(page, '省委办公厅机关党委').count()).toBe(0)

    const started = Date.now()
    await expand(page, '1 省直机关工委')
    const spinner = treeRow(page, '1 省直机关工委').getByLabel('加载中')
    await spinner.waitFor()
    await treeRow(page, '1 省委办公厅机关党委').waitFor()
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(await spinner.count()).toBe(0)
    // Grandchildren are not there until their parent opens.
    expect(await treeRow(page, '机关第一党总支').count()).toBe(0)
    await expand(page, '1 省委办公厅机关党委')
    await treeRow(page, '1 机关第一党总支').first().waitFor()
    // 99999 is no order: the bare name.
    await treeRow(page, '离退休干部党支部').first().waitFor()
    expect(await treeRow(page, '99999').count()).toBe(0)
    await screenshot(page, 'org-tree-expanded')

    await treeRow(page, '1 省委办公厅机关党委').getByRole('button', { name: '收起' }).click()
    expect(await treeRow(page, '机关第一党总支').count()).toBe(0)
  })

  it('finds a nested organisation by name, opening the unloaded levels above it', async () => {
    const { page } = ui.tab
    await openDepartments(page)
    await treeRow(page, '1 省直机关工委').waitFor()
    await page.getByLabel('组织名称', { exact: true }).fill('预算处')
    await page.getByRole('button', { name: '查询' }).click()
    const hit = treeRow(page, '预算处党支部')
    await hit.waitFor()
    expect(await hit.getAttribute('data-found')).toBe('true')
    await page.getByText('找到 1 个组织').waitFor()
    // Its ancestors are open: the top organisation and its 党总支.
    await treeRow(page, '2 省财政厅机关党委').waitFor()
    expect(await treeRow(page, '2 省财政厅机关党委').getAttribute('aria-expanded')).toBe('true')
    await screenshot(page, 'org-search-reveal')
  })

  it('adds an organisation with the dialog, checks it, and deletes it after a cancelled try', async () => {
    const { page } = ui.tab
    await openDepartments(page)
    await expand(page, '1 省直机关工委')
    const parent = treeRow(page, '3 省教育厅机关党委')
    await parent.getByRole('button', { name: '新增下级' }).click()
    const dialog = page.getByRole('dialog', { name: '新增组织' })
    await dialog.waitFor()
    // The parent is filled in from the row.
    expect(await dialog.getByLabel('上级组织').inputValue()).toBe('省教育厅机关党委')
    await dialog.getByLabel('排序号').fill('0')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.getByText('请输入组织全称').waitFor()
    await dialog.getByText('请输入组织简称').waitFor()
    await dialog.getByText('排序号范围为 1–99999').waitFor()
    await dialog.getByLabel('组织全称').fill('测试新建党支部')
    await dialog.getByLabel('组织简称').fill('测试支部')
    await dialog.getByLabel('排序号').fill('')
    await dialog.getByRole('combobox', { name: '组织类型' }).click()
    await page.getByRole('option', { name: '党支部' }).click()
    await dialog.getByLabel('书记').fill('韩梅')
    await screenshot(page, 'org-dialog')
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText('添加成功！').first().waitFor()
    // Empty sort number is 99999: listed by its bare name, under the opened parent.
    const added = treeRow(page, '测试新建党支部')
    await added.waitFor()
    expect((await added.textContent())?.startsWith('测试新建党支部')).toBe(true)
    expect(await added.getAttribute('aria-level')).toBe('3')

    await added.getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await page.getByText('已取消删除').first().waitFor()
    // Still listed once the dialog has gone.
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await added.waitFor()

    await added.getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await page.getByText('删除成功!').first().waitFor()
    await added.waitFor({ state: 'detached' })
  })

  it('edits an organisation: a new sort number and a new parent move it in the tree', async () => {
    const { page } = ui.tab
    await openDepartments(page)
    await expand(page, '1 省直机关工委')
    await expand(page, '3 省教育厅机关党委')
    const retired = treeRow(page, '离退休干部党支部')
    await retired.first().waitFor()
    expect(await retired.count()).toBe(1)
    await retired.getByRole('button', { name: '编辑' }).click()
    const dialog = page.getByRole('dialog', { name: '编辑组织' })
    // 99999 is shown as no order.
    expect(await dialog.getByLabel('排序号').inputValue()).toBe('')
    expect(await dialog.getByLabel('上级组织').inputValue()).toBe('省教育厅机关党委')
    await dialog.getByLabel('排序号').fill('7')
    await dialog.getByLabel('上级组织').click()
    const picker = page.getByRole('dialog', { name: '选择组织' })
    await picker.getByLabel('搜索组织名称').fill('省卫生健康委')
    await picker.getByRole('option').filter({ hasText: '省卫生健康委机关党委' }).first().click()
    await dialog.getByRole('button', { name: '确定' }).click()
    await page.getByText('修改成功！').first().waitFor()
    // Gone from its old parent; listed with its order under the new one.
    await expect.poll(() => treeRow(page, '离退休干部党支部').count()).toBe(0)
    await expand(page, '4 省卫生健康委机关党委')
    await treeRow(page, '7 离退休干部党支部').waitFor()
    expect(await treeRow(page, '离退休干部党支部').count()).toBe(2)
  })

  it('shows the server’s refusal to delete an organisation that still has children before anything is deleted', async () => {
    const { page } = ui.tab
    await openDepartments(page)
    await expand(page, '1 省直机关工委')
    await treeRow(page, '4 省卫生健康委机关党委').getByRole('button', { name: '删除' }).click()
    await page.getByRole('dialog', { name: '不能删除' }).getByText('该组织下还有下级组织，请先删除或移走下级组织').waitFor()
    await page.getByRole('dialog').getByRole('button', { name: '知道了' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await treeRow(page, '4 省卫生健康委机关党委').waitFor()
  })

  it('gives a member-linked account its own tree and no delete button', async () => {
    const { page } = ui.tab
    await openDepartments(page, orgadmin)
    await treeRow(page, orgadmin.member.topOrgName).waitFor()
    expect(await treeRow(page, '省直机关工委').count()).toBe(0)
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0)
  })

  it('opens a node of 5,000 children with only the rows in view in the page', async () => {
    const { db } = openDatabase(join(ui.app.dataDir, 'platform.sqlite'))
    try {
      const parent = await db.selectFrom('org').select(['id', 'path', 'topOrgId']).where('name', '=', '省交通运输厅机关党委').executeTakeFirstOrThrow()
      await db.transaction().execute(async (trx) => {
        for (let i = 1; i <= 5000; i++) {
          await insertOrg(
            trx,
            { orgCode: `9${String(i).padStart(6, '0')}`, name: `大批量支部${String(i).padStart(4, '0')}`, shortName: `批量${i}`, orgType: '党支部', hasCommittee: 0, sortNumber: i },
            { ...parent, isRoot: false },
          )
        }
      })
    } finally {
      await db.destroy()
    }
    const { page } = ui.tab
    await openDepartments(page)
    await expand(page, '1 省直机关工委')
    await expand(page, '5 省交通运输厅机关党委')
    await treeRow(page, '1 大批量支部0001').waitFor()
    const rendered = await page.getByRole('treegrid', { name: '组织列表' }).getByRole('row').count()
    expect(rendered).toBeLessThan(80)
    const scrollBy = (by: number | 'end') =>
      page.getByRole('treegrid', { name: '组织列表' }).evaluate((grid, to) => {
        const scroller = [...grid.querySelectorAll('div')].find((el) => el.scrollHeight > el.clientHeight + 100)
        scroller?.scrollTo(0, to === 'end' ? scroller.scrollHeight : scroller.scrollTop + to)
      }, by)
    // Rows scrolled out of view lend their elements to the rows scrolled in: what a row
    // shows and what its buttons do follow the organisation it now shows.
    for (let step = 0; step < 20; step++) await scrollBy(130)
    const recycled = treeRow(page, '65 大批量支部0065')
    await recycled.getByRole('button', { name: '编辑' }).click()
    const dialog = page.getByRole('dialog', { name: '编辑组织' })
    expect(await dialog.getByLabel('组织全称').inputValue()).toBe('大批量支部0065')
    await dialog.getByRole('button', { name: '取消' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await page.getByRole('treegrid', { name: '组织列表' }).getByRole('row').count()).toBeLessThan(80)
    // The last one is reachable: scroll the tree's body to the end.
    await scrollBy('end')
    await treeRow(page, '5000 大批量支部5000').waitFor()
  })
})
