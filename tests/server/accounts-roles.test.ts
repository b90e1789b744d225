import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import { PASSWORD_RULE_MESSAGE, type AdminRow, type RoleRow } from '../../src-shared/schemas/system'
import type { UserInfo } from '../../src-shared/schemas/auth'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { attemptLogin, firstSignIn, login } from '../support/login'
import { membersOfTopOrg } from '../support/training'
import { call, startTestServer, type TestServer } from './harness'

const { admin, orgadmin } = demoAccounts

describe.each(testDatabases())('accounts and roles ($name)', (database) => {
  let server: TestServer
  let token: string
  const api = <T>(method: string, path: string, body?: unknown, as = token) =>
    call<T>(server.url, method, path, method === 'GET' ? { token: as, query: body as Record<string, string> } : { token: as, body })

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    token = await login(server.url, admin.username, admin.password)
  })
  afterAll(() => server?.stop())

  async function newRole(title: string, permissionIdList: number[] = [801]): Promise<RoleRow> {
    return dataOf((await api<RoleRow>('POST', '/api/role', { title, remark: '测试角色', permissionIdList })).body)
  }

  describe('roles', () => {
    it('creates a role; a ticked module stands for all its screens; the list searches the trimmed title', async () => {
      const role = await newRole('内容编辑', [7, 801])
      expect(role.permissionIdList).toEqual([701, 702, 703, 704, 705, 801])
      const page = dataOf((await api<Page<RoleRow>>('GET', '/api/role', { title: '  内容编辑 ' })).body)
      expect(page.records.map((r) => r.title)).toEqual(['内容编辑'])
      const all = dataOf((await api<{ id: number; title: string }[]>('GET', '/api/role/all')).body)
      expect(all.map((r) => r.title)).toContain('内容编辑')
    })

    it.each([
      [{ title: '', remark: 'x', permissionIdList: [801] }, '请输入角色名称'],
      [{ title: '一二三四五六七八九十一', remark: 'x', permissionIdList: [801] }, '角色名称不能超过10个字符'],
      [{ title: '角色', remark: '', permissionIdList: [801] }, '请输入备注'],
      [{ title: '角色', remark: 'x'.repeat(101), permissionIdList: [801] }, '备注不能超过100个字符'],
      [{ title: '角色', remark: 'x', permissionIdList: [] }, '请至少选择一个菜单!'],
      [{ title: '角色', remark: 'x', permissionIdList: [999] }, '菜单不存在'],
    ])('refuses %j with %s and saves nothing', async (role, message) => {
      const before = await server.db.selectFrom('role').select('id').execute()
      const { status, body } = await api('POST', '/api/role', role)
      expect(status).toBe(400)
      expect(body).toMatchObject({ error: 'VALIDATION', message })
      expect(await server.db.selectFrom('role').select('id').execute()).toHaveLength(before.length)
    })

    it('refuses to edit or delete role 1, whatever the client shows', async () => {
      const edit = await api('PATCH', '/api/role', { id: 1, title: '改名', remark: 'x', permissionIdList: [801] })
      expect(edit.body).toMatchObject({ code: 403, error: 'FORBIDDEN', message: '超级管理员角色不可修改' })
      const del = await api('DELETE', '/api/role', { id: 1 })
      expect(del.body).toMatchObject({ code: 403, error: 'FORBIDDEN', message: '超级管理员角色不可删除' })
      const role = await server.db.selectFrom('role').select('title').where('id', '=', 1).executeTakeFirstOrThrow()
      expect(role.title).toBe('超级管理员')
    })

    it('edits a role; its accounts get the new menus at once', async () => {
      const role = await newRole('临时角色', [801])
      await api('POST', '/api/admin', { name: 'roleholder', password: 'Holder@1', roleId: role.id })
      const holder = await firstSignIn(server.url, 'roleholder', 'Holder@1', 'Holder@2')
      expect((await api('GET', '/api/role', {}, holder)).status).toBe(403)
      const edited = dataOf((await api<RoleRow>('PATCH', '/api/role', { id: role.id, title: '临时角色2', remark: '改', permissionIdList: [801, 802] })).body)
      expect(edited).toMatchObject({ title: '临时角色2', remark: '改', permissionIdList: [801, 802] })
      expect((await api('GET', '/api/role', {}, holder)).status).toBe(200)
    })

    it('says which accounts hold a role it will not delete, then deletes it once free', async () => {
      const role = await newRole('在用角色')
      const a = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'holder_a', password: 'Holder@1', roleId: role.id })).body)
      await api('POST', '/api/admin', { name: 'holder_b', password: 'Holder@1', roleId: role.id })
      const refused = await api('DELETE', '/api/role', { id: role.id })
      expect(refused.body).toMatchObject({ code: 409, error: 'CONFLICT', message: '该角色正在被账号 holder_a、holder_b 使用，请先为这些账号更换角色' })
      await api('DELETE', '/api/admin', { id: a.id })
      const b = await server.db.selectFrom('admin').select('id').where('name', '=', 'holder_b').executeTakeFirstOrThrow()
      await api('DELETE', '/api/admin', { id: b.id })
      expect(dataOf((await api('DELETE', '/api/role', { id: role.id })).body)).toBeNull()
      expect(await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', role.id).execute()).toEqual([])
    })

    it('serves the permission tree, its flat list and the caller own permissions', async () => {
      const tree = dataOf((await api<{ id: number; children: { id: number }[] }[]>('GET', '/api/permission/tree')).body)
      expect(tree.find((m) => m.id === 8)?.children.map((s) => s.id)).toEqual([801, 802, 803, 804])
      const list = dataOf((await api<{ id: number; parentId: number | null }[]>('GET', '/api/permission/list')).body)
      expect(list.find((p) => p.id === 802)?.parentId).toBe(8)
      const orgToken = await login(server.url, orgadmin.username, orgadmin.password)
      const mine = dataOf((await api<{ permissions: string[] }>('GET', '/api/permission', undefined, orgToken)).body)
      expect(mine.permissions).toContain('organization:member')
      expect(mine.permissions).not.toContain('system:admin')
    })
  })

  describe('accounts', () => {
    it('creates an account that can sign in, lists it with role and linked user, filters by name and role', async () => {
      const role = await newRole('账号测试')
      const member = await server.db.selectFrom('member').select(['id', 'name']).where('name', '=', '张伟').executeTakeFirstOrThrow()
      const created = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'zhangwei', password: 'Zhang@123', roleId: role.id, memberId: member.id })).body)
      expect(created).toMatchObject({ name: 'zhangwei', roleName: '账号测试', memberDto: { name: '张伟' } })
      const stored = await server.db.selectFrom('admin').select('passwordHash').where('id', '=', created.id).executeTakeFirstOrThrow()
      expect(stored.passwordHash).toMatch(/^scrypt\$/)
      await login(server.url, 'zhangwei', 'Zhang@123')
      const byName = dataOf((await api<Page<AdminRow>>('GET', '/api/admin', { name: 'zhangw' })).body)
      expect(byName.records.map((r) => r.name)).toEqual(['zhangwei'])
      const byRole = dataOf((await api<Page<AdminRow>>('GET', '/api/admin', { roleId: String(role.id) })).body)
      expect(byRole).toMatchObject({ total: 1, records: [{ name: 'zhangwei' }] })
      const all = dataOf((await api<Page<AdminRow>>('GET', '/api/admin', { pageSize: '100' })).body)
      expect(all.records.find((r) => r.name === 'norole')).toMatchObject({ roleName: null, memberDto: null })
    })

    it.each([
      [{ name: '', password: 'Abc123', roleId: 2 }, 'name', '请输入账号'],
      [{ name: 'p1', password: '', roleId: 2 }, 'password', '请输入密码'],
      [{ name: 'p1', password: 'Ab1', roleId: 2 }, 'password', '长度在 6 到 12 个字符'],
      [{ name: 'p1', password: 'Abcdef1234567', roleId: 2 }, 'password', '长度在 6 到 12 个字符'],
      [{ name: 'p1', password: 'abcdef12', roleId: 2 }, 'password', PASSWORD_RULE_MESSAGE],
      [{ name: 'p1', password: 'ABCDEF12', roleId: 2 }, 'password', PASSWORD_RULE_MESSAGE],
      [{ name: 'p1', password: 'Abcdefgh', roleId: 2 }, 'password', PASSWORD_RULE_MESSAGE],
      [{ name: 'p1', password: 'Abc123' }, 'roleId', '请选择角色'],
    ])('refuses %j: %s %s', async (account, path, message) => {
      const { status, body } = await api('POST', '/api/admin', account)
      expect(status).toBe(400)
      expect(body).toMatchObject({ error: 'VALIDATION', data: { issues: expect.arrayContaining([{ path, message }]) } })
      expect(await server.db.selectFrom('admin').select('id').where('name', '=', 'p1').executeTakeFirst()).toBeUndefined()
    })

    it('takes % and _ in the name and title filters literally', async () => {
      const role = await newRole('达标%率')
      await newRole('达标率')
      for (const name of ['like_1', 'likex1']) await api('POST', '/api/admin', { name, password: 'Like@123', roleId: role.id })
      const accounts = dataOf((await api<Page<AdminRow>>('GET', '/api/admin', { name: 'like_' })).body)
      expect(accounts).toMatchObject({ total: 1, records: [{ name: 'like_1' }] })
      const roles = dataOf((await api<Page<RoleRow>>('GET', '/api/role', { title: '%' })).body)
      expect(roles).toMatchObject({ total: 1, records: [{ title: '达标%率' }] })
    })

    it('accepts special characters in a password', async () => {
      expect((await api('POST', '/api/admin', { name: 'special', password: 'A1b!@#$', roleId: 2 })).body.code).toBe(0)
      await login(server.url, 'special', 'A1b!@#$')
    })

    it('refuses a name that is taken, on add and on edit', async () => {
      const dup = await api('POST', '/api/admin', { name: admin.username, password: 'Abc123', roleId: 2 })
      expect(dup.body).toMatchObject({ code: 409, error: 'CONFLICT', message: '账号已存在', data: { issues: [{ path: 'name' }] } })
      const other = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'renamer', password: 'Abc123', roleId: 2 })).body)
      const edit = await api('PATCH', '/api/admin', { id: other.id, name: 'orgadmin', roleId: 2 })
      expect(edit.body).toMatchObject({ error: 'CONFLICT', message: '账号已存在' })
    })

    it('keeps the password when edited with an empty one, and the sessions too', async () => {
      const row = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'keeper', password: 'Keep@123', roleId: 2 })).body)
      const session = await login(server.url, 'keeper', 'Keep@123')
      const edited = await api<AdminRow>('PATCH', '/api/admin', { id: row.id, name: 'keeper', password: '', roleId: 2, memberId: null })
      expect(edited.body.code).toBe(0)
      await login(server.url, 'keeper', 'Keep@123')
      expect((await api('GET', '/api/user/info', undefined, session)).status).toBe(200)
    })

    it('ends the account sessions when its password or role changes', async () => {
      const row = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'rotated', password: 'Old@1234', roleId: 2 })).body)
      const first = await login(server.url, 'rotated', 'Old@1234')
      await api('PATCH', '/api/admin', { id: row.id, name: 'rotated', password: 'New@1234', roleId: 2 })
      expect((await api('GET', '/api/user/info', undefined, first)).status).toBe(401)
      expect((await attemptLogin(server.url, { username: 'rotated', password: 'Old@1234' })).body).toMatchObject({ error: 'BAD_CREDENTIALS' })
      const second = await login(server.url, 'rotated', 'New@1234')
      const role = await newRole('换角色')
      await api('PATCH', '/api/admin', { id: row.id, name: 'rotated', roleId: role.id })
      expect((await api('GET', '/api/user/info', undefined, second)).status).toBe(401)
      const third = await login(server.url, 'rotated', 'New@1234')
      expect(dataOf((await api<UserInfo>('GET', '/api/user/info', undefined, third)).body).roleName).toBe('换角色')
    })

    it('refuses to delete the signed-in account, and deletes another one with its sessions', async () => {
      const self = await server.db.selectFrom('admin').select('id').where('name', '=', admin.username).executeTakeFirstOrThrow()
      expect((await api('DELETE', '/api/admin', { id: self.id })).body).toMatchObject({ error: 'FORBIDDEN', message: '不能删除当前登录的账号' })
      const row = dataOf((await api<AdminRow>('POST', '/api/admin', { name: 'leaver', password: 'Leave@123', roleId: 2 })).body)
      const session = await login(server.url, 'leaver', 'Leave@123')
      expect(dataOf((await api('DELETE', '/api/admin', { id: row.id })).body)).toBeNull()
      expect((await api('GET', '/api/user/info', undefined, session)).status).toBe(401)
      expect((await api('DELETE', '/api/admin', { id: row.id })).body).toMatchObject({ error: 'NOT_FOUND' })
    })
  })

  describe('no one hands out more than they hold', () => {
    let manager: string

    beforeAll(async () => {
      const role = await newRole('账号管理员', [801])
      const member = await server.db.selectFrom('member').select('id').where('name', '=', '朱红梅').executeTakeFirstOrThrow()
      await api('POST', '/api/admin', { name: 'manager', password: 'Manage@1', roleId: role.id, memberId: member.id })
      manager = await firstSignIn(server.url, 'manager', 'Manage@1', 'Manage@2')
    })

    it('refuses to give an account a role with more menus than the caller has', async () => {
      const member = await server.db.selectFrom('member').select('id').where('name', '=', '胡志强').executeTakeFirstOrThrow()
      const refused = await api('POST', '/api/admin', { name: 'escalate', password: 'Abc123', roleId: 1, memberId: member.id }, manager)
      expect(refused.body).toMatchObject({ error: 'FORBIDDEN', message: '不能分配或修改超出自身权限的角色' })
    })

    it('refuses to edit an account whose role has more menus than the caller (e.g. reset the super user)', async () => {
      const orgAccount = await server.db.selectFrom('admin').select(['id', 'memberId']).where('name', '=', orgadmin.username).executeTakeFirstOrThrow()
      const refused = await api('PATCH', '/api/admin', { id: orgAccount.id, name: orgadmin.username, password: 'Hack@123', roleId: 2, memberId: orgAccount.memberId }, manager)
      expect(refused.body).toMatchObject({ error: 'FORBIDDEN' })
    })

    it('lists only accounts of its own tree, and must link new accounts to a member of it', async () => {
      const page = dataOf((await api<Page<AdminRow>>('GET', '/api/admin', { pageSize: '100' }, manager)).body)
      expect(page.records.map((r) => r.name).sort()).toEqual(['manager', 'orgadmin'])
      const role = await newRole('只读', [801])
      const unlinked = await api('POST', '/api/admin', { name: 'unlinked', password: 'Abc123', roleId: role.id }, manager)
      expect(unlinked.body).toMatchObject({ error: 'VALIDATION', message: '请选择关联用户' })
      const outsider = await server.db.selectFrom('member').select('id').where('name', '=', '张伟').executeTakeFirstOrThrow()
      const foreign = await api('POST', '/api/admin', { name: 'foreign', password: 'Abc123', roleId: role.id, memberId: outsider.id }, manager)
      expect(foreign.body).toMatchObject({ error: 'VALIDATION', message: '关联用户不存在' })
    })

    it('refuses a role granting menus the caller does not have', async () => {
      const roleManager = await newRole('角色管理员', [802])
      await api('POST', '/api/admin', { name: 'rolemgr', password: 'Role@123', roleId: roleManager.id })
      const rm = await firstSignIn(server.url, 'rolemgr', 'Role@123', 'Role@124')
      const refused = await api('POST', '/api/role', { title: '越权', remark: 'x', permissionIdList: [8] }, rm)
      expect(refused.body).toMatchObject({ error: 'FORBIDDEN', message: '不能授予超出自身权限的菜单' })
      expect((await api('POST', '/api/role', { title: '同权', remark: 'x', permissionIdList: [802] }, rm)).body.code).toBe(0)
    })
  })

  describe('roles belong to a tree', () => {
    it("lets a tree's administrator change only its tree's roles, never one another tree's account holds", async () => {
      const [finance] = await membersOfTopOrg(server.db, '省财政厅机关党委')
      const [office, officeOther] = await membersOfTopOrg(server.db, '省委办公厅机关党委')
      // A province-wide role held by an account of the finance tree.
      const shared = await newRole('共享角色', [801, 802])
      dataOf((await api('POST', '/api/admin', { name: 'financeuser', password: 'Finance@1', roleId: shared.id, memberId: finance.id })).body)
      // The office tree's account administrator.
      const officeRole = await newRole('办公厅管理', [801, 802])
      dataOf((await api('POST', '/api/admin', { name: 'officeadmin', password: 'Office@1', roleId: officeRole.id, memberId: office.id })).body)
      const officeAdmin = await firstSignIn(server.url, 'officeadmin', 'Office@1', 'Office@3')

      const listed = dataOf((await api<Page<RoleRow>>('GET', '/api/role', { pageSize: '100' }, officeAdmin)).body)
      expect(listed.records).toEqual([])
      const edit = await api('PATCH', '/api/role', { id: shared.id, title: '共享角色', remark: '改', permissionIdList: [801, 802] }, officeAdmin)
      expect(edit.status).toBe(404)
      expect(edit.body.message).toBe('角色不存在')
      expect((await api('DELETE', '/api/role', { id: shared.id }, officeAdmin)).status).toBe(404)
      const still = dataOf((await api<Page<RoleRow>>('GET', '/api/role', { title: '共享角色' })).body).records[0]
      expect(still).toMatchObject({ remark: '测试角色', permissionIdList: [801, 802] })

      // Its own roles: made for its tree, given to its accounts, editable; titles unique within the tree.
      const own = dataOf((await api<RoleRow>('POST', '/api/role', { title: '本单位角色', remark: '办公厅', permissionIdList: [801] }, officeAdmin)).body)
      const twice = await api('POST', '/api/role', { title: '本单位角色', remark: '重复', permissionIdList: [801] }, officeAdmin)
      expect(twice.body).toMatchObject({ error: 'VALIDATION', message: '角色名称已存在' })
      expect(dataOf((await api<RoleRow>('POST', '/api/role', { title: '本单位角色', remark: '全省', permissionIdList: [801] })).body).title).toBe('本单位角色')
      dataOf((await api('POST', '/api/admin', { name: 'officeuser', password: 'Office@2', roleId: own.id, memberId: officeOther.id }, officeAdmin)).body)
      dataOf((await api('PATCH', '/api/role', { id: own.id, title: '本单位角色', remark: '改过', permissionIdList: [801] }, officeAdmin)).body)
      const options = dataOf((await api<{ id: number; title: string }[]>('GET', '/api/role/all', undefined, officeAdmin)).body).map((r) => r.id)
      expect(options).toContain(own.id)
      expect(options).toContain(shared.id)

      // Even the super user cannot give a tree's role to an account of another tree.
      const across = await api('POST', '/api/admin', { name: 'across', password: 'Across@1', roleId: own.id, memberId: finance.id })
      expect(across.body).toMatchObject({ error: 'VALIDATION', message: '角色不存在' })
    })
  })
})
