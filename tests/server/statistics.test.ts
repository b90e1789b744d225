import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClassTypeStat, DashboardSummary, DepartmentStat, LedgerMember, LedgerOrg, LedgerTrain, StatisticTrain, TrainMember } from '../../src-shared/schemas/statistics'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { addStatisticsFixture } from '../support/statistics-fixture'
import { failureOf, issuesOf, signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

type Page<T> = { records: T[]; total: number }
type Fixture = Awaited<ReturnType<typeof addStatisticsFixture>>
const OTHER_TOP = '省委办公厅机关党委'

/**
 * The figures of tests/support/statistics-fixture.ts, computed by hand:
 * 2021 — T1 (A, type 3, 8 h): a1✓ a2✓ a3 b1✓; T2 (A, type 1, 30 h): a1✓ a4✓;
 * T3 (B, type 3, 24 h): a1✓ b1✓ b2. 2022 — T4 (A, type 3, 40 h): a2✓. 2099 — T5 (A, type 5).
 * 2021 hours: a1 62 (书记, target 56: reached), a2 8, a3 0, a4 30 (委员, 56), a5 0, b1 32 (reached), b2 0.
 */
describe.each(testDatabases())('dashboard, statistics and the learning-hours ledger ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let orgadmin: ApiAs
  let before: { admin: DashboardSummary; orgadmin: DashboardSummary }
  let f: Fixture

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    orgadmin = await signInAs(server.url, demoAccounts.orgadmin)
    before = {
      admin: await admin.data<DashboardSummary>('/api/dashboard/summary'),
      orgadmin: await orgadmin.data<DashboardSummary>('/api/dashboard/summary'),
    }
    f = await addStatisticsFixture(server.db, ORG_ADMIN_TOP_ORG, OTHER_TOP)
  })
  afterAll(() => server?.stop())

  it('counts the summary cards of the trainings hosted in the caller’s tree', async () => {
    const grown = (now: DashboardSummary, then: DashboardSummary) => ({
      trainsCount: now.trainsCount - then.trainsCount,
      memberJoinCount: now.memberJoinCount - then.memberJoinCount,
      classType1: now.classType1 - then.classType1,
      classType3: now.classType3 - then.classType3,
      classType5: now.classType5 - then.classType5,
    })
    const all = await admin.data<DashboardSummary>('/api/dashboard/summary')
    expect(grown(all, before.admin)).toEqual({ trainsCount: 5, memberJoinCount: 10, classType1: 1, classType3: 3, classType5: 1 })
    const own = await orgadmin.data<DashboardSummary>('/api/dashboard/summary')
    expect(grown(own, before.orgadmin)).toEqual({ trainsCount: 4, memberJoinCount: 7, classType1: 1, classType3: 2, classType5: 1 })
    // Teachers and course resources are province-wide content: the same figures for every account.
    const [teachers, resources] = await Promise.all([
      server.db.selectFrom('teacher').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      server.db.selectFrom('courseResource').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    expect(all).toMatchObject({ teacherNum: Number(teachers.n), courseSourcesCount: Number(resources.n) })
    expect(own).toMatchObject({ teacherNum: all.teacherNum, courseSourcesCount: all.courseSourcesCount })
  })

  it('pages the dashboard table newest first and filters it by class type', async () => {
    const page = await orgadmin.data<Page<{ name: string; classType: number }>>('/api/dashboard/train', { classType: 3, pageSize: 50 })
    const names = page.records.map((r) => r.name).filter((n) => n.startsWith('统计测试'))
    expect(names).toEqual(['统计测试T4', '统计测试T1'])
    expect(allMatch(page.records, (r) => r.classType === 3)).toBe(true)
    expect(page.total).toBe(page.records.length)
    const bad = await orgadmin.get('/api/dashboard/train', { classType: 11 })
    expect(issuesOf(bad)).toEqual({ classType: '班次类别无效' })
  })

  it('lists the years with data up to this year, newest first', async () => {
    const years = await admin.data<number[]>('/api/statistic/years')
    expect(years).toEqual([...years].sort((x, y) => y - x))
    expect(years).toEqual(expect.arrayContaining([2021, 2022]))
    expect(years).not.toContain(2099)
    expect(Math.max(...years)).toBeLessThanOrEqual(new Date().getFullYear())
  })

  it('counts trainings and people per host unit and per class type for a year, inside the scope', async () => {
    const dept = await admin.data<DepartmentStat[]>('/api/statistic/department', { year: 2021 })
    expect(dept.map(({ depName, trainsCount, peopleNum }) => ({ depName, trainsCount, peopleNum }))).toEqual([
      { depName: ORG_ADMIN_TOP_ORG, trainsCount: 2, peopleNum: 6 },
      { depName: OTHER_TOP, trainsCount: 1, peopleNum: 3 },
    ].sort((x, y) => dept.findIndex((d) => d.depName === x.depName) - dept.findIndex((d) => d.depName === y.depName)))
    const ownDept = await orgadmin.data<DepartmentStat[]>('/api/statistic/department', { year: 2021 })
    expect(ownDept.map((d) => [d.depName, d.trainsCount, d.peopleNum])).toEqual([[ORG_ADMIN_TOP_ORG, 2, 6]])

    const types = await admin.data<ClassTypeStat[]>('/api/statistic/classType', { year: 2021 })
    expect(types).toHaveLength(10)
    expect(types.filter((t) => t.trainsCount > 0)).toEqual([
      { classType: 1, trainsCount: 1, peopleNum: 2 },
      { classType: 3, trainsCount: 2, peopleNum: 7 },
    ])
    const ownTypes = await orgadmin.data<ClassTypeStat[]>('/api/statistic/classType', { year: 2021 })
    expect(ownTypes.filter((t) => t.trainsCount > 0)).toEqual([
      { classType: 1, trainsCount: 1, peopleNum: 2 },
      { classType: 3, trainsCount: 1, peopleNum: 4 },
    ])
    const typesOfB = await admin.data<ClassTypeStat[]>('/api/statistic/classType', { year: 2021, orgId: f.tops.b.id })
    expect(typesOfB.filter((t) => t.trainsCount > 0)).toEqual([{ classType: 3, trainsCount: 1, peopleNum: 3 }])
  })

  it('lists a year’s trainings and a training’s members for the detail dialogs', async () => {
    const trains = await admin.data<Page<StatisticTrain>>('/api/statistic/train', { year: 2021, classType: 3, pageSize: 999 })
    expect(trains.records.map((t) => [t.name, t.allNum, t.classHour])).toEqual([['统计测试T3', 3, 24], ['统计测试T1', 4, 8]])
    const members = await admin.data<Page<TrainMember>>(`/api/statistic/train/${f.trainIds.T1}/member`, { pageSize: 9999 })
    expect(members.records.map((m) => [m.name, m.checkedIn])).toEqual([['统计a1', true], ['统计a2', true], ['统计a3', false], ['统计b1', true]])
    // Another tree's training is absent for a member-linked account.
    expect(failureOf(await orgadmin.get(`/api/statistic/train/${f.trainIds.T3}/member`)).status).toBe(404)
  })

  it('ranks organisations furthest behind their targets first and drills down to members and trainings', async () => {
    const { records } = await orgadmin.data<{ parent: LedgerOrg; records: LedgerOrg[] }>('/api/ledger/org', { year: 2021 })
    const mine = records.filter((r) => r.name.startsWith('统计测试'))
    expect(mine).toEqual([
      { orgId: f.orgs.A2.id, name: '统计测试二支部', hasChildren: false, members: 2, reached: 0, totalHours: 30, rate: 0 },
      { orgId: f.orgs.A1.id, name: '统计测试一支部', hasChildren: false, members: 3, reached: 1, totalHours: 70, rate: 1 / 3 },
    ])
    expect(records.map((r) => r.rate)).toEqual([...records.map((r) => r.rate)].sort((x, y) => x - y))

    const branch = await orgadmin.data<{ parent: LedgerOrg; records: LedgerOrg[] }>('/api/ledger/org', { year: 2021, parentId: f.orgs.A1.id })
    expect(branch).toEqual({ parent: mine[1], records: [] })

    const page = await orgadmin.data<Page<LedgerMember>>('/api/ledger/member', { year: 2021, orgId: f.orgs.A1.id })
    expect(page.total).toBe(3)
    expect(page.records.map((m) => [m.name, m.hours, m.target])).toEqual([['统计a3', 0, 32], ['统计a2', 8, 32], ['统计a1', 62, 56]])

    const trains = await orgadmin.data<LedgerTrain[]>(`/api/ledger/member/${f.members.a1.id}/train`, { year: 2021 })
    expect(trains.map((t) => [t.name, t.classHour, t.checkedIn])).toEqual([['统计测试T1', 8, true], ['统计测试T2', 30, true], ['统计测试T3', 24, true]])
    const a3 = await orgadmin.data<LedgerTrain[]>(`/api/ledger/member/${f.members.a3.id}/train`, { year: 2021 })
    expect(a3.map((t) => [t.name, t.checkedIn])).toEqual([['统计测试T1', false]])

    const b = await admin.data<{ parent: LedgerOrg; records: LedgerOrg[] }>('/api/ledger/org', { year: 2021, parentId: f.tops.b.id })
    expect(b.records.find((r) => r.orgId === f.orgs.B1.id)).toMatchObject({ members: 2, reached: 1, totalHours: 32 })
  })

  it('keeps a member-linked account inside its tree', async () => {
    expect(failureOf(await orgadmin.get('/api/ledger/org', { year: 2021, parentId: f.orgs.B1.id })).status).toBe(404)
    expect(failureOf(await orgadmin.get('/api/ledger/member', { year: 2021, orgId: f.orgs.B1.id })).message).toBe('组织不存在')
    expect(failureOf(await orgadmin.get(`/api/ledger/member/${f.members.b1.id}/train`, { year: 2021 })).status).toBe(404)
    const res = await fetch(new URL(`/api/ledger/download?year=2021&orgId=${f.orgs.B1.id}`, server.url), { headers: { Token: orgadmin.token } })
    expect(res.status).toBe(404)
  })

  it('takes configurable targets, refusing bad ones with a Chinese message', async () => {
    expect(await admin.data('/api/ledger/target')).toEqual({ memberHours: 32, cadreHours: 56 })
    expect(issuesOf(await admin.patch('/api/ledger/target', { memberHours: 0, cadreHours: 56 }))).toEqual({ memberHours: '学时目标至少为 1' })
    expect((await admin.patch('/api/ledger/target', { memberHours: 8, cadreHours: 60 })).body.code).toBe(0)
    const page = await orgadmin.data<Page<LedgerMember>>('/api/ledger/member', { year: 2021, orgId: f.orgs.A1.id })
    expect(page.records.map((m) => [m.name, m.hours - m.target])).toEqual([['统计a3', -8], ['统计a2', 0], ['统计a1', 2]])
    const { records } = await orgadmin.data<{ records: LedgerOrg[] }>('/api/ledger/org', { year: 2021 })
    expect(records.find((r) => r.orgId === f.orgs.A1.id)?.reached).toBe(2)
    await admin.patch('/api/ledger/target', { memberHours: 32, cadreHours: 56 })
  })

  it('exports the ledger of an organisation as a workbook, members in organisation order', async () => {
    const res = await fetch(new URL(`/api/ledger/download?year=2021&orgId=${f.orgs.A1.id}`, server.url), { headers: { Token: orgadmin.token } })
    expect(res.status).toBe(200)
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('学时档案2021.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await res.arrayBuffer())
    const rows = (workbook.getWorksheet('学时档案')?.getSheetValues() ?? []).filter(Boolean).map((r) => (r as unknown[]).slice(1))
    expect(rows).toEqual([
      ['组织', '姓名', '党内职务', '年度学时', '目标学时', '差距', '是否达标'],
      ['统计测试一支部', '统计a1', '支部书记', 62, 56, 0, '已达标'],
      ['统计测试一支部', '统计a2', '党员', 8, 32, 24, '未达标'],
      ['统计测试一支部', '统计a3', undefined, 0, 32, 32, '未达标'],
    ])
  })
})
