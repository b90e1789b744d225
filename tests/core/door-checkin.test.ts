import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignUpMember } from '../../src-shared/schemas/signup'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import type { AppCore } from '../../src-main/core/app-core'
import { consoleTime, initialsOf } from '../../src-main/core/sync/door-desk'
import { validTrainForm } from '../support/training'
import { call, cleanUp, eventually, expectFailure, expectOk, remoteCore, RestartableServer, signIn, tempDir } from './harness'

/**
 * The door desk of the core against a real server stopped and started on the same port
 * and database: 准备离线 caches the roster and check-ins, look-ups work offline, an
 * offline check-in is queued once, and two consoles checking one person in offline leave
 * one check-in, the earliest, after they sync.
 */

const { admin } = demoAccounts

describe('door check-in through the core, online and offline', () => {
  let dir: string
  let platform: RestartableServer
  let trainId: number
  let people: SignUpMember[]
  let consoleA: { core: AppCore; dataDir: string }
  let consoleB: { core: AppCore; dataDir: string }

  const checkInRows = async (signUpId: number) =>
    platform.server!.db.selectFrom('trainCheckIn').select(['checkInTime', 'source']).where('signUpId', '=', signUpId).execute()
  /** Waits for this console's clock to reach the next second, so two check-ins differ in time. */
  const nextSecond = async () => {
    const now = consoleTime()
    await eventually('the next second', 2000, async () => consoleTime() !== now)
  }

  beforeAll(async () => {
    dir = await tempDir()
    platform = new RestartableServer(dir)
    const url = await platform.up()
    consoleA = await remoteCore(url)
    consoleB = await remoteCore(url)
    for (const c of [consoleA, consoleB]) expectOk(await signIn(c.core, admin.username, admin.password))
    trainId = (await call(consoleA.core, 'train.create', validTrainForm({ maxNum: 0 }))).id
    const members = (await call(consoleA.core, 'member.list', { pageSize: 5, enabled: true })).records
    people = []
    for (const m of members) people.push(await call(consoleA.core, 'signup.create', { trainId, memberId: m.id }))
    // One of them checked in online before the day goes offline.
    expect(await call(consoleA.core, 'door.checkIn', { trainId, signUpId: people[4].id })).toMatchObject({ already: false, queued: false })
    for (const c of [consoleA, consoleB]) await call(c.core, 'offline.prepare', { trainId })
  }, 90_000)
  afterAll(async () => {
    await platform.down()
    await cleanUp()
  })

  it('finds people offline by name, phone digits, pinyin initials and the scanned sign-up code', async () => {
    await platform.down()
    const { core } = consoleA
    const search = (text: string) => call(core, 'door.search', { trainId, text })
    const target = people[1]
    expect((await search(target.name.slice(1))).people.map((p) => p.signUpId)).toContain(target.id)
    expect((await search(target.telephone.slice(-4))).people.map((p) => p.signUpId)).toContain(target.id)
    const initials = initialsOf(target.name)
    expect(initials).toMatch(/^[a-z]{2,}$/)
    expect((await search(initials.toUpperCase())).people.map((p) => p.signUpId)).toContain(target.id)
    const scanned = await search(String(target.id))
    expect(scanned.people[0]).toMatchObject({ signUpId: target.id, name: target.name, checkInTime: null, queued: false })
    expect(scanned.cached).toBe(true)
    // The one checked in online before shows it offline.
    expect((await search(String(people[4].id))).people[0].checkInTime).not.toBeNull()
  })

  it('queues an offline check-in once; a second one says 已签到 with the first time; the lists show it offline', async () => {
    const { core } = consoleA
    const first = await call(core, 'door.checkIn', { trainId, signUpId: people[0].id })
    expect(first).toMatchObject({ already: false, queued: true, name: people[0].name })
    await nextSecond()
    const again = await call(core, 'door.checkIn', { trainId, signUpId: people[0].id })
    expect(again).toEqual({ ...first, already: true })
    expect((await call(core, 'sync.status')).pending).toBe(1)
    const signUps = await call(core, 'signup.list', { trainId, pageNum: 1, pageSize: 10 })
    expect(signUps.total).toBe(5)
    expect(signUps.records.find((s) => s.id === people[0].id)?.checkInTime).toBe(first.checkInTime)
    const checkIns = await call(core, 'checkin.list', { trainId, pageNum: 1, pageSize: 10 })
    expect(checkIns.records.map((r) => r.signUpId).sort()).toEqual([people[0].id, people[4].id].sort())
    // Routes that cannot work offline say so and queue nothing.
    expectFailure(await core.dispatch('checkin.manual', { trainId, signUpId: people[3].id, checkInTime: consoleTime(), reason: '补签' }), 'OFFLINE')
    expect((await call(core, 'sync.status')).pending).toBe(1)
  })

  it('two consoles checking one person in offline leave one check-in after sync, the earliest', async () => {
    // A checks people[2] in first, B a second later; B also checks in people[3] alone.
    const a = await call(consoleA.core, 'door.checkIn', { trainId, signUpId: people[2].id })
    await nextSecond()
    const b = await call(consoleB.core, 'door.checkIn', { trainId, signUpId: people[2].id })
    expect(b.checkInTime > a.checkInTime).toBe(true)
    expect((await call(consoleB.core, 'door.checkIn', { trainId, signUpId: people[3].id })).queued).toBe(true)

    await platform.up()
    // B, with the later time, reaches the server first.
    expect(await call(consoleB.core, 'sync.now')).toMatchObject({ online: true, pending: 0 })
    expect(await call(consoleA.core, 'sync.now')).toMatchObject({ online: true, pending: 0 })
    expect(await checkInRows(people[2].id)).toEqual([{ checkInTime: a.checkInTime, source: 'door' }])
    expect(await checkInRows(people[0].id)).toHaveLength(1)
    expect(await checkInRows(people[3].id)).toHaveLength(1)
    // Each console, reading the desk again, shows the earliest time.
    for (const c of [consoleA, consoleB]) {
      await call(c.core, 'door.open', { trainId })
      expect((await call(c.core, 'door.search', { trainId, text: String(people[2].id) })).people[0]).toMatchObject({ checkInTime: a.checkInTime, queued: false })
    }
    // Online, a second check-in from either console is 已签到 with that time.
    expect(await call(consoleB.core, 'door.checkIn', { trainId, signUpId: people[2].id })).toMatchObject({ already: true, checkInTime: a.checkInTime })
  })

  it('lists a queued check-in refused for good (the sign-up cancelled meanwhile) with its reason until dismissed; the person shows not checked in', async () => {
    await platform.down()
    const target = people[1]
    expect(await call(consoleA.core, 'door.checkIn', { trainId, signUpId: target.id })).toMatchObject({ queued: true })
    await platform.up()
    // Cancelled at the office while console A was offline.
    await call(consoleB.core, 'signup.delete', { id: target.id })

    expect(await call(consoleA.core, 'sync.now')).toMatchObject({ online: true, pending: 0, refused: 1 })
    const [refused, ...more] = await call(consoleA.core, 'sync.refused')
    expect(more).toEqual([])
    expect(refused).toMatchObject({ kind: 'checkIn', trainId, person: target.name, trainName: expect.any(String) })
    expect(refused.message).toMatch(/不存在|报名/)
    expect(refused.madeAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(await checkInRows(target.id)).toEqual([])
    // Not shown as checked in here any more, nor sent again.
    expect((await call(consoleA.core, 'door.search', { trainId, text: String(target.id) })).people[0]).toMatchObject({ checkInTime: null, queued: false })
    expect(await call(consoleA.core, 'sync.now')).toMatchObject({ pending: 0, refused: 1 })
    // Still listed after the console restarts (it is in the cache file), until the clerk dismisses it.
    await consoleA.core.close()
    consoleA = await remoteCore(platform.server!.url, { dataDir: consoleA.dataDir })
    expect(await call(consoleA.core, 'sync.refused')).toEqual([refused])
    expect(await call(consoleA.core, 'sync.dismiss', { kind: 'checkIn', seq: refused.seq })).toMatchObject({ refused: 0 })
    expect(await call(consoleA.core, 'sync.refused')).toEqual([])
  })
})
