import { sql, type Expression, type RawBuilder } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { HourTargets, LedgerMember, LedgerOrg, LedgerTrain } from '../../../src-shared/schemas/statistics'
import type { DataScope } from '../../auth/scope'
import { prefixRange } from '../../db/prefix'
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

/** The organisation, or NOT_FOUND; the route's `scope` declaration has checked its tree. */
export async function ledgerOrg(db: Db, id: number) {
  const org = await db.selectFrom('org').select(['id', 'name', 'path', 'childrenCount']).where('id', '=', id).executeTakeFirst()
  if (!org) throw new AppError(ErrorKey.NOT_FOUND, '组织不存在')
  return org
}

/**
 * An organisation and its children, each with its whole subtree's enabled members,
 * how many reached their target and their hours, lowest rate first: the figures
 * the triggers of migration 0014 keep per organisation and year.
 */
export async function ledgerOrgs(db: Db, scope: DataScope, year: number, parentId: number | undefined) {
  const parent = await ledgerOrg(db, parentId ?? scope.orgId)
  const found = await db
    .selectFrom('org as c')
    .leftJoin('ledgerOrg as lo', 'lo.orgId', 'c.id')
    .leftJoin('ledgerOrgYear as ly', (j) => j.onRef('ly.orgId', '=', 'c.id').on('ly.year', '=', year))
    .select(['c.id', 'c.name', 'c.childrenCount', 'lo.members', 'ly.reached', 'ly.hours'])
    .where((eb) => eb.or([eb('c.parentId', '=', parent.id), eb('c.id', '=', parent.id)]))
    .execute()
  const rows = found.map((o): LedgerOrg => {
    const members = Number(o.members ?? 0)
    const reached = Number(o.reached ?? 0)
    return {
      orgId: o.id,
      name: o.name,
      hasChildren: Number(o.childrenCount) > 0,
      members,
      reached,
      totalHours: Number(o.hours ?? 0),
      rate: members === 0 ? 0 : reached / members,
    }
  })
  const own = rows.find((r) => r.orgId === parent.id)
  if (!own) throw new AppError(ErrorKey.NOT_FOUND, '组织不存在')
  const perMember = (r: LedgerOrg) => (r.members === 0 ? 0 : r.totalHours / r.members)
  const records = rows
    .filter((r) => r.orgId !== parent.id)
    .sort((a, b) => a.rate - b.rate || perMember(a) - perMember(b) || a.orgId - b.orgId)
  return { parent: own, records }
}

/** The enabled members of an organisation's subtree with their hours (kept per member and year) and target. */
function memberFigures(db: Db, path: string, year: number, t: HourTargets) {
  const range = prefixRange(path)
  return db
    .selectFrom('member as m')
    .leftJoin('ledgerMemberYear as y', (j) => j.onRef('y.memberId', '=', 'm.id').on('y.year', '=', year))
    .select(['m.id', 'm.name', 'm.orgId', 'm.partyJobs', 'm.orgPath'])
    .select([sql<number>`coalesce(y.hours, 0)`.as('hours'), targetOf(t).as('target')])
    .where('m.orgPath', '>=', range.from)
    .where('m.orgPath', '<', range.to)
    .where('m.enabled', '=', 1)
}

const toLedgerMember = (r: { id: number; name: string; orgName: string; partyJobs: string | null; hours: number; target: number }): LedgerMember => ({
  id: r.id,
  name: r.name,
  orgName: r.orgName,
  partyJobs: r.partyJobs,
  hours: Number(r.hours),
  target: Number(r.target),
})

type PageRow = Omit<LedgerMember, 'orgName'> & { orgId: number }

/** The span of ids of a subtree's enabled members, empty (1 to 0) before it has any. */
const idSpan = (kept: { firstMemberId: number | null; lastMemberId: number | null } | undefined) => ({
  lo: Number(kept?.firstMemberId ?? 1),
  hi: Number(kept?.lastMemberId ?? 0),
})

/** Which query picks a page of members: the sort of the whole subtree, or the merge of four index walks. */
export type LedgerPlan = 'sorted' | 'merged'

/**
 * A page of an organisation's members, furthest behind their target first (hours − target,
 * then id). `plan` is for the tests, which check that both plans give the same pages.
 */
