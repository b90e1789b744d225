import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src-server/db/types'
import { ledgerMembers, readTargets } from '../../src-server/modules/statistics/ledger'
import { demoAccounts, ORG_ADMIN_TOP_ORG } from '../../src-server/seed/demo-accounts'
import { testDatabases } from '../support/databases'
import { addStatisticsFixture, trainRow } from '../support/statistics-fixture'
import { seededRandom, testSeed } from '../sync/seeded'
import { signInAs, type ApiAs } from './api-as'
import { startTestServer, type TestServer } from './harness'

const OTHER_TOP = '省委办公厅机关党委'
const STEPS = 80
const STAMP = '2021-01-01 00:00:00'

type Figures = { memberYears: string[]; orgs: string[]; orgYears: string[] }

/** What the triggers keep, non-zero rows only (a row brought back to zero is as good as none). */
async function kept(db: Db): Promise<Figures> {
  const [memberYears, orgs, orgYears] = await Promise.all([
    sql<{ k: string }>`select member_id || ':' || year || '=' || hours as k from ledger_member_year where hours <> 0`.execute(db),
    sql<{ k: string }>`select org_id || '=' || members as k from ledger_org where members <> 0`.execute(db),
    sql<{ k: string }>`select org_id || ':' || year || '=' || hours || '/' || reached as k from ledger_org_year where hours <> 0 or reached <> 0`.execute(db),
  ])
  const keys = (r: { rows: { k: string }[] }) => r.rows.map((x) => x.k).sort()
  return { memberYears: keys(memberYears), orgs: keys(orgs), orgYears: keys(orgYears) }
}

/** The same figures from scratch: sign-ups with a check-in, members under each organisation by path. */
async function recomputed(db: Db): Promise<Figures> {
  const hours = sql`select s.member_id, cast(substr(t.train_start_time, 1, 4) as integer) as year, sum(t.class_hour) as hours
    from train_sign_up s join train t on t.id = s.train_id
    where exists (select 1 from train_check_in c where c.sign_up_id = s.id)
    group by s.member_id, cast(substr(t.train_start_time, 1, 4) as integer)`
  const target = sql`case when m.party_jobs like '%书记%' or m.party_jobs like '%委员%'
    then (select cadre_hours from hour_target) else (select member_hours from hour_target) end`
  const [memberYears, orgs, orgYears] = await Promise.all([
    sql<{ k: string }>`select h.member_id || ':' || h.year || '=' || h.hours as k from (${hours}) h where h.hours <> 0`.execute(db),
    sql<{ k: string }>`select o.id || '=' || count(*) as k from org o join member m on m.org_path like o.path || '%' and m.enabled = 1 group by o.id`.execute(db),
    sql<{ k: string }>`select o.id || ':' || h.year || '=' || sum(h.hours) || '/' || sum(case when h.hours >= ${target} then 1 else 0 end) as k
      from org o join member m on m.org_path like o.path || '%' and m.enabled = 1 join (${hours}) h on h.member_id = m.id
      group by o.id, h.year having sum(h.hours) <> 0 or sum(case when h.hours >= ${target} then 1 else 0 end) <> 0`.execute(db),
  ])
  const keys = (r: { rows: { k: string }[] }) => r.rows.map((x) => x.k).sort()
  return { memberYears: keys(memberYears), orgs: keys(orgs), orgYears: keys(orgYears) }
}

/**
 * Organisations with an enabled member of their subtree outside the span of ids the
 * triggers keep (migration 0015): the span may be wider than the members', never narrower.
 */
async function outsideSpan(db: Db): Promise<string[]> {
  const found = await sql<{ k: string }>`select o.id || ':' || m.id as k from org o
    join member m on m.org_path like o.path || '%' and m.enabled = 1
    left join ledger_org lo on lo.org_id = o.id
    where lo.first_member_id is null or m.id < lo.first_member_id or m.id > lo.last_member_id`.execute(db)
  return found.rows.map((r) => r.k)
}

/**
 * The ledger's figures (migrations 0014, 0015) are kept by triggers: after every write of a
 * random sequence — through the HTTP routes where the application has one, in SQL
 * otherwise, several rows per statement included — they equal a recomputation from
 * the sign-ups, check-ins, members and organisations. Seeded: SEED=<n> replays a run.
 */
