import { sql, type RawBuilder } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { HourTargets, LedgerMember, LedgerOrg, LedgerTrain } from '../../../src-shared/schemas/statistics'
import type { DataScope } from '../../auth/scope'
import { prefixRange, startsWith } from '../../db/prefix'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import type { SheetColumn } from '../../files/xlsx-stream'
import { yearRange } from './trains'

/** The targets until an administrator sets others (spec of issue 12). */
export const DEFAULT_TARGETS: HourTargets = { memberHours: 32, cadreHours: 56 }

/**
 * Branch secretaries and committee members are recognised by their party post
 * (partyJobs): 书记 covers 书记 and 副书记, 委员 the committee members.
 */
const CADRE_WORDS = ['书记', '委员']

export async function readTargets(db: Db): Promise<HourTargets> {
  const row = await db.selectFrom('hourTarget').select(['memberHours', 'cadreHours']).where('id', '=', 1).executeTakeFirst()
  return row ?? DEFAULT_TARGETS
}

export async function writeTargets(db: Db, targets: HourTargets): Promise<HourTargets> {
  const updatedAt = nowText()
  await db
    .insertInto('hourTarget')
    .values({ id: 1, ...targets, updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...targets, updatedAt }))
    .execute()
  return targets
}

/** A member's target by the post of `m` (the member table's alias in the query). */
function targetOf(t: HourTargets): RawBuilder<number> {
  const cadre = sql.join(CADRE_WORDS.map((w) => sql`m.party_jobs like ${`%${w}%`}`), sql` or `)
  return sql<number>`case when ${cadre} then cast(${t.cadreHours} as integer) else cast(${t.memberHours} as integer) end`
}

/** Class hours of the trainings `m` checked in at in the year. */
function hoursOf(year: number): RawBuilder<number> {
  const { from, to } = yearRange(year)
  return sql<number>`coalesce((
    select sum(t.class_hour) from train_sign_up s join train t on t.id = s.train_id
    where s.member_id = m.id and t.train_start_time >= ${from} and t.train_start_time < ${to}
      and exists (select 1 from train_check_in c where c.sign_up_id = s.id)), 0)`
}

/** The organisation if it lies in the scope, else NOT_FOUND (another tree's id looks absent). */
export async function orgInScope(db: Db, scope: DataScope, id: number) {
  const org = await db
    .selectFrom('org')
    .select(['id', 'name', 'path', 'childrenCount'])
    .where('id', '=', id)
    .where((eb) => startsWith(eb, 'org.path', scope.path))
    .executeTakeFirst()
  if (!org) throw new AppError(ErrorKey.NOT_FOUND, '组织不存在')
  return org
}

/** Paths are digits and slashes: `path || '~'` is above every path in the subtree. */
const subtreeOf = (member: string, org: string) => sql.raw(`${member}.org_path >= ${org}.path and ${member}.org_path < ${org}.path || '~'`)

/**
 * An organisation and its children, each with its whole subtree's enabled members,
 * how many reached their target and their hours, lowest rate first. Hours come from
 * the year's checked-in sign-ups of the parent's subtree, grouped per member and
 * then per child in SQL; members are counted per child on the path index.
 */
export async function ledgerOrgs(db: Db, scope: DataScope, year: number, parentId: number | undefined, t: HourTargets) {
  const parent = await orgInScope(db, scope, parentId ?? scope.orgId)
  const { from, to } = yearRange(year)
  const range = prefixRange(parent.path)
  const [orgs, hours] = await Promise.all([
    sql<{ id: number; name: string; childrenCount: number; members: number }>`
      select c.id, c.name, c.children_count,
        (select count(*) from member m where ${subtreeOf('m', 'c')} and m.enabled = 1) as members
      from org c where c.parent_id = ${parent.id} or c.id = ${parent.id}`.execute(db),
    sql<{ id: number; reached: number; totalHours: number }>`
      select c.id, sum(case when h.hours >= h.target then 1 else 0 end) as reached, sum(h.hours) as total_hours
      from org c join (
        select m.org_path, sum(t.class_hour) as hours, ${targetOf(t)} as target
        from train t join train_sign_up s on s.train_id = t.id join member m on m.id = s.member_id
        where t.train_start_time >= ${from} and t.train_start_time < ${to}
          and m.org_path >= ${range.from} and m.org_path < ${range.to} and m.enabled = 1
          and exists (select 1 from train_check_in ci where ci.sign_up_id = s.id)
        group by m.id, m.org_path, m.party_jobs
      ) h on ${subtreeOf('h', 'c')}
      where c.parent_id = ${parent.id} or c.id = ${parent.id}
      group by c.id`.execute(db),
  ])
  const hoursById = new Map(hours.rows.map((r) => [Number(r.id), r]))
  const toRow = (o: (typeof orgs.rows)[number]): LedgerOrg => {
    const h = hoursById.get(Number(o.id))
    const members = Number(o.members)
    const reached = Number(h?.reached ?? 0)
    return {
      orgId: Number(o.id),
      name: o.name,
      hasChildren: Number(o.childrenCount) > 0,
      members,
      reached,
      totalHours: Number(h?.totalHours ?? 0),
      rate: members === 0 ? 0 : reached / members,
    }
  }
  const rows = orgs.rows.map(toRow)
  const own = rows.find((r) => r.orgId === parent.id)
  if (!own) throw new AppError(ErrorKey.NOT_FOUND, '组织不存在')
  const perMember = (r: LedgerOrg) => (r.members === 0 ? 0 : r.totalHours / r.members)
  const records = rows
    .filter((r) => r.orgId !== parent.id)
    .sort((a, b) => a.rate - b.rate || perMember(a) - perMember(b) || a.orgId - b.orgId)
  return { parent: own, records }
}

