import { sql, type Kysely } from 'kysely'
import { createRowTrigger, pathAncestors, type RowTrigger } from '../row-triggers'
import type { SchemaDialect } from '../schema-helpers'
import { nowText } from '../time'

/**
 * The learning-hours ledger's figures, kept up to date by triggers (like
 * `children_count`, migration 0005) instead of computed on each read: a province's
 * ledger read 2 million sign-ups and 3 million members, seconds per call.
 *
 * - `ledger_member_year`: a member's hours per year, the class hours of the trainings
 *   starting that year at which the member checked in at least once;
 * - `ledger_org`: enabled members of an organisation's whole subtree;
 * - `ledger_org_year`: per year, the hours of those members and how many reached
 *   their target (hour_target: members / cadres, cadre = party post with 书记 or 委员).
 *
 * A member's figures count for every organisation on its `org_path` (the ids from the
 * root down). The triggers are row triggers with one body for both dialects. A row
 * deleted by a cascade finds its parent gone and does nothing: the deletion of the
 * parent (member, sign-up, training) has already taken out what it carried.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const pg = d.name === 'postgres'
  await db.schema
    .createTable('ledger_member_year')
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_member_year_pk', ['member_id', 'year'])
    .execute()
  // A year's members with hours, fewest first: the members page of a big subtree reads them in its order
  // and stops at the page (ledger.ts, mergedStreams) instead of sorting the whole subtree.
  await db.schema.createIndex('ledger_member_year_hours_idx').on('ledger_member_year').columns(['year', 'hours', 'member_id']).execute()
  await db.schema
    .createTable('ledger_org')
    .addColumn('org_id', 'integer', (c) => c.primaryKey())
    .addColumn('members', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('ledger_org_year')
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull())
    .addColumn('reached', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_org_year_pk', ['org_id', 'year'])
    .execute()
  // The targets' row always exists from now on: the triggers read it, and a change of it recounts.
  await sql`INSERT INTO hour_target (id, member_hours, cadre_hours, updated_at)
    SELECT 1, ${DEFAULT_MEMBER}, ${DEFAULT_CADRE}, ${nowText()} WHERE NOT EXISTS (SELECT 1 FROM hour_target WHERE id = 1)`.execute(db)

  const q = queries(pg)
  for (const fill of ledgerFills(pg)) await sql.raw(fill).execute(db)
  // The planner's statistics from the start: PostgreSQL would otherwise guess until autovacuum comes by.
  for (const table of ['ledger_member_year', 'ledger_org', 'ledger_org_year']) await sql.raw(`ANALYZE ${table}`).execute(db)
  for (const t of q.triggers) await createRowTrigger(db, pg, t)
}

/**
 * The statements that fill the empty figure tables from the sign-ups, check-ins and
 * members (a bulk load without the triggers uses them too: seed/bulk-load.ts).
 */
export function ledgerFills(pg: boolean): string[] {
  const q = queries(pg)
  return [q.fillMemberYears, q.fillOrgs, q.fillOrgYears]
}

/** The spec's targets (issue 12), for a targets row a tool might remove. */
const DEFAULT_MEMBER = 32
const DEFAULT_CADRE = 56

interface Targets {
  member: string
  cadre: string
}

