import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import type { Member } from '../../src-shared/schemas/member'
import type { Department, Org, OrgNode, OrgSearchHit } from '../../src-shared/schemas/org'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { trainRow } from '../support/statistics-fixture'
import { call, startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

const OTHER_TOP = '省委办公厅机关党委'

describe.each(testDatabases())('organisations ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let norole: ApiAs
  let root: OrgNode
  let tops: OrgNode[]
  let ownTop: OrgNode
  let otherTop: OrgNode

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    ;[admin, orgadmin, norole] = await Promise.all([
      signInAs(server.url, demoAccounts.admin),
      signInAs(server.url, demoAccounts.orgadmin),
      signInAs(server.url, demoAccounts.norole),
    ])
    root = (await admin.data<Page<OrgNode>>('/api/org/children')).records[0]
    tops = (await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).records
    ownTop = tops.find((o) => o.name === ORG_ADMIN_TOP_ORG)!
    otherTop = tops.find((o) => o.name === OTHER_TOP)!
  })
  afterAll(() => server?.stop())

  async function createOrg(as: ApiAs, body: Record<string, unknown>): Promise<Org> {
    return dataOf((await as.post<Org>('/api/org', body)).body)
  }

  describe('the tree', () => {
    it('starts at the root 320101 for the super user and at its own top organisation for a member-linked account', async () => {
      expect(root).toMatchObject({ orgCode: '320101', parentId: null, hasChildren: true, childrenCount: 5 })
      const own = await orgadmin.data<Page<OrgNode>>('/api/org/children')
      expect(own.records.map((o) => o.name)).toEqual([ORG_ADMIN_TOP_ORG])
    })

    it('lists children in sort order with their counts, by parent id and by orgCode alike', async () => {
      expect(tops.map((o) => o.sortNumber)).toEqual([1, 2, 3, 4, 5])
      expect(ownTop).toMatchObject({ parentId: root.id, topOrgId: ownTop.id, hasChildren: true, childrenCount: 3 })
      // Tree nodes are summaries; the whole record has the names of parent and top.
      expect(ownTop).not.toHaveProperty('postAddress')
      expect(await admin.data<Org>(`/api/org/${ownTop.id}`)).toMatchObject({ ...ownTop, parentName: root.name, topOrgName: ORG_ADMIN_TOP_ORG })
      const byCode = await admin.data<Page<OrgNode>>('/api/org/children', { orgCode: ownTop.orgCode })
      const byId = await admin.data<Page<OrgNode>>('/api/org/children', { parentId: ownTop.id })
      expect(byCode).toEqual(byId)
      expect(byId.total).toBe(3)
      expect(byId.records.map((o) => o.name)).toEqual(['机关第一党总支', '机关第二党总支', '离退休干部党支部'])
      expect(allMatch(byId.records, (o) => o.topOrgId === ownTop.id)).toBe(true)
      const paged = await admin.data<Page<OrgNode>>('/api/org/children', { parentId: ownTop.id, pageSize: 2, pageNum: 2 })
      expect(paged).toMatchObject({ total: 3, records: [{ name: '离退休干部党支部', hasChildren: false, childrenCount: 0 }] })
    })

    it('answers another tree as not found to a member-linked account, by id, by code, in lists and in search', async () => {
      for (const answer of [
        await orgadmin.get('/api/org/children', { parentId: otherTop.id }),
        await orgadmin.get('/api/org/children', { orgCode: otherTop.orgCode }),
        await orgadmin.get(`/api/org/${otherTop.id}`),
        await orgadmin.get('/api/org', { parentId: otherTop.id }),
        await orgadmin.get(`/api/org/${root.id}`),
      ]) {
        expect(failureOf(answer)).toMatchObject({ status: 404, error: 'NOT_FOUND', message: '组织不存在' })
      }
      expect(await orgadmin.data<OrgSearchHit[]>('/api/org/search', { name: '秘书处' })).toEqual([])
      const all = await orgadmin.data<Page<Org>>('/api/org', { pageSize: 100 })
      expect(all.total).toBe(8)
      expect(allMatch(all.records, (o) => o.topOrgId === ownTop.id)).toBe(true)
    })

    it('reads one organisation with its parent and top names', async () => {
      const branch = (await admin.data<Page<Org>>('/api/org', { name: '预算处' })).records[0]
      expect(await orgadmin.data<Org>(`/api/org/${branch.id}`)).toMatchObject({ name: '预算处党支部', parentName: '机关第一党总支', topOrgName: ORG_ADMIN_TOP_ORG, orgType: '党支部' })
    })

    it('lists by name (full or short) and by a parent’s whole subtree, paged', async () => {
      const byName = await admin.data<Page<Org>>('/api/org', { name: '综合处' })
      expect(byName.total).toBe(2)
      expect(byName.records.map((o) => o.topOrgName).sort()).toEqual(['省委办公厅机关党委', '省财政厅机关党委'].sort())
      const subtree = await admin.data<Page<Org>>('/api/org', { parentId: ownTop.id, pageSize: 3 })
      expect(subtree.total).toBe(7)
      expect(subtree.records).toHaveLength(3)
      expect(allMatch(subtree.records, (o) => o.id !== ownTop.id && o.topOrgId === ownTop.id)).toBe(true)
      expect(await admin.data<Page<Org>>('/api/org', { name: '100%_' })).toEqual({ records: [], total: 0 })
    })

    it('searches by name with the path from the top of the caller’s tree, so the tree can reveal a deep match', async () => {
      const [hit] = await admin.data<OrgSearchHit[]>('/api/org/search', { name: '预算处' })
      expect(hit.path.map((p) => p.name)).toEqual([root.name, ORG_ADMIN_TOP_ORG, '机关第一党总支', '预算处党支部'])
      expect(hit.path.at(-1)?.id).toBe(hit.id)
      const [own] = await orgadmin.data<OrgSearchHit[]>('/api/org/search', { name: '预算处' })
      expect(own.path.map((p) => p.name)).toEqual([ORG_ADMIN_TOP_ORG, '机关第一党总支', '预算处党支部'])
      expect(issuesOf(await admin.get('/api/org/search', { name: ' ' }))).toEqual({ name: '请输入组织名称' })
    })

    it('offers the root’s children as departments to the super user and only its own to others', async () => {
      expect((await admin.data<Department[]>('/api/department/all')).map((d) => d.name)).toEqual(tops.map((o) => o.name))
      expect(await orgadmin.data<Department[]>('/api/department/all')).toEqual([
        { id: ownTop.id, orgCode: ownTop.orgCode, name: ORG_ADMIN_TOP_ORG, shortName: '省财政厅', sortNumber: 2 },
      ])
      expect((await admin.data<Department[]>('/api/department/all', { name: '教育' })).map((d) => d.shortName)).toEqual(['省教育厅'])
    })
  })

  describe('add and edit', () => {
    it('requires the full and short name, and keeps sortNumber within 1–99999 with empty meaning 99999', async () => {
      const missing = await admin.post('/api/org', { parentId: ownTop.id })
      expect(missing.status).toBe(400)
      expect(issuesOf(missing)).toMatchObject({ name: '请输入组织全称', shortName: '请输入组织简称' })
      expect(issuesOf(await admin.post('/api/org', { name: '甲', shortName: '甲' }))).toEqual({ parentId: '请选择上级组织' })
      expect(issuesOf(await admin.post('/api/org', { parentId: ownTop.id, name: '甲', shortName: '甲', sortNumber: 0 }))).toEqual({ sortNumber: '排序号范围为 1–99999' })
      expect(issuesOf(await admin.post('/api/org', { parentId: ownTop.id, name: '甲', shortName: '甲', sortNumber: 100000 }))).toEqual({ sortNumber: '排序号范围为 1–99999' })
      const created = await createOrg(admin, { parentId: ownTop.id, name: '  审计处党支部 ', shortName: '审计处', sortNumber: '' })
      expect(created).toMatchObject({ name: '审计处党支部', sortNumber: 99999, hasCommittee: 0, parentId: ownTop.id, topOrgId: ownTop.id, hasChildren: false })
      // A generated code continues the parent's.
      expect(created.orgCode).toMatch(new RegExp(`^${ownTop.orgCode}\\d{3}$`))
      // The new organisation is last among its siblings (99999 sorts after numbered ones).
      const siblings = await admin.data<Page<OrgNode>>('/api/org/children', { parentId: ownTop.id })
      expect(siblings.records.at(-1)?.id).toBe(created.id)
    })

    it('refuses a code already in use, with nothing changed', async () => {
      const answer = await admin.post('/api/org', { parentId: ownTop.id, name: '重复', shortName: '重复', orgCode: otherTop.orgCode })
      expect(failureOf(answer)).toMatchObject({ status: 409, message: '组织编码已存在' })
      expect((await admin.data<Page<Org>>('/api/org', { name: '重复' })).total).toBe(0)
    })

    it('lets a member-linked account add and edit only inside its own tree', async () => {
      const mine = await createOrg(orgadmin, { parentId: ownTop.id, name: '政策研究室党支部', shortName: '政研室', orgType: '党支部', sortNumber: 7 })
      expect(mine.topOrgName).toBe(ORG_ADMIN_TOP_ORG)
      expect(failureOf(await orgadmin.post('/api/org', { parentId: otherTop.id, name: '越权', shortName: '越权' }))).toMatchObject({ status: 404, message: '上级组织不存在' })
      expect(failureOf(await orgadmin.patch('/api/org', { id: otherTop.id, name: '改名' }))).toMatchObject({ status: 404, message: '组织不存在' })
      expect((await admin.data<Org>(`/api/org/${otherTop.id}`)).name).toBe(OTHER_TOP)
      // Moving its own top organisation would leave its tree: the new parent is outside it.
      expect(failureOf(await orgadmin.patch('/api/org', { id: ownTop.id, parentId: otherTop.id }))).toMatchObject({ status: 404, message: '上级组织不存在' })
    })

    it('keeps the root organisation\'s code: every scope hangs from it', async () => {
      const answer = await admin.patch('/api/org', { id: root.id, orgCode: '999999' })
      expect(failureOf(answer)).toMatchObject({ status: 400, message: '根组织的编码不能修改' })
      expect((await admin.data<Org>(`/api/org/${root.id}`)).orgCode).toBe('320101')
      expect(dataOf((await admin.patch<Org>('/api/org', { id: root.id, orgCode: '320101', shortName: root.name })).body).orgCode).toBe('320101')
      expect((await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).records.length).toBe(tops.length)
    })

    it('changes only the fields sent', async () => {
      const org = await createOrg(admin, { parentId: otherTop.id, name: '档案处党支部', shortName: '档案处', sortNumber: 12, hasCommittee: 1, secretary: '李明' })
      const edited = dataOf((await admin.patch<Org>('/api/org', { id: org.id, shortName: '档案室' })).body)
      expect(edited).toMatchObject({ name: '档案处党支部', shortName: '档案室', sortNumber: 12, hasCommittee: 1, secretary: '李明' })
      expect(issuesOf(await admin.patch('/api/org', { id: org.id, name: '' }))).toEqual({ name: '请输入组织全称' })
    })

    it('moves an organisation with its subtree and members, and refuses a move under itself', async () => {
      const moved = await createOrg(admin, { parentId: otherTop.id, name: '机关第三党总支', shortName: '第三总支' })
      const child = await createOrg(admin, { parentId: moved.id, name: '法规处党支部', shortName: '法规处' })
      const member = dataOf(
        (await admin.post<Member>('/api/member', { name: '移动测试', nation: '汉族', gender: 1, telephone: '13900001111', orgId: child.id, pwd: 'Move@1234' })).body,
      )
      expect(member.topOrgId).toBe(otherTop.id)

      expect(issuesOf(await admin.patch('/api/org', { id: moved.id, parentId: child.id }))).toEqual({ parentId: '不能选择本组织或它的下级组织作为上级组织' })
      expect(failureOf(await admin.patch('/api/org', { id: root.id, parentId: ownTop.id })).message).toBe('根组织不能移动')

      dataOf((await admin.patch('/api/org', { id: moved.id, parentId: ownTop.id })).body)
      expect(await admin.data<Org>(`/api/org/${child.id}`)).toMatchObject({ topOrgId: ownTop.id, topOrgName: ORG_ADMIN_TOP_ORG })
      expect(await admin.data<Member>(`/api/member/${member.id}`)).toMatchObject({ topOrgId: ownTop.id, topOrgName: ORG_ADMIN_TOP_ORG })
      // The member now shows in the new tree's subtree filter and to that tree's account.
      const inTree = await orgadmin.data<Page<Member>>('/api/member', { orgId: moved.id })
      expect(inTree.records.map((m) => m.name)).toEqual(['移动测试'])
      expect((await admin.data<Page<Member>>('/api/member', { orgId: otherTop.id, name: '移动' })).total).toBe(0)
      // Moved to the root, it becomes a top organisation of its own.
      dataOf((await admin.patch('/api/org', { id: moved.id, parentId: root.id })).body)
      expect(await admin.data<Org>(`/api/org/${child.id}`)).toMatchObject({ topOrgId: moved.id })
      expect(await admin.data<Member>(`/api/member/${member.id}`)).toMatchObject({ topOrgId: moved.id })
    })
  })

  it('gives a moved organisation and its whole subtree codes under the new parent, in one transaction', async () => {
    const codeOf = async (id: number) => (await admin.data<Org>(`/api/org/${id}`)).orgCode
    const moved = await createOrg(admin, { parentId: otherTop.id, name: '编码迁移党总支', shortName: '编码迁移' })
    const child = await createOrg(admin, { parentId: moved.id, name: '编码迁移一支部', shortName: '迁移一' })
    const grandchild = await createOrg(admin, { parentId: child.id, name: '编码迁移小组', shortName: '迁移小组' })
    // A code typed by hand that never followed its parent.
    const typed = await createOrg(admin, { parentId: moved.id, name: '编码迁移二支部', shortName: '迁移二', orgCode: '9876543210' })
    expect(child.orgCode).toBe(`${moved.orgCode}001`)
    expect(grandchild.orgCode).toBe(`${child.orgCode}001`)
    const member = dataOf(
      (await admin.post<Member>('/api/member', { name: '编码迁移人', nation: '汉族', gender: 0, telephone: '13900002222', orgId: grandchild.id, pwd: 'Move@1234' })).body,
    )
    const { id: trainId } = await server.db
      .insertInto('train')
      .values(trainRow({ name: '编码迁移培训班', orgId: child.id, depName: child.name, classType: 3, start: '2026-03-02 09:00:00', classHour: 8 }))
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(failureOf(await orgadmin.get(`/api/train/${trainId}`)).status).toBe(404)

    // Refused moves change no code: under its own descendant, or with a code in use.
    expect(issuesOf(await admin.patch('/api/org', { id: moved.id, parentId: grandchild.id }))).toEqual({ parentId: '不能选择本组织或它的下级组织作为上级组织' })
    expect(failureOf(await admin.patch('/api/org', { id: moved.id, parentId: ownTop.id, orgCode: otherTop.orgCode }))).toMatchObject({ status: 409, message: '组织编码已存在' })
    expect([await codeOf(moved.id), await codeOf(child.id), await codeOf(typed.id)]).toEqual([moved.orgCode, child.orgCode, '9876543210'])
    expect((await admin.data<Org>(`/api/org/${moved.id}`)).parentId).toBe(otherTop.id)

    const ownChildren = (await admin.data<Org>(`/api/org/${ownTop.id}`)).childrenCount
    dataOf((await admin.patch('/api/org', { id: moved.id, parentId: ownTop.id })).body)
    // The next free code under the new parent, as a new child would get; the subtree follows it.
    const code = await codeOf(moved.id)
    expect(code).toMatch(new RegExp(`^${ownTop.orgCode}\\d{3}$`))
    expect(Number(code.slice(-3))).toBeGreaterThanOrEqual(ownChildren + 1)
    expect(await codeOf(child.id)).toBe(`${code}001`)
    expect(await codeOf(grandchild.id)).toBe(`${code}001001`)
    expect(await codeOf(typed.id)).toMatch(new RegExp(`^${code}\\d{3}$`))
    // The old codes name nothing any more; the children are found by the new parent's code.
    expect((await admin.data<Page<OrgNode>>('/api/org/children', { orgCode: code })).records.map((o) => o.id).sort()).toEqual([child.id, typed.id].sort())
    expect(failureOf(await admin.get('/api/org/children', { orgCode: moved.orgCode })).status).toBe(404)
    // Every list filtered by organisation follows: members, the member export's codes, trainings.
    expect((await orgadmin.data<Page<Member>>('/api/member', { orgId: moved.id })).records.map((m) => m.id)).toEqual([member.id])
    expect(await admin.data<Member>(`/api/member/${member.id}`)).toMatchObject({ orgId: grandchild.id, topOrgId: ownTop.id })
    expect((await admin.data<Page<Member>>('/api/member', { orgId: otherTop.id, name: '编码迁移' })).total).toBe(0)
    expect((await orgadmin.data<{ id: number }>(`/api/train/${trainId}`)).id).toBe(trainId)
    // The root's code never changes.
    expect(await codeOf(root.id)).toBe('320101')

    // A code typed in the same edit wins, and the subtree follows it too.
    dataOf((await admin.patch('/api/org', { id: moved.id, parentId: otherTop.id, orgCode: `${otherTop.orgCode}777` })).body)
    expect([await codeOf(moved.id), await codeOf(child.id), await codeOf(grandchild.id)]).toEqual([
      `${otherTop.orgCode}777`,
      `${otherTop.orgCode}777001`,
      `${otherTop.orgCode}777001001`,
    ])
    expect(failureOf(await orgadmin.get(`/api/train/${trainId}`)).status).toBe(404)
    // A new code typed without a move: the subtree follows it all the same.
    dataOf((await admin.patch('/api/org', { id: child.id, orgCode: `${otherTop.orgCode}777900` })).body)
    expect([await codeOf(moved.id), await codeOf(child.id), await codeOf(grandchild.id)]).toEqual([
      `${otherTop.orgCode}777`,
      `${otherTop.orgCode}777900`,
      `${otherTop.orgCode}777900001`,
    ])
  })

  it('keeps every organisation’s number of children right through add, move and delete', async () => {
    const countOf = async (id: number) => (await admin.data<Org>(`/api/org/${id}`)).childrenCount
    const ownBefore = await countOf(ownTop.id)
    const parent = await createOrg(admin, { parentId: otherTop.id, name: '计数党总支', shortName: '计数' })
    const [first, second] = [await createOrg(admin, { parentId: parent.id, name: '计数一支部', shortName: '计数一' }), await createOrg(admin, { parentId: parent.id, name: '计数二支部', shortName: '计数二' })]
    expect(await admin.data<Page<OrgNode>>('/api/org/children', { parentId: parent.id })).toMatchObject({ total: 2, records: [{ childrenCount: 0 }, { childrenCount: 0 }] })
    expect(await countOf(parent.id)).toBe(2)

    dataOf((await admin.patch('/api/org', { id: first.id, parentId: ownTop.id })).body)
    expect([await countOf(parent.id), await countOf(ownTop.id)]).toEqual([1, ownBefore + 1])
    // A save that keeps the parent changes no count.
    dataOf((await admin.patch('/api/org', { id: second.id, parentId: parent.id, name: '计数二支部（改）' })).body)
    expect(await countOf(parent.id)).toBe(1)

    dataOf((await admin.del(`/api/org/${second.id}`)).body)
    dataOf((await admin.del(`/api/org/${first.id}`)).body)
    expect(await admin.data<Page<OrgNode>>('/api/org/children', { parentId: parent.id })).toEqual({ records: [], total: 0 })
    expect(await admin.data<Org>(`/api/org/${parent.id}`)).toMatchObject({ childrenCount: 0, hasChildren: false })
    expect(await countOf(ownTop.id)).toBe(ownBefore)
    dataOf((await admin.del(`/api/org/${parent.id}`)).body)
  })

  describe('delete', () => {
    it('is for the super user only', async () => {
      const org = await createOrg(orgadmin, { parentId: ownTop.id, name: '待删党支部', shortName: '待删' })
      expect(failureOf(await orgadmin.del(`/api/org/${org.id}`))).toMatchObject({ status: 403, message: '只有超级管理员可以删除组织' })
      dataOf((await admin.del(`/api/org/${org.id}`)).body)
      expect(failureOf(await admin.get(`/api/org/${org.id}`)).status).toBe(404)
    })

    it('refuses an organisation that still has children or members, and the root', async () => {
      expect(failureOf(await admin.del(`/api/org/${ownTop.id}`))).toMatchObject({ status: 409, message: '该组织下还有下级组织，请先删除或移走下级组织' })
      const branch = (await admin.data<Page<Org>>('/api/org', { name: '预算处' })).records[0]
      // The refusal names the members (src-shared/references.ts).
      expect(failureOf(await admin.del(`/api/org/${branch.id}`))).toMatchObject({ status: 409, message: expect.stringMatching(/^该组织下还有党员「[^」]+」.*，请先删除或调走这些党员$/) })
      expect(failureOf(await admin.del(`/api/org/${root.id}`))).toMatchObject({ status: 409, message: '根组织不能删除' })
      expect((await admin.data<Org>(`/api/org/${branch.id}`)).name).toBe('预算处党支部')
    })
  })

  it('requires a signed-in account with a role to read, and the department permission to change', async () => {
    expect((await call(server.url, 'GET', '/api/org/children')).status).toBe(401)
    expect(failureOf(await norole.get('/api/org/children'))).toMatchObject({ status: 403, error: 'NO_ROLE' })
    expect(failureOf(await norole.post('/api/org', { parentId: ownTop.id, name: '甲', shortName: '甲' }))).toMatchObject({ status: 403, error: 'NO_ROLE' })
  })
})