/** The enabled members of an organisation's subtree with their hours and target. */
function memberRows(db: Db, path: string, year: number, t: HourTargets) {
  const range = prefixRange(path)
  return db
    .selectFrom('member as m')
    .innerJoin('org as o', 'o.id', 'm.orgId')
    .select(['m.id', 'm.name', 'o.name as orgName', 'm.partyJobs', 'm.orgPath'])
    .select([hoursOf(year).as('hours'), targetOf(t).as('target')])
    .where('m.orgPath', '>=', range.from)
    .where('m.orgPath', '<', range.to)
    .where('m.enabled', '=', 1)
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberRows>['execute']>>[number]

const toLedgerMember = (r: MemberRow): LedgerMember => ({
  id: r.id,
  name: r.name,
  orgName: r.orgName,
  partyJobs: r.partyJobs,
  hours: Number(r.hours),
  target: Number(r.target),
})

/** A page of an organisation's members, furthest behind their target first. */
export async function ledgerMembers(db: Db, scope: DataScope, q: { year: number; orgId: number; pageNum: number; pageSize: number }, t: HourTargets) {
  const org = await orgInScope(db, scope, q.orgId)
  const range = prefixRange(org.path)
  const [rows, count] = await Promise.all([
    db
      .selectFrom(memberRows(db, org.path, q.year, t).as('x'))
      .selectAll()
      .orderBy(sql`x.hours - x.target`)
      .orderBy('x.id')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom('member')
      .select(sql<number>`count(*)`.as('n'))
      .where('orgPath', '>=', range.from)
      .where('orgPath', '<', range.to)
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow(),
  ])
  return { records: rows.map(toLedgerMember), total: Number(count.n) }
}

/**
 * Every member of the subtree (of an organisation checked with `orgInScope` before the
 * download starts) in organisation order, a batch at a time (keyset on path and id),
 * so the export never holds more than one batch.
 */
export async function* ledgerMemberBatches(db: Db, org: { path: string }, year: number, t: HourTargets, size = 2000) {
  let after: { path: string; id: number } | null = null
  for (;;) {
    const last: { path: string; id: number } | null = after
    let query = memberRows(db, org.path, year, t).orderBy('m.orgPath').orderBy('m.id').limit(size)
    if (last) query = query.where(sql<boolean>`(m.org_path, m.id) > (${last.path}, ${last.id})`)
    const batch = await query.execute()
    if (batch.length > 0) yield batch.map(toLedgerMember)
    if (batch.length < size) return
    const end = batch[batch.length - 1]
    after = { path: end.orgPath, id: end.id }
  }
}

export const ledgerColumns: readonly SheetColumn<LedgerMember>[] = [
  { header: '组织', width: 30, value: (r) => r.orgName },
  { header: '姓名', width: 10, value: (r) => r.name },
  { header: '党内职务', width: 16, value: (r) => r.partyJobs },
  { header: '年度学时', width: 10, value: (r) => r.hours },
  { header: '目标学时', width: 10, value: (r) => r.target },
  { header: '差距', width: 8, value: (r) => Math.max(r.target - r.hours, 0) },
  { header: '是否达标', width: 10, value: (r) => (r.hours >= r.target ? '已达标' : '未达标') },
]

/** The trainings a member signed up for in the year, with whether each was attended. */
export async function ledgerMemberTrains(db: Db, memberId: number, year: number): Promise<LedgerTrain[]> {
  const { from, to } = yearRange(year)
  const rows = await db
    .selectFrom('trainSignUp as s')
    .innerJoin('train as t', 't.id', 's.trainId')
    .select(['t.id', 't.name', 't.trainStartTime', 't.trainEndTime', 't.classHour'])
    .select((eb) => eb.exists(eb.selectFrom('trainCheckIn as c').select('c.id').whereRef('c.signUpId', '=', 's.id')).as('checkedIn'))
    .where('s.memberId', '=', memberId)
    .where('t.trainStartTime', '>=', from)
    .where('t.trainStartTime', '<', to)
    .orderBy('t.trainStartTime')
    .orderBy('t.id')
    .execute()
  return rows.map((r) => ({ ...r, checkedIn: Boolean(r.checkedIn) }))
}
