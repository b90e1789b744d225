import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src-shared/schemas/common'
import { mobileIssue, residentIdIssue } from '../../src-shared/schemas/identity'
import type { Member } from '../../src-shared/schemas/member'
import type { Org, OrgNode } from '../../src-shared/schemas/org'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { seedProvince, WIDE_NODE_CODE, type ProvinceShape } from '../../src-server/seed/province'
import { testDatabases } from '../support/databases'
import { dataOf } from '../support/envelope'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'
import { allMatch } from '../support/filtered'

/** The province seed in miniature: same code path as `npm run seed:province`, seconds instead of minutes. */
const SMALL: ProvinceShape = { tops: 2, committeesPerTop: 2, generalsPerCommittee: 2, branchesPerGeneral: 2, membersPerBranch: 3, wideNodeChildren: 5 }

describe.each(testDatabases())('province seed ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  const log: string[] = []

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    await seedProvince(server.db, database.dialect, (line) => log.push(line), SMALL)
  })
  afterAll(() => server?.stop())

  it('adds five levels under the root, with the wide node, and reports progress', async () => {
    const wide = await admin.data<Page<OrgNode>>('/api/org/children', { orgCode: WIDE_NODE_CODE })
    expect(wide.total).toBe(5)
    const root = (await admin.data<Page<OrgNode>>('/api/org/children')).records[0]
    const levels = await server.db.selectFrom('org').select('path').execute()
    expect(Math.max(...levels.map((o) => o.path.split('/').length - 2))).toBe(5)
    expect((await admin.data<Page<OrgNode>>('/api/org/children', { parentId: root.id })).total).toBe(5 + 2)
    expect(log.at(-1)).toMatch(/^完成：组织 33 个，党员 42 名/)
  })

  it('keeps every member’s path and top organisation in step with its organisation', async () => {
    const { n } = await server.db
      .selectFrom('member')
      .innerJoin('org', 'org.id', 'member.orgId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('member.orgPath', '<>', eb.ref('org.path')), eb('member.topOrgId', '<>', eb.ref('org.topOrgId'))]))
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBe(0)
    const [top] = (await admin.data<Page<Org>>('/api/org', { name: '发展改革' })).records
    const members = await admin.data<Page<Member>>('/api/member', { orgId: top.id, pageSize: 100 })
    expect(members.total).toBe(18)
    expect(allMatch(members.records, (m) => /^191\d{8}$/.test(m.telephone) && m.topOrgId === top.id)).toBe(true)
  })

  it('gives every member an ID number and a mobile that pass the validators forms and imports use', async () => {
    const members = await server.db.selectFrom('member').select(['idcard', 'telephone']).execute()
    expect(members.length).toBeGreaterThan(42)
    expect(members.filter((m) => m.idcard === null || residentIdIssue(m.idcard) !== null || mobileIssue(m.telephone) !== null)).toEqual([])
  })

  // PostgreSQL loads without the row triggers and fills the figures afterwards (seed/bulk-load.ts).
  it('leaves the ledger’s member counts and id spans as the triggers keep them', async () => {
    const wrong = await sql<{ id: number }>`select o.id from org o
      left join ledger_org lo on lo.org_id = o.id
      left join (select s.id, count(m.id) as n, min(m.id) as lo, max(m.id) as hi from org s
        join member m on m.org_path like s.path || '%' and m.enabled = 1 group by s.id) c on c.id = o.id
      where coalesce(lo.members, 0) <> coalesce(c.n, 0) or lo.first_member_id > c.lo or lo.last_member_id < c.hi`.execute(server.db)
    expect(wrong.rows).toEqual([])
    const { n } = await server.db.selectFrom('ledgerOrg').select(sql<number>`max(members)`.as('n')).executeTakeFirstOrThrow()
    expect(Number(n)).toBeGreaterThan(42)
  })

  it('leaves new ids free after its explicit ones, and refuses to run twice', async () => {
    const [top] = (await admin.data<Page<Org>>('/api/org', { name: '发展改革' })).records
    const created = dataOf((await admin.post<Org>('/api/org', { parentId: top.id, name: '新建党支部', shortName: '新建' })).body)
    const { max } = await server.db.selectFrom('org').select(sql<number>`max(id)`.as('max')).executeTakeFirstOrThrow()
    expect(created.id).toBe(Number(max))
    await expect(seedProvince(server.db, database.dialect, () => undefined, SMALL)).rejects.toThrow('该数据库已有省级规模数据，无需重复生成')
  })
})
