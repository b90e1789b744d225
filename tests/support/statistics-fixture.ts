import type { Insertable } from 'kysely'
import type { TrainTable } from '../../src-server/db/training-tables'
import type { Db } from '../../src-server/db/types'
import { insertOrg } from '../../src-server/seed/base'

const STAMP = '2020-12-01 00:00:00'

/** A training row with every required column; only what the statistics read varies. */
export function trainRow(t: { name: string; orgId: number; depName: string; classType: number; start: string; classHour: number }): Insertable<TrainTable> {
  return {
    name: t.name, orgId: t.orgId, depName: t.depName, sendObject: '各机关党委', classType: t.classType, createTime: STAMP,
    description: '', content: '', requirement: '', trainStartTime: t.start, trainEndTime: t.start.replace(/ \d\d:/, ' 17:'),
    classHour: t.classHour, site: '省委党校', address: '118.75,32.03', participants: '党员', signUpStartTime: STAMP,
    signUpEndTime: STAMP, maxNum: 0, name1: '联系人', telephone1: '025-83391001', status: 30,
    tokenValue: `token-${t.name}`, checkInSecret: 'secret', signUpOptions: '1,2', createdAt: STAMP, updatedAt: STAMP,
  }
}

interface FixtureMember { key: string; partyJobs: string | null }

/**
 * The hand-computed data set of tests/server/statistics.test.ts, added to the demo
 * province: branches A1 and A2 under A (orgadmin's top organisation), B1 under B,
 * seven members, five trainings and their sign-ups and check-ins (see the test for the
 * expected figures).
 */
export async function addStatisticsFixture(db: Db, topA: string, topB: string) {
  const top = (name: string) =>
    db.selectFrom('org').select(['id', 'path', 'topOrgId', 'name']).where('name', '=', name).executeTakeFirstOrThrow()
  const [a, b] = await Promise.all([top(topA), top(topB)])
  const branch = (parent: typeof a, code: string, name: string) =>
    insertOrg(db, { orgCode: code, name, orgType: '党支部' }, { ...parent, isRoot: false })
  const orgs = { A1: await branch(a, '320101990001', '统计测试一支部'), A2: await branch(a, '320101990002', '统计测试二支部'), B1: await branch(b, '320101990003', '统计测试三支部') }

  const people: Record<string, FixtureMember & { org: keyof typeof orgs }> = {
    a1: { key: 'a1', partyJobs: '支部书记', org: 'A1' },
    a2: { key: 'a2', partyJobs: '党员', org: 'A1' },
    a3: { key: 'a3', partyJobs: null, org: 'A1' },
    a4: { key: 'a4', partyJobs: '组织委员', org: 'A2' },
    a5: { key: 'a5', partyJobs: null, org: 'A2' },
    b1: { key: 'b1', partyJobs: null, org: 'B1' },
    b2: { key: 'b2', partyJobs: null, org: 'B1' },
  }
  const members: Record<string, { id: number; orgId: number }> = {}
  let phone = 0
  for (const p of Object.values(people)) {
    const org = orgs[p.org]
    const { id } = await db
      .insertInto('member')
      .values({ name: `统计${p.key}`, telephone: `1990000000${phone++}`, orgId: org.id, orgPath: org.path, topOrgId: org.topOrgId, partyJobs: p.partyJobs, createdAt: STAMP, updatedAt: STAMP })
      .returning('id')
      .executeTakeFirstOrThrow()
    members[p.key] = { id, orgId: org.id }
  }

  /** Each training: host, type, start, hours, and its sign-ups (key, checked in?). */
  const trainings = {
    T1: { host: a, classType: 3, start: '2021-03-01 09:00:00', classHour: 8, signUps: [['a1', true], ['a2', true], ['a3', false], ['b1', true]] },
    T2: { host: a, classType: 1, start: '2021-06-01 09:00:00', classHour: 30, signUps: [['a1', true], ['a4', true]] },
    T3: { host: b, classType: 3, start: '2021-09-01 09:00:00', classHour: 24, signUps: [['a1', true], ['b1', true], ['b2', false]] },
    T4: { host: a, classType: 3, start: '2022-01-10 09:00:00', classHour: 40, signUps: [['a2', true]] },
    T5: { host: a, classType: 5, start: '2099-05-01 09:00:00', classHour: 4, signUps: [] },
  } satisfies Record<string, { host: typeof a; classType: number; start: string; classHour: number; signUps: [string, boolean][] }>
  const trainIds: Record<string, number> = {}
  for (const [name, t] of Object.entries(trainings)) {
    const { id } = await db
      .insertInto('train')
      .values(trainRow({ name: `统计测试${name}`, orgId: t.host.id, depName: t.host.name, classType: t.classType, start: t.start, classHour: t.classHour }))
      .returning('id')
      .executeTakeFirstOrThrow()
    trainIds[name] = id
    const window = await db.insertInto('trainSignIn').values({ trainId: id, signInStartTime: t.start, signInEndTime: t.start }).returning('id').executeTakeFirstOrThrow()
    for (const [key, checkedIn] of t.signUps) {
      const m = members[key]
      const signUp = await db
        .insertInto('trainSignUp')
        .values({ trainId: id, memberId: m.id, name: `统计${key}`, telephone: '19900000000', orgId: m.orgId, source: 'admin', createdAt: STAMP, updatedAt: STAMP })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (checkedIn) await db.insertInto('trainCheckIn').values({ signUpId: signUp.id, trainId: id, signInId: window.id, checkInTime: t.start }).execute()
    }
  }
  return { orgs, members, trainIds, tops: { a, b } }
}