describe.each(testDatabases())('ledger figures kept by triggers ($name)', (database) => {
  let server: TestServer
  let admin: ApiAs
  let f: Awaited<ReturnType<typeof addStatisticsFixture>>

  beforeAll(async () => {
    server = await startTestServer(await database.url())
    admin = await signInAs(server.url, demoAccounts.admin)
    f = await addStatisticsFixture(server.db, ORG_ADMIN_TOP_ORG, OTHER_TOP)
  }, 120_000)
  afterAll(() => server?.stop())

  it('start equal to a recomputation (the migration’s fill and the fixture’s writes)', async () => {
    expect(await kept(server.db)).toEqual(await recomputed(server.db))
    expect(await outsideSpan(server.db)).toEqual([])
  })

  it('stay equal to a recomputation after every write of a random sequence', async () => {
    const seed = testSeed()
    console.log(`ledger figures seed ${seed} (${database.name}); replay with SEED=${seed}`)
    const random = seededRandom(seed)
    const db = server.db
    const ok = async (answer: Promise<{ body: { code: number; message?: string } }>) => {
      const { body } = await answer
      if (body.code !== 0) throw new Error(`route refused: ${body.message}`)
    }
    const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id)
    const pickId = async (rows: Promise<{ id: number }[]>) => {
      const all = await ids(rows)
      return all.length === 0 ? undefined : random.pick(all)
    }
    const fixtureOrgs = [f.orgs.A1.id, f.orgs.A2.id, f.orgs.B1.id]
    const tops = [f.tops.a.id, f.tops.b.id]
    const members = () => db.selectFrom('member').select('id').where('name', 'like', '统计%').execute()
    const trains = () => db.selectFrom('train').select('id').where('name', 'like', '统计测试%').execute()
    let phone = 100

    const newMember = async () => {
      const org = await db.selectFrom('org').select(['id', 'path', 'topOrgId']).where('id', '=', random.pick(fixtureOrgs)).executeTakeFirstOrThrow()
      await db
        .insertInto('member')
        .values({ name: `统计新${phone}`, telephone: `1991000${String(phone++).padStart(4, '0')}`, orgId: org.id, orgPath: org.path, topOrgId: org.topOrgId, partyJobs: random.pick([null, '党员', '支部书记', '组织委员']), enabled: random.int(2), createdAt: STAMP, updatedAt: STAMP })
        .execute()
    }
    const newTrain = async () => {
      const host = random.pick([f.tops.a, f.tops.b])
      const start = `${2020 + random.int(3)}-0${1 + random.int(9)}-10 09:00:00`
      const { id } = await db.insertInto('train').values(trainRow({ name: `统计测试X${phone++}`, orgId: host.id, depName: host.name, classType: 3, start, classHour: random.int(40) })).returning('id').executeTakeFirstOrThrow()
      await db.insertInto('trainSignIn').values([{ trainId: id, signInStartTime: start, signInEndTime: start }, { trainId: id, signInStartTime: start, signInEndTime: start }]).execute()
    }
    const signUpRows = async (count: number) => {
      const [m, t] = [await ids(members()), await ids(trains())]
      return Array.from({ length: count }, () => ({ trainId: random.pick(t), memberId: random.pick(m) }))
    }
    /** Check-ins of random sign-ups in random windows of their training, several in one statement (duplicates left out). */
    const checkIns = async (count: number) => {
      const rows = await db
        .selectFrom('trainSignUp as s')
        .innerJoin('trainSignIn as w', 'w.trainId', 's.trainId')
        .innerJoin('train as t', 't.id', 's.trainId')
        .select(['s.id as signUpId', 's.trainId', 'w.id as signInId'])
        .where('t.name', 'like', '统计测试%')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('trainCheckIn as c').select('c.id').whereRef('c.signUpId', '=', 's.id').whereRef('c.signInId', '=', 'w.id'))))
        .execute()
      const chosen = new Map(Array.from({ length: Math.min(count, rows.length) }, () => random.pick(rows)).map((r) => [`${r.signUpId}:${r.signInId}`, r]))
      if (chosen.size > 0) await db.insertInto('trainCheckIn').values([...chosen.values()].map((r) => ({ ...r, checkInTime: STAMP }))).execute()
    }

    const writes: Record<string, () => Promise<void>> = {
      'check-ins': () => checkIns(1 + random.int(4)),
      'cancelled check-in': async () => {
        const id = await pickId(db.selectFrom('trainCheckIn').select('id').execute())
        if (id !== undefined) await db.deleteFrom('trainCheckIn').where('id', '=', id).execute()
      },
      'a training’s check-ins cancelled at once': async () => {
        const id = await pickId(trains())
        if (id !== undefined) await db.deleteFrom('trainCheckIn').where('trainId', '=', id).execute()
      },
      'sign-ups': async () => {
        const rows = await signUpRows(1 + random.int(3))
        for (const r of rows) {
          const member = await db.selectFrom('member').select(['orgId', 'name']).where('id', '=', r.memberId).executeTakeFirstOrThrow()
          await db
            .insertInto('trainSignUp')
            .values({ ...r, name: member.name, telephone: '19900000000', orgId: member.orgId, source: 'admin', createdAt: STAMP, updatedAt: STAMP })
            .onConflict((oc) => oc.columns(['trainId', 'memberId']).doNothing())
            .execute()
        }
      },
      'sign-up deleted': async () => {
        const id = await pickId(db.selectFrom('trainSignUp').select('id').execute())
        if (id !== undefined) await db.deleteFrom('trainSignUp').where('id', '=', id).execute()
      },
      'member disabled or enabled': async () => {
        const id = await pickId(members())
        if (id !== undefined) await ok(admin.post(`/api/member/${random.chance(0.5) ? 'Disable' : 'enable'}/${id}`))
      },
      'member moved': async () => {
        const id = await pickId(members())
        if (id !== undefined) await ok(admin.patch('/api/member', { id, orgId: random.pick([...fixtureOrgs, ...tops]) }))
      },
      'party post changed': async () => {
        const id = await pickId(members())
        if (id !== undefined) await ok(admin.patch('/api/member', { id, partyJobs: random.pick(['党员', '支部书记', '纪检委员', '群众']) }))
      },
      'member deleted (and one added)': async () => {
        const id = await pickId(members())
        if (id !== undefined) await ok(admin.del(`/api/member/${id}`))
        await newMember()
      },
      'organisation moved': async () => {
        const id = random.pick(fixtureOrgs)
        const parents = [...tops, ...fixtureOrgs.filter((o) => o !== id)]
        const answer = await admin.patch('/api/org', { id, parentId: random.pick(parents) })
        // Under its own descendant is refused (and changes nothing): the figures must still hold.
        if (answer.body.code !== 0) expect(answer.body.message).toContain('不能')
      },
      'training hours or year changed': async () => {
        const id = await pickId(trains())
        if (id === undefined) return
        await (random.chance(0.5)
          ? db.updateTable('train').set({ classHour: random.int(40) }).where('id', '=', id).execute()
          : db.updateTable('train').set({ trainStartTime: `${2020 + random.int(3)}-05-01 09:00:00`, classHour: random.int(40) }).where('id', '=', id).execute())
      },
      'training deleted (and one added)': async () => {
        const id = await pickId(trains())
        if (id !== undefined) await db.deleteFrom('train').where('id', '=', id).execute()
        await newTrain()
      },
      'targets changed': () => ok(admin.patch('/api/ledger/target', { memberHours: 1 + random.int(60), cadreHours: 1 + random.int(80) })),
    }
    // Check-ins and sign-ups twice as often: they build up the hours the other writes move around.
    const names = [...Object.keys(writes), 'check-ins', 'sign-ups']
    for (let step = 1; step <= STEPS; step++) {
      const name = random.pick(names)
      await writes[name]()
      expect(await kept(db), `seed ${seed}, step ${step}: ${name}`).toEqual(await recomputed(db))
      expect(await outsideSpan(db), `seed ${seed}, step ${step}: ${name}`).toEqual([])
    }
  }, 300_000)

  // After the random sequence: members moved, disabled, without posts, hours brought back to zero.
  it('give the same members pages by sorting the subtree and by merging the index walks', async () => {
    const db = server.db
    const targets = await readTargets(db)
    const orgs = await db.selectFrom('org').select(['id', 'path']).orderBy('id').execute()
    const years = await db.selectFrom('ledgerMemberYear').select('year').distinct().execute()
    const pageSize = 3
    for (const year of [...years.map((y) => y.year), 2000]) {
      for (const org of orgs) {
        const page = (pageNum: number, plan: 'sorted' | 'merged') => ledgerMembers(db, { year, orgId: org.id, pageNum, pageSize }, targets, plan)
        const { total } = await page(1, 'sorted')
        const last = Math.max(1, Math.ceil(total / pageSize))
        for (const pageNum of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
          expect(await page(pageNum, 'merged'), `year ${year}, organisation ${org.id}, page ${pageNum}`).toEqual(await page(pageNum, 'sorted'))
        }
      }
    }
  }, 120_000)
})
