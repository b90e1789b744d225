import { nowText } from '../db/time'
import type { Db, NewMember } from '../db/types'
import { insertOrg, insertRole, permissionIdsOf } from './base'
import { demoAccounts } from './demo-accounts'
import type { ReceivedFile } from '../files/receive'
import { seedDemoTrainings } from './demo-trainings'
import {
  demoTopOrgs,
  genderOf,
  idAreaCodes,
  jobTitles,
  mobilePrefixes,
  nations,
  partyJobTitles,
  residentId,
  seededRandom,
  type DemoTopOrg,
} from './demo-data'

export const ORG_ROLE_TITLE = '单位管理员'

type OrgRef = Awaited<ReturnType<typeof insertOrg>>
interface Branch {
  org: OrgRef
  department: string
}

const NUMERALS = ['一', '二']
const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * A top organisation with two 党总支 of two 党支部 each (one per department) and a
 * 离退休干部党支部 directly under it: three levels below the root.
 */
async function seedTopOrg(db: Db, root: OrgRef, top: DemoTopOrg, sortNumber: number): Promise<Branch[]> {
  const common = { areaName: '南京市' }
  const topOrg = await insertOrg(
    db,
    {
      ...common,
      orgCode: top.code,
      name: top.name,
      shortName: top.shortName,
      orgType: '党委',
      secretary: top.secretary,
      hasCommittee: 1,
      committeeCreate: '2021-06',
      contacter: top.contacter,
      contactPhone: top.contactPhone,
      postAddress: top.postAddress,
      sortNumber,
    },
    root,
  )
  const branches: Branch[] = []
  for (const [g, numeral] of NUMERALS.entries()) {
    const generalCode = `${top.code}00${g + 1}`
    const general = await insertOrg(
      db,
      { ...common, orgCode: generalCode, name: `机关第${numeral}党总支`, shortName: `第${numeral}总支`, orgType: '党总支', sortNumber: g + 1 },
      topOrg,
    )
    for (const [b, department] of top.departments.slice(g * 2, g * 2 + 2).entries()) {
      const org = await insertOrg(
        db,
        { ...common, orgCode: `${generalCode}00${b + 1}`, name: `${department}党支部`, shortName: department, orgType: '党支部', sortNumber: b + 1 },
        general,
      )
      branches.push({ org, department })
    }
  }
  const retired = await insertOrg(
    db,
    { ...common, orgCode: `${top.code}009`, name: '离退休干部党支部', shortName: '离退休支部', orgType: '党支部' },
    topOrg,
  )
  return [...branches, { org: retired, department: '离退休干部处' }]
}

function demoMember(name: string, branch: Branch, n: number, random: () => number, telephone: string): NewMember {
  const now = nowText()
  const gender = genderOf(name)
  const birthYear = 1965 + Math.floor(random() * 35)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const month = () => pad2(1 + Math.floor(random() * 12))
  const birth = `${birthYear}${month()}${pad2(1 + Math.floor(random() * 28))}`
  const tenureYear = 2012 + Math.floor(random() * 12)
  return {
    name,
    gender,
    telephone,
    idcard: residentId(pick(idAreaCodes), birth, 100 + n, gender),
    nation: pick(nations),
    orgId: branch.org.id,
    orgPath: branch.org.path,
    topOrgId: branch.org.topOrgId,
    department: branch.department,
    jobs: pick(jobTitles),
    partyJobs: pick(partyJobTitles),
    tenureTime: `${tenureYear}-${month()}`,
    sameTenureYear: Math.max(1, new Date().getFullYear() - tenureYear),
    enabled: 1,
    createdAt: now,
    updatedAt: now,
  }
}

/** Distinct, valid mainland mobile numbers, the same on every run. */
function mobiles(count: number, random: () => number): string[] {
  const numbers = new Set<string>()
  while (numbers.size < count) {
    const prefix = mobilePrefixes[Math.floor(random() * mobilePrefixes.length)]
    numbers.add(prefix + String(Math.floor(random() * 1e8)).padStart(8, '0'))
  }
  return [...numbers]
}

/**
 * The demo province under the root: five top organisations, their branches, sixty
 * members, role 2 (单位管理员), the accounts `orgadmin` and `norole`, and trainings
 * complete enough to edit and save (`groupQr`: their group QR image, already written).
 */
export async function seedDemo(db: Db, root: OrgRef, passwordHashes: { orgadmin: string; norole: string }, groupQr: ReceivedFile): Promise<void> {
  const random = seededRandom(20260101)
  const people = demoTopOrgs.flatMap((t) => t.people)
  const telephones = mobiles(people.length, random)
  let n = 0
  let orgAdminMemberId: number | undefined
  for (const [index, top] of demoTopOrgs.entries()) {
    const branches = await seedTopOrg(db, root, top, index + 1)
    const rows = top.people.map((name, i) => demoMember(name, branches[i % branches.length], n + i, random, telephones[n + i]))
    n += rows.length
    const inserted = await db.insertInto('member').values(rows).returning(['id', 'name']).execute()
    orgAdminMemberId ??= inserted.find((m) => m.name === demoAccounts.orgadmin.member.name)?.id
  }
  if (orgAdminMemberId === undefined) throw new Error(`demo member ${demoAccounts.orgadmin.member.name} missing`)

  const now = nowText()
  const orgRoleId = await insertRole(db, { title: ORG_ROLE_TITLE, remark: '首页、培训管理、组织管理' }, permissionIdsOf(['dashboard', 'training', 'organization']))
  await db
    .insertInto('admin')
    .values([
      { name: demoAccounts.orgadmin.username, passwordHash: passwordHashes.orgadmin, roleId: orgRoleId, memberId: orgAdminMemberId, createdAt: now, updatedAt: now },
      { name: demoAccounts.norole.username, passwordHash: passwordHashes.norole, roleId: null, createdAt: now, updatedAt: now },
    ])
    .execute()
  await seedDemoTrainings(db, groupQr)
}
