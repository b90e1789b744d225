import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes, type RouteName } from '../../src-shared/api'
import type { RouteDef, ScopeKind } from '../../src-shared/contract'
import { allScreens } from '../../src-shared/permissions'
import { nowText } from '../../src-server/db/time'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { insertPaper } from '../support/exam'
import { dataOf } from '../support/envelope'
import { orgadminMember, foreignRecord, naming, request } from '../support/foreign-records'
import { dataFingerprint, roleAccount } from '../support/route-calls'
import { login } from '../support/login'
import { call, startTestServer, type TestServer } from './harness'

/**
 * Every module has an owner (issue 25, docs/decisions.md), generated from the route table:
 * an administrator of one tree holding every permission tries every write route on
 * another tree's records and on the province's records and settings. Nothing changes
 * (every table's rows stay as they were) and the answer is NOT_FOUND or FORBIDDEN with a
 * Chinese message. A new write route must declare its owner rule (`scope` / `province`)
 * or be listed below with the reason it cannot reach beyond the caller's tree.
 */

/** Writes without an owner marker, and why they stay inside the caller's tree. */
const ownTreeWrites = {
  'auth.logout': 'ends the caller’s own session',
  'auth.password': 'changes the caller’s own password',
  'files.upload': 'stores a file of the caller; reading it is scoped (files/access.ts)',
  'org.create': 'the parent must lie in the caller’s tree (org writes)',
  'member.create': 'the organisation must lie in the caller’s tree',
  'member.importCheck': 'every row’s organisation must lie in the caller’s tree',
  'member.importCommit': 'every row’s organisation must lie in the caller’s tree',
  'train.create': 'the host is the caller’s own top organisation',
  'admin.create': 'the account is linked to a member of the caller’s tree',
  'role.create': 'the role is the caller’s tree’s',
  'notice.create': 'the notice is the caller’s tree’s, its members must lie in it',
  'sms.send': 'recipients and the exam must lie in the caller’s tree',
} as const satisfies Partial<Record<RouteName, string>>

const entries = (Object.entries(routes) as [RouteName, RouteDef][]).map(([name, route]) => ({ name, route }))
// A member route acts only for the member whose session calls it (the route mechanism finds that member).
const writes = entries.filter((e) => e.route.method !== 'GET' && e.route.access !== 'public' && e.route.access !== 'member')
const provinceWrites = writes.filter((e) => e.route.province)
const scopedWrites = writes.filter((e) => e.route.scope && !e.route.province)

const CHINESE = /[\u4e00-\u9fff]/