export async function ledgerMembers(
  db: Db,
  q: { year: number; orgId: number; pageNum: number; pageSize: number },
  t: HourTargets,
  plan?: LedgerPlan,
) {
  const org = await ledgerOrg(db, q.orgId)
  const rootId = Number(org.path.split('/')[1])
  // The triggers keep the subtree's enabled members: the total, the sizes the plan is chosen on and their span of ids.
  const kept = await db
    .selectFrom('ledgerOrg')
    .select(['orgId', 'members', 'firstMemberId', 'lastMemberId'])
    .where('orgId', 'in', [org.id, rootId])
    .execute()
  const own = kept.find((c) => c.orgId === org.id)
  const n = Number(own?.members ?? 0)
  const all = Number(kept.find((c) => c.orgId === rootId)?.members ?? 0)
  const offset = (q.pageNum - 1) * q.pageSize
  // A merge branch reads about (offset + size)·all/n rows, the sort n: the merge only where it reads less.
  const merged = (plan ?? (n * n > (offset + q.pageSize) * all ? 'merged' : 'sorted')) === 'merged'
  // Either way the page is cut on the members' own rows; only its rows then fetch their organisation's name.
  const page: Expression<PageRow> = merged
    ? db
        .selectFrom(mergedStreams(db, { path: org.path, ...idSpan(own) }, q.year, t, offset + q.pageSize).as('u'))
        .selectAll()
        .orderBy(sql`u.hours - u.target`)
        .orderBy('u.id')
        .limit(q.pageSize)
        .offset(offset)
    : memberFigures(db, org.path, q.year, t)
        .orderBy(sql`coalesce(y.hours, 0) - ${targetOf(t)}`)
        .orderBy('m.id')
        .limit(q.pageSize)
        .offset(offset)
  const rows = await db
    .selectFrom(sql<PageRow>`(${page})`.as('p'))
    .innerJoin('org as o', 'o.id', 'p.orgId')
    .select(['p.id', 'p.name', 'o.name as orgName', 'p.partyJobs', 'p.hours', 'p.target'])
    .orderBy(sql`p.hours - p.target`)
    .orderBy('p.id')
    .execute()
  return { records: rows.map(toLedgerMember), total: n }
}

/**
 * Rows among which are the first `first` members of the subtree in (gap, id) order, found
 * without sorting the subtree. Its enabled members fall into four streams, each of one target
 * and each already in (gap, id) order on an index, so each stops after `first` rows and the
 * page is sorted out of at most 4·first rows:
 * - without hours for the year (no ledger_member_year row), cadres and others: gap = −target,
 *   read by id on the primary key;
 * - with a row, cadres and others: gap = hours − target, read on ledger_member_year
 *   (year, hours, member_id) of migration 0014 or, where the planner finds it cheaper,
 *   the subtree's ids of its primary key.
 * Members are mostly numbered organisation by organisation: both read only the subtree's
 * span of ids (kept by the triggers of migration 0015), else a subtree numbered last would
 * be found after every member before it.
 * The subtree test is written `org_path || ''` so that no planner takes the org_path index:
 * PostgreSQL estimates a subtree's range at a few rows and would read and sort all of it.
 */
function mergedStreams(db: Db, subtree: { path: string; lo: number; hi: number }, year: number, t: HourTargets, first: number) {
  const range = prefixRange(subtree.path)
  const idIn = (column: string) => sql<boolean>`${sql.ref(column)} between ${subtree.lo} and ${subtree.hi}`
  const cadre = sql.join(CADRE_WORDS.map((w) => sql`m.party_jobs like ${`%${w}%`}`), sql` or `)
  const streams = [true, false].flatMap((isCadre) => {
    const target = sql<number>`cast(${isCadre ? t.cadreHours : t.memberHours} as integer)`
    // A null post is no cadre's: `is not true`, where `not` alone would leave those members out.
    const post = isCadre ? sql`(${cadre})` : sql`(${cadre}) is not true`
    const member = sql<boolean>`m.enabled = 1 and ${post} and m.org_path || '' >= ${range.from} and m.org_path || '' < ${range.to}`
    const withoutHours = db
      .selectFrom('member as m')
      .select(['m.id', 'm.name', 'm.orgId', 'm.partyJobs', sql<number>`0`.as('hours'), target.as('target')])
      .where(idIn('m.id'))
      .where(member)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('ledgerMemberYear as y').select('y.memberId').whereRef('y.memberId', '=', 'm.id').where('y.year', '=', year))),
      )
      .orderBy('m.id')
      .limit(first)
    const withHours = db
      .selectFrom('ledgerMemberYear as y')
      .innerJoin('member as m', 'm.id', 'y.memberId')
      .select(['m.id', 'm.name', 'm.orgId', 'm.partyJobs', 'y.hours', target.as('target')])
      .where('y.year', '=', year)
      .where(idIn('y.memberId'))
      .where(member)
      .orderBy('y.hours')
      .orderBy('y.memberId')
      .limit(first)
    return [withoutHours, withHours]
  })
  // Each stream a subquery of its own: SQLite allows no ORDER BY or LIMIT on the parts of a UNION.
  const [head, ...rest] = streams.map((s, i) => db.selectFrom(s.as(`s${i}`)).selectAll())
  return rest.reduce((union, s) => union.unionAll(s), head)
}

/**
 * Every member of the subtree (of an organisation checked by its route's `scope` before the
 * download starts) in organisation order, a batch at a time (keyset on path and id),
 * so the export never holds more than one batch.
 */
export async function* ledgerMemberBatches(db: Db, org: { path: string }, year: number, t: HourTargets, size = 2000) {
  let after: { path: string; id: number } | null = null
  for (;;) {
    const last: { path: string; id: number } | null = after
    let query = memberFigures(db, org.path, year, t).innerJoin('org as o', 'o.id', 'm.orgId').select('o.name as orgName').orderBy('m.orgPath').orderBy('m.id').limit(size)
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