/** The statements of the initial fill and of the triggers, for one dialect. */
function queries(pg: boolean) {
  const ancestors = (path: string, alias: string) => pathAncestors(pg, path, alias)
  const stored: Targets = {
    member: `coalesce((SELECT member_hours FROM hour_target WHERE id = 1), ${DEFAULT_MEMBER})`,
    cadre: `coalesce((SELECT cadre_hours FROM hour_target WHERE id = 1), ${DEFAULT_CADRE})`,
  }
  const defaults: Targets = { member: String(DEFAULT_MEMBER), cadre: String(DEFAULT_CADRE) }
  /** 1 when `hours` reach the target of member `m` (party post 书记 or 委员: a cadre), else 0. */
  const reached = (hours: string, m: string, t: Targets = stored) =>
    `CASE WHEN ${hours} >= CASE WHEN ${m}.party_jobs LIKE '%书记%' OR ${m}.party_jobs LIKE '%委员%' THEN ${t.cadre} ELSE ${t.member} END THEN 1 ELSE 0 END`
  const year = (t: string) => `CAST(substr(${t}.train_start_time, 1, 4) AS integer)`

  const intoMemberYears = 'INSERT INTO ledger_member_year (member_id, year, hours)'
  const intoOrgYears = 'INSERT INTO ledger_org_year (org_id, year, hours, reached)'
  const intoOrgs = 'INSERT INTO ledger_org (org_id, members)'
  /** Adds rows (member_id, year, hours) of a SELECT, which must have a WHERE (SQLite's upsert). */
  const addMemberYears = (select: string) => `${intoMemberYears} ${select}
    ON CONFLICT (member_id, year) DO UPDATE SET hours = ledger_member_year.hours + excluded.hours`
  /** Takes rows (member_id, year, hours) off; a member deleted before has no rows left to change. */
  const takeMemberYears = (select: string) => `UPDATE ledger_member_year SET hours = ledger_member_year.hours - x.hours
    FROM (${select}) AS x WHERE ledger_member_year.member_id = x.member_id AND ledger_member_year.year = x.year`
  const addOrgYears = (select: string) => `${intoOrgYears} ${select}
    ON CONFLICT (org_id, year) DO UPDATE SET hours = ledger_org_year.hours + excluded.hours, reached = ledger_org_year.reached + excluded.reached`
  const addOrgMembers = (select: string) => `${intoOrgs} ${select}
    ON CONFLICT (org_id) DO UPDATE SET members = ledger_org.members + excluded.members`

  /** Checked-in sign-ups of training `t` (a row or OLD/NEW) as rows (member_id, year, hours). */
  const attendedOf = (t: string) => `SELECT s.member_id, ${year(t)} AS year, ${t}.class_hour AS hours FROM train_sign_up s
    WHERE s.train_id = ${t}.id AND EXISTS (SELECT 1 FROM train_check_in c WHERE c.sign_up_id = s.id)`
  /** Hours and reached of a member-year row's change for the ancestors of its member, if enabled. */
  const memberYearChange = (hours: string, reachedCount: string, y: string) =>
    addOrgYears(`SELECT a.value, ${y}.year, ${hours}, ${reachedCount}
      FROM member m, ${ancestors('m.org_path', 'a')} WHERE m.id = ${y}.member_id AND m.enabled = 1`)
  /** Member `m` (OLD or NEW) as one of the enabled members of its organisations, times `sign`. */
  const membersShare = (m: string, sign: string) =>
    addOrgMembers(`SELECT a.value, ${sign} FROM ${ancestors(`${m}.org_path`, 'a')} WHERE ${m}.enabled = 1`)
  /** Member `m`'s hours and reached years, times `sign`, for its organisations. */
  const hoursShare = (m: string, sign: string) =>
    addOrgYears(`SELECT a.value, y.year, ${sign} * sum(y.hours), ${sign} * sum(${reached('y.hours', m)})
      FROM ledger_member_year y, ${ancestors(`${m}.org_path`, 'a')} WHERE y.member_id = ${m}.id AND ${m}.enabled = 1 GROUP BY a.value, y.year`)
  /** The subtree figures of the moved organisation, times `sign`, on the ancestors of `parent`. */
  const subtreeShare = (parent: string, sign: string) => [
    addOrgMembers(`SELECT a.value, ${sign} * x.members FROM ledger_org x, org p, ${ancestors('p.path', 'a')}
      WHERE x.org_id = NEW.id AND p.id = ${parent}`),
    addOrgYears(`SELECT a.value, x.year, ${sign} * x.hours, ${sign} * x.reached FROM ledger_org_year x, org p, ${ancestors('p.path', 'a')}
      WHERE x.org_id = NEW.id AND p.id = ${parent}`),
  ]
  /** A change of targets: members whose hours reach one target and not the other move in or out of `reached`. */
  const recount = (from: Targets, to: Targets) => `UPDATE ledger_org_year SET reached = ledger_org_year.reached + d.delta FROM (
      SELECT a.value AS org_id, y.year, sum(${reached('y.hours', 'm', to)} - (${reached('y.hours', 'm', from)})) AS delta
      FROM ledger_member_year y, member m, ${ancestors('m.org_path', 'a')}
      WHERE m.id = y.member_id AND m.enabled = 1 AND ${reached('y.hours', 'm', to)} <> ${reached('y.hours', 'm', from)}
      GROUP BY a.value, y.year) AS d
    WHERE ledger_org_year.org_id = d.org_id AND ledger_org_year.year = d.year`
  const rowTargets = (r: string): Targets => ({ member: `${r}.member_hours`, cadre: `${r}.cadre_hours` })

  const triggers: RowTrigger[] = [
    // Check-ins: the sign-up's first check-in brings the training's hours, the removal of its last one takes them back.
    // BEFORE, so that in a statement of several rows each sees the rows handled before it (on both dialects).
    {
      name: 'ledger_check_in_insert', table: 'train_check_in', timing: 'BEFORE', event: 'INSERT',
      body: [addMemberYears(`SELECT s.member_id, ${year('t')}, t.class_hour FROM train_sign_up s, train t
        WHERE s.id = NEW.sign_up_id AND t.id = s.train_id AND NOT EXISTS (SELECT 1 FROM train_check_in c WHERE c.sign_up_id = NEW.sign_up_id)`)],
    },
    {
      name: 'ledger_check_in_delete', table: 'train_check_in', timing: 'BEFORE', event: 'DELETE',
      body: [takeMemberYears(`SELECT s.member_id, ${year('t')} AS year, t.class_hour AS hours FROM train_sign_up s, train t
        WHERE s.id = OLD.sign_up_id AND t.id = s.train_id AND NOT EXISTS (SELECT 1 FROM train_check_in c WHERE c.sign_up_id = OLD.sign_up_id AND c.id <> OLD.id)`)],
    },
    // BEFORE: the sign-up's check-ins (deleted by the cascade after it) still say whether it counted.
    {
      name: 'ledger_sign_up_delete', table: 'train_sign_up', timing: 'BEFORE', event: 'DELETE',
      body: [takeMemberYears(`SELECT OLD.member_id AS member_id, ${year('t')} AS year, t.class_hour AS hours FROM train t
        WHERE t.id = OLD.train_id AND EXISTS (SELECT 1 FROM train_check_in c WHERE c.sign_up_id = OLD.id)`)],
    },
    { name: 'ledger_train_delete', table: 'train', timing: 'BEFORE', event: 'DELETE', body: [takeMemberYears(attendedOf('OLD'))] },
    {
      name: 'ledger_train_hours', table: 'train', timing: 'AFTER', event: 'UPDATE OF class_hour, train_start_time',
      when: `OLD.class_hour <> NEW.class_hour OR substr(OLD.train_start_time, 1, 4) <> substr(NEW.train_start_time, 1, 4)`,
      body: [takeMemberYears(attendedOf('OLD')), addMemberYears(attendedOf('NEW'))],
    },
    // A member's hours change: its organisations' figures follow.
    // (Only these triggers write the table: a row keeps its member and year, only its hours change.)
    {
      name: 'ledger_member_year_insert', table: 'ledger_member_year', timing: 'AFTER', event: 'INSERT',
      body: [memberYearChange('NEW.hours', reached('NEW.hours', 'm'), 'NEW')],
    },
    {
      name: 'ledger_member_year_delete', table: 'ledger_member_year', timing: 'AFTER', event: 'DELETE',
      body: [memberYearChange('-OLD.hours', `-(${reached('OLD.hours', 'm')})`, 'OLD')],
    },
    {
      name: 'ledger_member_year_update', table: 'ledger_member_year', timing: 'AFTER', event: 'UPDATE OF hours', when: 'OLD.hours <> NEW.hours',
      body: [memberYearChange('NEW.hours - OLD.hours', `${reached('NEW.hours', 'm')} - (${reached('OLD.hours', 'm')})`, 'NEW')],
    },
    // Members: what they count for leaves the old organisations and joins the new ones.
    { name: 'ledger_member_insert', table: 'member', timing: 'AFTER', event: 'INSERT', body: [membersShare('NEW', '1'), hoursShare('NEW', '1')] },
    {
      name: 'ledger_member_update', table: 'member', timing: 'AFTER', event: 'UPDATE OF org_id, enabled, party_jobs',
      when: 'OLD.org_id <> NEW.org_id OR OLD.enabled <> NEW.enabled OR OLD.party_jobs IS DISTINCT FROM NEW.party_jobs',
      body: [membersShare('OLD', '-1'), hoursShare('OLD', '-1'), membersShare('NEW', '1'), hoursShare('NEW', '1')],
    },
    // BEFORE: the member is still there for its year rows' trigger; its sign-ups' cascade then finds nothing to take.
    {
      name: 'ledger_member_delete', table: 'member', timing: 'BEFORE', event: 'DELETE',
      body: [`DELETE FROM ledger_member_year WHERE member_id = OLD.id`, membersShare('OLD', '-1')],
    },
    // An organisation moves with its subtree (members' paths change without firing the member trigger):
    // its figures leave the old ancestors and join the new ones.
    {
      name: 'ledger_org_move', table: 'org', timing: 'AFTER', event: 'UPDATE OF parent_id',
      when: 'OLD.parent_id IS DISTINCT FROM NEW.parent_id',
      body: [...subtreeShare('OLD.parent_id', '-1'), ...subtreeShare('NEW.parent_id', '1')],
    },
    // Only an empty organisation can be deleted: its rows are zeros.
    {
      name: 'ledger_org_delete', table: 'org', timing: 'AFTER', event: 'DELETE',
      body: [`DELETE FROM ledger_org WHERE org_id = OLD.id`, `DELETE FROM ledger_org_year WHERE org_id = OLD.id`],
    },
    {
      name: 'ledger_target_update', table: 'hour_target', timing: 'AFTER', event: 'UPDATE',
      when: 'OLD.member_hours <> NEW.member_hours OR OLD.cadre_hours <> NEW.cadre_hours',
      body: [recount(rowTargets('OLD'), rowTargets('NEW'))],
    },
    { name: 'ledger_target_insert', table: 'hour_target', timing: 'AFTER', event: 'INSERT', body: [recount(defaults, rowTargets('NEW'))] },
    { name: 'ledger_target_delete', table: 'hour_target', timing: 'AFTER', event: 'DELETE', body: [recount(rowTargets('OLD'), defaults)] },
  ]

  // The fill writes into empty tables: plain inserts.
  return {
    fillMemberYears: `${intoMemberYears} SELECT s.member_id, ${year('t')}, sum(t.class_hour) FROM train_sign_up s, train t
      WHERE t.id = s.train_id AND EXISTS (SELECT 1 FROM train_check_in c WHERE c.sign_up_id = s.id) GROUP BY s.member_id, ${year('t')}`,
    // Grouped per organisation path first: 160 000 paths to spread over their ancestors, not 3 million members.
    fillOrgs: `${intoOrgs} SELECT a.value, sum(p.n) FROM (SELECT org_path, count(*) AS n FROM member WHERE enabled = 1 GROUP BY org_path) AS p,
      ${ancestors('p.org_path', 'a')} GROUP BY a.value`,
    fillOrgYears: `${intoOrgYears} SELECT a.value, p.year, sum(p.hours), sum(p.reached) FROM (
        SELECT m.org_path, y.year, sum(y.hours) AS hours, sum(${reached('y.hours', 'm')}) AS reached
        FROM ledger_member_year y, member m WHERE m.id = y.member_id AND m.enabled = 1 GROUP BY m.org_path, y.year) AS p,
      ${ancestors('p.org_path', 'a')} GROUP BY a.value, p.year`,
    triggers,
  }
}