describe.each(testDatabases())('owner rules ($name)', (database) => {
  let server: TestServer
  let treeAdmin: string
  let topOrgId: number

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    const { db } = server
    const orgadmin = await orgadminMember(db)
    topOrgId = orgadmin.topOrgId ?? 0
    // A tree's administrator with every permission: only the owner rules can refuse it.
    treeAdmin = await roleAccount(server, allScreens.map((s) => s.id), orgadmin.id)
    // One record of each province-wide module, so that its writes would have something to change.
    const now = nowText()
    const stamps = { createTime: now, updatedAt: now }
    await db.insertInto('news').values({ title: '全省新闻', comeFrom: '省委', entryTime: '2026-11-20', imagePath: null, content: '<p>正文</p>', status: 1, ...stamps }).execute()
    await db.insertInto('home').values({ name: '全省首页', status: 0, ...stamps }).execute()
    const teacher = await db.insertInto('teacher').values({ name: '讲师', avatarUrl: '2026/01/a.png', content: '', ...stamps }).returning('id').executeTakeFirstOrThrow()
    const course = await db
      .insertInto('course')
      .values({ name: '课程', teacherId: teacher.id, content: '', status: 1, imagePath: null, videoPath: null, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.insertInto('courseResource').values({ courseId: course.id, name: '资料', sortOrder: 1, type: 1, resourcePath: '2026/01/r.pdf', ...stamps }).execute()
    const category = await db.insertInto('questionCategory').values({ name: '党的建设', useType: 2, createdAt: now, updatedAt: now }).returning('id').executeTakeFirstOrThrow()
    await db
      .insertInto('question')
      .values({ useType: 2, categoryId: category.id, type: 1, title: '题目', stem: null, answer: 'A', analysis: null, imagePath: null, createdBy: null, createName: null, createdAt: now, updatedAt: now })
      .execute()
    await insertPaper(db, '全省试卷')
  })
  afterAll(() => server?.stop())

  it('finds an owner rule on every write route', () => {
    const unmarked = writes.filter((e) => !e.route.scope && !e.route.province).map((e) => e.name)
    expect(unmarked.sort()).toEqual(Object.keys(ownTreeWrites).sort())
    expect(provinceWrites.length).toBeGreaterThan(0)
    expect(scopedWrites.length).toBeGreaterThan(0)
  })

  /** Calls a write as the tree's administrator: refused with `status`, a Chinese message, and no table changed. */
  async function refusedUnchanged(route: RouteDef, input: Record<string, unknown>, status: 403 | 404) {
    const before = await dataFingerprint(server.db)
    const { path, query, body } = request(route, input)
    const answer = await call(server.url, route.method, path, { token: treeAdmin, query, body })
    expect(answer.status).toBe(status)
    expect(answer.body.message).toMatch(CHINESE)
    expect(await dataFingerprint(server.db)).toEqual(before)
  }

  it.each(provinceWrites)('$name: a tree cannot change the province’s records (FORBIDDEN)', async ({ route }) => {
    // The record the route writes, when it names one: the first of its table.
    const loose = server.db as unknown as Kysely<Record<string, { id: number }>>
    const row = route.record ? await loose.selectFrom(route.record).select('id').orderBy('id').limit(1).executeTakeFirst() : undefined
    const id = row?.id ?? 1
    await refusedUnchanged(route, { id, ids: id }, 403)
  })

  it.each(scopedWrites)('$name: a tree cannot change another tree’s records (NOT_FOUND)', async ({ route }) => {
    const input: Record<string, unknown> = {}
    for (const [name, kind] of Object.entries(route.scope ?? {})) {
      const id = await foreignRecord[kind as ScopeKind](server.db, topOrgId)
      input[name] = naming(route, name, id)
    }
    await refusedUnchanged(route, input, 404)
  })

  it('keeps the province’s hours targets from a tree’s administrator with the demo’s default role', async () => {
    const orgadmin = await login(server.url, demoAccounts.orgadmin.username, demoAccounts.orgadmin.password)
    const refused = await call(server.url, 'PATCH', '/api/ledger/target', { token: orgadmin, body: { memberHours: 1, cadreHours: 2 } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('全省共用的数据只能由省级管理员修改')
    expect(dataOf((await call(server.url, 'GET', '/api/ledger/target', { token: orgadmin })).body)).toMatchObject({ memberHours: 32, cadreHours: 56 })
    const admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    expect((await call(server.url, 'PATCH', '/api/ledger/target', { token: admin, body: { memberHours: 30, cadreHours: 50 } })).status).toBe(200)
    expect(dataOf((await call(server.url, 'GET', '/api/ledger/target', { token: orgadmin })).body)).toMatchObject({ memberHours: 30, cadreHours: 50 })
  })

  it('lets a tree edit its notice without dropping the members of other trees it goes to, and not touch the province’s notices', async () => {
    const { db } = server
    const admin = await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password)
    const own = await db.selectFrom('member').select('id').where('topOrgId', '=', topOrgId).orderBy('id').limit(2).execute()
    const others = await db.selectFrom('member').select('id').where('topOrgId', '!=', topOrgId).orderBy('id').limit(2).execute()
    const notice = { name: '学习通知', content: '<p>请按时参加学习</p>' }
    const created = await call<{ id: number }>(server.url, 'POST', '/api/notice', { token: treeAdmin, body: { ...notice, memberIdList: own.map((m) => m.id) } })
    expect(created.status).toBe(200)
    const id = dataOf(created.body).id
    // The province adds members of another tree to the tree's notice.
    const everyone = [...own, ...others].map((m) => m.id)
    expect((await call(server.url, 'PATCH', '/api/notice', { token: admin, body: { id, ...notice, memberIdList: everyone } })).status).toBe(200)
    const membersAs = async (token: string) => dataOf((await call<{ records: { id: number }[] }>(server.url, 'GET', `/api/notice/member/${id}`, { token })).body).records.map((m) => m.id)
    expect(await membersAs(treeAdmin)).toEqual(own.map((m) => m.id))
    // The tree's editor keeps one of its own members: the other trees' stay.
    expect((await call(server.url, 'PATCH', '/api/notice', { token: treeAdmin, body: { id, ...notice, memberIdList: [own[0].id] } })).status).toBe(200)
    expect(await membersAs(admin)).toEqual([own[0].id, ...others.map((m) => m.id)].sort((a, b) => a - b))

    // A notice of the province is not the tree's: not listed, not edited, not deleted.
    const provincial = await call<{ id: number }>(server.url, 'POST', '/api/notice', { token: admin, body: { ...notice, memberIdList: everyone } })
    const provincialId = dataOf(provincial.body).id
    const listed = await call<{ records: { id: number }[] }>(server.url, 'GET', '/api/notice', { token: treeAdmin, query: { pageNum: '1', pageSize: '100' } })
    expect(dataOf(listed.body).records.map((r) => r.id)).toEqual([id])
    expect((await call(server.url, 'DELETE', `/api/notice/${provincialId}`, { token: treeAdmin })).body).toMatchObject({ error: 'NOT_FOUND', message: '通知不存在' })
    expect(await db.selectFrom('noticeMember').select('memberId').where('noticeId', '=', provincialId).execute()).toHaveLength(everyone.length)
    // Its own notice the tree deletes, for every member it went to.
    expect((await call(server.url, 'DELETE', `/api/notice/${id}`, { token: treeAdmin })).status).toBe(200)
    expect(await db.selectFrom('noticeMember').select('memberId').where('noticeId', '=', id).execute()).toEqual([])
  })
})
