import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import { MEMBER_COUNT_AHEAD_PAGES, type Member, type MemberListItem } from '../../src-shared/schemas/member'
import type { Org, OrgNode } from '../../src-shared/schemas/org'
import type { UploadedFile } from '../../src-shared/schemas/files'
import type { ApiEnvelope } from '../../src-shared/errors'
import { nowText } from '../../src-server/db/time'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

describe.each(testDatabases())('party members ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let ownTop: OrgNode
  let otherTop: OrgNode
  let ownBranch: Org
  let otherBranch: Org
  let serial = 0

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    ;[admin, orgadmin] = await Promise.all([signInAs(server.url, demoAccounts.admin), signInAs(server.url, demoAccounts.orgadmin)])
    const root = (await admin.data<Page<OrgNode>>('/api/org/children')).records[0]
    const tops = (await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).records
    ownTop = tops.find((o) => o.name === ORG_ADMIN_TOP_ORG)!
    otherTop = tops.find((o) => o.name !== ORG_ADMIN_TOP_ORG)!
    ownBranch = (await admin.data<Page<Org>>('/api/org', { parentId: ownTop.id, name: '党支部' })).records[0]
    otherBranch = (await admin.data<Page<Org>>('/api/org', { parentId: otherTop.id, name: '党支部' })).records[0]
  })
  afterAll(() => server?.stop())

  /** A valid new member; each call gets its own telephone. */
  function newMember(orgId: number, extra: Record<string, unknown> = {}) {
    serial++
    return { name: `测试${serial}`, nation: '汉族', gender: 0, telephone: `1770000${String(serial).padStart(4, '0')}`, orgId, pwd: 'Member@123', ...extra }
  }

  async function create(as: ApiAs, body: Record<string, unknown>): Promise<Member> {
    return dataOf((await as.post<Member>('/api/member', body)).body)
  }

  async function upload(kind: string, name: string, bytes: Buffer): Promise<UploadedFile> {
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/upload?kind=${kind}`, { method: 'POST', headers: { Token: admin.token }, body: form })
    return dataOf((await response.json()) as ApiEnvelope<UploadedFile[]>)[0]
  }

  describe('list', () => {
    it('pages every member for the super user with organisation, top organisation and state', async () => {
      const page = await admin.data<Page<MemberListItem>>('/api/member')
      expect(page.total).toBe(60)
      expect(page.records).toHaveLength(10)
      expect(page.records[0]).toMatchObject({ enabled: true, orgName: expect.stringMatching(/党支部$/), topOrgName: expect.stringMatching(/机关党委$/) })
      expect(page.records[0]).not.toHaveProperty('pwdHash')
      // Rows are summaries: the ID card and the rest of the record come with the member itself.
      expect(page.records[0]).not.toHaveProperty('idcard')
      const whole = await admin.data<Member>(`/api/member/${page.records[0].id}`)
      expect(whole).toMatchObject({ ...page.records[0], idcard: expect.stringMatching(/^\d{17}[\dX]$/) })
    })

    it('filters by name prefix, telephone prefix, organisation subtree and top organisation', async () => {
      const byName = await admin.data<Page<MemberListItem>>('/api/member', { name: '马' })
      expect(byName.records.map((m) => m.name)).toEqual(['马建国'])
      const someone = (await admin.data<Page<MemberListItem>>('/api/member', { pageSize: 1 })).records[0]
      const byPhone = await admin.data<Page<MemberListItem>>('/api/member', { telephone: someone.telephone.slice(0, 7) })
      expect(byPhone.records.map((m) => m.id)).toContain(someone.id)
      expect(allMatch(byPhone.records, (m) => m.telephone.startsWith(someone.telephone.slice(0, 7)))).toBe(true)
      // The top organisation's subtree: all twelve people in its branches.
      const subtree = await admin.data<Page<MemberListItem>>('/api/member', { orgId: ownTop.id, pageSize: 100 })
      expect(subtree.total).toBe(12)
      expect(allMatch(subtree.records, (m) => m.topOrgName === ORG_ADMIN_TOP_ORG)).toBe(true)
      const branch = await admin.data<Page<MemberListItem>>('/api/member', { orgId: ownBranch.id, pageSize: 100 })
      expect(branch.total).toBeGreaterThan(0)
      expect(allMatch(branch.records, (m) => m.orgId === ownBranch.id)).toBe(true)
      expect((await admin.data<Page<MemberListItem>>('/api/member', { topOrgId: otherTop.id })).total).toBe(12)
      expect((await admin.data<Page<MemberListItem>>('/api/member', { name: '马', orgId: otherTop.id })).total).toBe(0)
      // A name matches from its start only (docs/decisions.md).
      expect((await admin.data<Page<MemberListItem>>('/api/member', { name: '建国' })).total).toBe(0)
    })

    it('shows a member-linked account only its own top organisation, by list and by id', async () => {
      const own = await orgadmin.data<Page<MemberListItem>>('/api/member', { pageSize: 100 })
      expect(own.total).toBe(12)
      expect(allMatch(own.records, (m) => m.topOrgId === ownTop.id)).toBe(true)
      const stranger = (await admin.data<Page<MemberListItem>>('/api/member', { orgId: otherTop.id, pageSize: 1 })).records[0]
      expect((await orgadmin.data<Page<MemberListItem>>('/api/member', { name: stranger.name })).total).toBe(0)
      expect((await orgadmin.data<Page<MemberListItem>>('/api/member', { telephone: stranger.telephone })).total).toBe(0)
      expect(failureOf(await orgadmin.get(`/api/member/${stranger.id}`))).toMatchObject({ status: 404, message: '党员不存在' })
      expect(failureOf(await orgadmin.get('/api/member', { orgId: otherTop.id }))).toMatchObject({ status: 404, message: '组织不存在' })
      expect(failureOf(await orgadmin.get('/api/member', { topOrgId: otherTop.id })).status).toBe(404)
    })

    it(`counts a broad filter only ${MEMBER_COUNT_AHEAD_PAGES} pages ahead of the page asked for, and says so`, async () => {
      const org = dataOf((await admin.post<Org>('/api/org', { parentId: otherTop.id, name: '计数党支部', shortName: '计数' })).body)
      const now = nowText()
      const { path } = await server.db.selectFrom('org').select('path').where('id', '=', org.id).executeTakeFirstOrThrow()
      const rows = Array.from({ length: 255 }, (_, i) => ({
        name: '计数', telephone: `166${String(i).padStart(8, '0')}`, orgId: org.id, orgPath: path, topOrgId: otherTop.id, createdAt: now, updatedAt: now,
      }))
      for (let i = 0; i < rows.length; i += 1000) await server.db.insertInto('member').values(rows.slice(i, i + 1000)).execute()
      const ahead = MEMBER_COUNT_AHEAD_PAGES * 10
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id })).toMatchObject({ total: ahead, totalCapped: true })
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id, pageNum: 10 })).toMatchObject({ total: 90 + ahead, totalCapped: true })
      // Near the end the count reaches the last match: exact again.
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id, pageNum: 20 })).toMatchObject({ total: 255, totalCapped: false })
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id, pageSize: 100, pageNum: 2 })).toMatchObject({ total: 255, totalCapped: false })
      // A page past the last match (a jump beyond a stopped count) is empty and tells the real total.
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id, pageNum: 40 })).toEqual({ records: [], total: 255, totalCapped: false })
      expect(await admin.data<Page<MemberListItem>>('/api/member', { orgId: org.id, telephone: '1660000000' })).toMatchObject({ total: 10, totalCapped: false })
      await server.db.deleteFrom('member').where('orgId', '=', org.id).execute()
    })
  })

  describe('add', () => {
    it('requires name, nation, gender, organisation, telephone and password, each with its own message', async () => {
      const answer = await admin.post('/api/member', {})
      expect(answer.status).toBe(400)
      expect(issuesOf(answer)).toEqual({
        name: '请输入姓名', nation: '请输入民族', gender: '请选择性别', orgId: '请选择组织', telephone: '请输入手机号', pwd: '请输入密码',
      })
    })

    it('checks the mobile pattern: 11 digits, 1 then 3–9', async () => {
      for (const telephone of ['12345678901', '1381234567', '138123456789', 'abcdefghijk']) {
        expect(issuesOf(await admin.post('/api/member', newMember(ownBranch.id, { telephone })))).toEqual({ telephone: '手机号格式错误' })
      }
    })

    it('refuses a telephone another member has, and changes nothing', async () => {
      const first = await create(admin, newMember(ownBranch.id))
      const again = await admin.post('/api/member', newMember(otherBranch.id, { telephone: first.telephone }))
      expect(failureOf(again)).toMatchObject({ status: 409, message: '该手机号已存在' })
      expect((await admin.data<Page<MemberListItem>>('/api/member', { telephone: first.telephone })).total).toBe(1)
    })

    it('stores the password hashed and gives back the member with its organisation', async () => {
      const member = await create(admin, newMember(ownBranch.id, { idcard: '32010219900101234x', tenureTime: '2020-07', sameTenureYear: 3, jobs: '科员' }))
      expect(member).toMatchObject({ orgId: ownBranch.id, orgName: ownBranch.name, topOrgId: ownTop.id, topOrgName: ORG_ADMIN_TOP_ORG, enabled: true, idcard: '32010219900101234X' })
      const { pwdHash } = await server.db.selectFrom('member').select('pwdHash').where('id', '=', member.id).executeTakeFirstOrThrow()
      expect(pwdHash).toMatch(/^scrypt\$/)
      expect(pwdHash).not.toContain('Member@123')
    })

    it('checks optional fields: id number, tenure month, years at least 1', async () => {
      expect(issuesOf(await admin.post('/api/member', newMember(ownBranch.id, { idcard: '1234', tenureTime: '2020-13', sameTenureYear: 0 })))).toEqual({
        idcard: '身份证号应为18位（现为4位）', tenureTime: '任职时间格式应为 yyyy-MM', sameTenureYear: '同职级年限最小为 1',
      })
    })

    it('accepts an uploaded jpg/png avatar and refuses anything else', async () => {
      const png = await upload('image', '头像.png', PNG)
      expect((await create(admin, newMember(ownBranch.id, { avatarUrl: png.path }))).avatarUrl).toBe(png.path)
      const pdf = await upload('pdf', '头像.pdf', PDF)
      expect(issuesOf(await admin.post('/api/member', newMember(ownBranch.id, { avatarUrl: pdf.path })))).toEqual({ avatarUrl: '头像只能是 jpg、jpeg、png 格式' })
      expect(issuesOf(await admin.post('/api/member', newMember(ownBranch.id, { avatarUrl: '2026/01/0123456789abcdef0123456789abcdef.png' })))).toEqual({
        avatarUrl: '文件不存在，请重新上传',
      })
      expect(issuesOf(await admin.post('/api/member', newMember(ownBranch.id, { avatarUrl: '../../etc/passwd' })))).toEqual({ avatarUrl: '文件路径无效，请重新上传' })
    })

    it('adds into its own tree only for a member-linked account', async () => {
      expect(await create(orgadmin, newMember(ownBranch.id))).toMatchObject({ topOrgId: ownTop.id })
      const outside = newMember(otherBranch.id)
      expect(failureOf(await orgadmin.post('/api/member', outside))).toMatchObject({ status: 404, message: '所选组织不存在' })
      expect((await admin.data<Page<MemberListItem>>('/api/member', { telephone: outside.telephone })).total).toBe(0)
    })
  })

  describe('edit', () => {
    it('changes only the fields sent, keeps the password when it is empty, moves between organisations', async () => {
      const member = await create(admin, newMember(ownBranch.id))
      const before = await server.db.selectFrom('member').select('pwdHash').where('id', '=', member.id).executeTakeFirstOrThrow()
      const edited = dataOf((await admin.patch<Member>('/api/member', { id: member.id, jobs: '处长', pwd: '' })).body)
      expect(edited).toMatchObject({ name: member.name, telephone: member.telephone, jobs: '处长' })
      const after = await server.db.selectFrom('member').select('pwdHash').where('id', '=', member.id).executeTakeFirstOrThrow()
      expect(after.pwdHash).toBe(before.pwdHash)
      dataOf((await admin.patch('/api/member', { id: member.id, pwd: 'Changed@123' })).body)
      const changed = await server.db.selectFrom('member').select('pwdHash').where('id', '=', member.id).executeTakeFirstOrThrow()
      expect(changed.pwdHash).not.toBe(before.pwdHash)
      const moved = dataOf((await admin.patch<Member>('/api/member', { id: member.id, orgId: otherBranch.id })).body)
      expect(moved).toMatchObject({ orgId: otherBranch.id, topOrgId: otherTop.id })
      expect((await admin.data<Page<MemberListItem>>('/api/member', { orgId: otherBranch.id, name: member.name })).total).toBe(1)
    })

    it('validates what is sent and refuses a telephone in use', async () => {
      const [a, b] = [await create(admin, newMember(ownBranch.id)), await create(admin, newMember(ownBranch.id))]
      expect(issuesOf(await admin.patch('/api/member', { id: a.id, name: ' ', telephone: '1' }))).toEqual({ name: '请输入姓名', telephone: '手机号格式错误' })
      expect(failureOf(await admin.patch('/api/member', { id: a.id, telephone: b.telephone }))).toMatchObject({ status: 409, message: '该手机号已存在' })
      expect(issuesOf(await admin.patch('/api/member', { id: a.id, pwd: '123' }))).toEqual({ pwd: '密码不能少于6位' })
    })
  })

  describe('another tree, by id', () => {
    it('answers not found to update, delete, enable and disable, and changes nothing', async () => {
      const stranger = await create(admin, newMember(otherBranch.id))
      for (const answer of [
        await orgadmin.patch('/api/member', { id: stranger.id, name: '越权' }),
        await orgadmin.del(`/api/member/${stranger.id}`),
        await orgadmin.post(`/api/member/Disable/${stranger.id}`),
        await orgadmin.post(`/api/member/enable/${stranger.id}`),
      ]) {
        expect(failureOf(answer)).toMatchObject({ status: 404, message: '党员不存在' })
      }
      expect(await admin.data<Member>(`/api/member/${stranger.id}`)).toMatchObject({ name: stranger.name, enabled: true })
      // Nor may a member be moved into another tree.
      const mine = await create(orgadmin, newMember(ownBranch.id))
      expect(failureOf(await orgadmin.patch('/api/member', { id: mine.id, orgId: otherBranch.id })).message).toBe('所选组织不存在')
    })
  })

  describe('enable, disable, delete', () => {
    it('disables and enables, and the list filters by state', async () => {
      const member = await create(orgadmin, newMember(ownBranch.id))
      dataOf((await orgadmin.post(`/api/member/Disable/${member.id}`)).body)
      expect((await orgadmin.data<Member>(`/api/member/${member.id}`)).enabled).toBe(false)
      const disabled = await orgadmin.data<Page<MemberListItem>>('/api/member', { enabled: false })
      expect(disabled.records.map((m) => m.id)).toEqual([member.id])
      dataOf((await orgadmin.post(`/api/member/enable/${member.id}`)).body)
      expect((await orgadmin.data<Member>(`/api/member/${member.id}`)).enabled).toBe(true)
    })

    it('deletes a member, but not one linked to a sign-in account', async () => {
      const member = await create(orgadmin, newMember(ownBranch.id))
      dataOf((await orgadmin.del(`/api/member/${member.id}`)).body)
      expect(failureOf(await orgadmin.get(`/api/member/${member.id}`)).status).toBe(404)
      const linked = (await orgadmin.data<Page<MemberListItem>>('/api/member', { name: demoAccounts.orgadmin.member.name })).records[0]
      expect(failureOf(await admin.del(`/api/member/${linked.id}`))).toMatchObject({ status: 409, message: `该党员已关联管理账号「${demoAccounts.orgadmin.username}」，请先在账号管理中解除关联后再删除` })
    })
  })

  it('leaves a trail in the operation log, before and after, the password hidden', async () => {
    const member = await create(admin, newMember(ownBranch.id))
    dataOf((await admin.patch('/api/member', { id: member.id, jobs: '副处长', pwd: 'Other@123' })).body)
    dataOf((await admin.post(`/api/member/Disable/${member.id}`)).body)
    const log = await admin.data<Page<{ route: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>>('/api/log', {
      recordTable: 'member', recordId: member.id,
    })
    expect(log.records.map((e) => e.route)).toEqual(['member.disable', 'member.update', 'member.create'])
    expect(log.records[2]).toMatchObject({ before: null, after: { name: member.name, pwdHash: '[已隐藏]' } })
    expect(log.records[1]).toMatchObject({ before: { jobs: null }, after: { jobs: '副处长', pwdHash: '[已隐藏，已修改]' } })
    expect(log.records[0]).toMatchObject({ before: { enabled: 1 }, after: { enabled: 0 } })
  })

  it('refuses an account without the member permission', async () => {
    const norole = await signInAs(server.url, demoAccounts.norole)
    expect(failureOf(await norole.get('/api/member')).error).toBe('NO_ROLE')
    expect(failureOf(await norole.post('/api/member', newMember(ownBranch.id))).error).toBe('NO_ROLE')
  })
})
