import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RouteName } from '../../src-shared/api'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { SeatPlan, SeatPlanSaveBody, SeatSaveResult } from '../../src-shared/schemas/seating'
import type { ApiClient } from '../../src-main/core/api-client'
import type { LocalDb } from '../../src-main/core/cache/local-store'
import type { Gateway } from '../../src-main/core/sync/gateway'
import { optionsFromEnv } from '../../src-server/options'
import { startServer, type RunningServer } from '../../src-server/start'
import { demoAccounts } from '../../src-server/seed/demo-accounts'
import { clearSeat, fromPlan, move, place, toLocations, type Arrangement } from '../../src-renderer/features/seating/arrangement'
import { testDatabases } from '../support/databases'
import { login, TEST_CAPTCHA_CODE } from '../support/login'
import { startReverseProxy } from '../support/reverse-proxy'
import { validTrainForm } from '../support/training'
import { seededRandom, testSeed } from './seeded'
import { offline, realClient, venueGateway } from './venue-client'

/**
 * Venue consoles arranging one hall at once, against a real server over HTTP behind a
 * real reverse proxy (nginx), on SQLite and on PostgreSQL, through a network that drops
 * 2 % of calls (request or answer lost), sends copies of a save at the same moment,
 * duplicates saves and delivers the copies late (reordered), delivers a plan read's
 * answer after a newer one; the server is stopped three times (the proxy answers 502),
 * consoles are restarted while they sync, and one console's process is killed mid-push.
 * Every random choice follows from the seed printed on failure (SEED=… reproduces it).
 *
 * Invariants: copies of one save sent at the same moment get one answer; every
 * acknowledged save applied exactly once (the plan's revision equals
 * the number of distinct keys the server processed, and every acknowledged key is among
 * them); every durably queued save acknowledged, shown as a conflict, or replaced by a
 * newer unsent one; no seat or person double-booked; all consoles converge to the server.
 * No accepted change is ever undone: with nothing queued, what a console's seat screen
 * shows offline is a plan the server held at that revision, never older than a save the
 * console was told was accepted nor than what it showed before. After sync, each console's
 * cached plan (its screen with the network lost) equals the server's.
 */

const CLIENTS = 3
/** Operations per dialect: 2,000 by default, about 2 minutes on PostgreSQL on a busy CI machine; SEAT_SYNC_OPERATIONS=10000 for the full run (docs/decisions.md has the times measured). */
const OPERATIONS = Number(process.env.SEAT_SYNC_OPERATIONS ?? 2_000)
/** Operations the server stays stopped for in each outage. */
const OUTAGE = 40
const PEOPLE = 14
const ROWS = 3
const COLUMNS = 5
const DISCONNECT = 0.02

/** A plan's grid and seats as one comparable text (order aside). */
function planText(p: Pick<SeatPlanSaveBody, 'rowNumber' | 'columnNumber' | 'trainMemberLocations'>): string {
  const seats = p.trainMemberLocations.map((s) => `${s.rowNumber}:${s.columnNumber}:${s.groupNumber ?? ''}:${s.trainSignUpMemberId ?? ''}`)
  return `${p.rowNumber}x${p.columnNumber} ${seats.sort().join(' ')}`
}
const textOf = (plan: SeatPlan) => planText({ ...plan, trainMemberLocations: plan.seats })


interface Venue {
  file: string
  gateway: Gateway
  /** The newest revision the server told this console it accepted from it. */
  accepted: number
  /** The revision its screen last showed offline. */
  shown: number
  /** What the staff at this console see and edit. */
  a: Arrangement
  /** The server revision their view is based on. */
  base: number
}

describe.each(testDatabases())('seat sync ($name)', (database) => {
it(`${CLIENTS} venue consoles, ${OPERATIONS} seat operations, 2 % disconnects, simultaneous copies, 502 outages, restarts and a killed push converge exactly once`, async () => {
  const seed = testSeed()
  const random = seededRandom(seed)
  const dir = await mkdtemp(join(tmpdir(), 'seat-sync-'))
  let server: RunningServer | null = null
  let proxy: { url: string; close(): Promise<void> } | null = null
  const venues: Venue[] = []
  try {
    const options = {
      ...optionsFromEnv({}),
      databaseUrl: await database.url(),
      uploadDir: join(dir, 'uploads'),
      host: '127.0.0.1',
      port: 0,
      captchaTestCode: TEST_CAPTCHA_CODE,
    }
    server = await startServer(options)
    // Restarted on the same port: the proxy's backend.
    options.port = server.port
    proxy = await startReverseProxy(server.port)
    const direct = realClient(server.url, await login(server.url, demoAccounts.admin.username, demoAccounts.admin.password))
    // The consoles reach the server through the proxy, as at a venue behind the office's.
    const url = proxy.url
    const token = await login(url, demoAccounts.admin.username, demoAccounts.admin.password)
    const trainId = ((await direct.callRoute('train.create', validTrainForm({ maxNum: 0 }))) as { id: number }).id
    const members = ((await direct.callRoute('member.list', { pageSize: PEOPLE, enabled: true })) as { records: { id: number }[] }).records
    const people: number[] = []
    for (const m of members) people.push(((await direct.callRoute('signup.create', { trainId, memberId: m.id })) as { id: number }).id)

    const late: (() => Promise<unknown>)[] = []
    /** Once the network heals, no call is lost any more: the consoles must then converge. */
    let healed = false
    const acked = new Set<string>()
    const queued = new Set<string>()
    const conflicted = new Set<string>()
    const replaced = new Set<string>()
    /** The server's plan at each revision, as its answers show it (a revision never holds two plans). */
    const history = new Map<number, string>()
    function witness(revision: number, text: string): void {
      if (history.has(revision)) expect(text, `the server's plan at revision ${revision}`).toBe(history.get(revision))
      history.set(revision, text)
    }
    /** Every answer the server gave, even those the network then loses. */
    function record(name: RouteName, input: unknown, result: unknown): void {
      if (name === 'seat.plan') witness((result as SeatPlan).revision, textOf(result as SeatPlan))
      if (name !== 'seat.save') return
      const answer = result as SeatSaveResult
      // A stale save the server merged stored the merged plan, which it answers.
      if (answer.outcome === 'saved') witness(answer.revision, answer.plan ? textOf(answer.plan) : planText(input as SeatPlanSaveBody))
      else witness(answer.plan.revision, textOf(answer.plan))
    }

    let copyRounds = 0
    let proxyRefusals = 0
    /** While the server is stopped (the proxy answers 502), and until which operation. */
    let down = false
    let downUntil = -1
    let outages = 0
    let restarts = 0
    /** Copies of one save sent at the same moment: each gets the first copy's answer (or all fail alike); the console sees the first. */
    async function copies(real: ApiClient, name: RouteName, input: unknown): Promise<unknown> {
      const answers = await Promise.allSettled([0, 1, 2].map(() => real.callRoute(name, input)))
      const saved = answers.flatMap((a) => (a.status === 'fulfilled' ? [JSON.stringify(a.value)] : []))
      expect(new Set(saved).size, 'one answer for every copy of a save').toBeLessThanOrEqual(1)
      copyRounds++
      if (answers[0].status === 'rejected') throw answers[0].reason
      return answers[0].value
    }

    /** The network between one console and the server. */
    function flaky(real: ApiClient, cable: { unplugged: boolean }): ApiClient {
      /** The answer of an earlier plan read, delivered late in place of a newer one. */
      let heldRead: unknown = null
      const call = async (name: RouteName, input: unknown) => {
        try {
          return await (!healed && name === 'seat.save' && random.chance(0.05) ? copies(real, name, input) : real.callRoute(name, input))
        } catch (err) {
          // The server is stopped: the proxy answers 502 Bad Gateway.
          if (down && err instanceof AppError && err.key === ErrorKey.OFFLINE) proxyRefusals++
          throw err
        }
      }
      return {
        ...real,
        async callRoute(name: RouteName, input: unknown) {
          if (cable.unplugged || (!healed && random.chance(DISCONNECT / 2))) throw offline()
          if (!healed && name === 'seat.save' && random.chance(0.03)) late.push(() => real.callRoute(name, input).catch(() => undefined))
          const result = await call(name, input)
          record(name, input, result)
          if (!healed && random.chance(DISCONNECT / 2)) throw offline()
          if (name !== 'seat.plan' || healed) return result
          const answer = heldRead && random.chance(0.05) ? heldRead : result
          // Held for a while: the late answer may be several revisions old.
          if (!heldRead || random.chance(0.2)) heldRead = result
          return answer
        },
      }
    }

    /** Watches a console's outbox to know what became of every queued save. */
    function watch(g: Gateway, db: LocalDb, file: string): Gateway {
      const keyOf = (seq: number) => db.prepare<[number], { idem_key: string }>('SELECT idem_key FROM outbox WHERE seq = ?').get(seq)?.idem_key ?? ''
      const { acknowledge, conflict, enqueue, resolve } = g.outbox
      // A conflict shows the newest local version of its training: every save queued after it is part of what the user decides on.
      g.outbox.resolve = (seq, choice) => {
        const train = db.prepare<[number], { train_id: number }>('SELECT train_id FROM outbox WHERE seq = ?').get(seq)?.train_id ?? -1
        for (const r of db.prepare<[number, number], { idem_key: string }>('SELECT idem_key FROM outbox WHERE train_id = ? AND seq >= ?').all(train, seq)) conflicted.add(r.idem_key)
        return resolve.call(g.outbox, seq, choice)
      }
      g.outbox.acknowledge = (seq, revision) => {
        acked.add(keyOf(seq))
        const v = venues.find((x) => x.file === file)
        if (v) v.accepted = Math.max(v.accepted, revision)
        acknowledge.call(g.outbox, seq, revision)
      }
      g.outbox.conflict = (seq, plan, message) => {
        conflicted.add(keyOf(seq))
        conflict.call(g.outbox, seq, plan, message)
      }
      g.outbox.enqueue = (body) => {
        const last = db
          .prepare<[number], { idem_key: string; attempts: number; state: string }>('SELECT idem_key, attempts, state FROM outbox WHERE train_id = ? ORDER BY seq DESC LIMIT 1')
          .get(body.trainId)
        if (last && last.state === 'pending' && last.attempts === 0) replaced.add(last.idem_key)
        queued.add(body.idempotencyKey)
        enqueue.call(g.outbox, body)
      }
      return g
    }

    const cables = new Map<string, { unplugged: boolean }>()
    const open = (file: string) => {
      const cable = cables.get(file) ?? { unplugged: false }
      cables.set(file, cable)
      const { db, gateway } = venueGateway(file, url, flaky(realClient(url, token), cable))
      return watch(gateway, db, file)
    }
    const plan0 = (await direct.callRoute('seat.plan', { trainId })) as SeatPlan
    witness(plan0.revision, textOf(plan0))
    for (let n = 0; n < CLIENTS; n++) {
      const file = join(dir, `venue-${n}.sqlite`)
      const empty = { ...fromPlan(plan0), rows: ROWS, columns: COLUMNS, seats: Array(ROWS * COLUMNS).fill(null), groups: Array(COLUMNS).fill(null) }
      venues.push({ file, gateway: open(file), accepted: 0, shown: 0, a: empty, base: 0 })
    }
    // Each console has read the plan once (the network may lose a read: then again).
    for (const v of venues) {
      let read = false
      while (!read) read = await v.gateway.forward('seat.plan', { trainId }).then(() => true, () => false)
    }

    /** What the console's seat screen shows with the network lost: its cached plan and its queue. */
    async function offlineView(v: Venue): Promise<SeatPlan> {
      const cable = cables.get(v.file)!
      cable.unplugged = true
      try {
        return (await v.gateway.forward('seat.plan', { trainId })) as SeatPlan
      } finally {
        cable.unplugged = false
      }
    }

    let checked = 0
    /** With nothing queued, the offline screen is a plan the server held, and never goes back. */
    async function neverUndone(v: Venue): Promise<void> {
      const now = v.gateway.status()
      if (now.pending + now.conflicts > 0) return
      const view = await offlineView(v)
      expect(view.revision).toBeGreaterThanOrEqual(Math.max(v.accepted, v.shown))
      expect(history.has(view.revision), `revision ${view.revision} seen from the server`).toBe(true)
      expect(textOf(view)).toBe(history.get(view.revision))
      v.shown = view.revision
      checked++
    }

    const adopt = (v: Venue, plan: SeatPlan) => {
      v.a = fromPlan(plan)
      v.base = plan.revision
    }

    async function settle(v: Venue): Promise<void> {
      await v.gateway.syncNow()
      for (const c of v.gateway.conflicts()) {
        const choice = random.chance(0.5) ? 'mine' : 'server'
        await v.gateway.resolve(c.seq, choice)
      }
      if (v.gateway.status().pending === 0 && v.gateway.status().conflicts === 0) {
        try {
          adopt(v, (await v.gateway.forward('seat.plan', { trainId })) as SeatPlan)
        } catch {
          // Still offline: the console keeps its own view.
        }
      }
    }

    async function save(v: Venue): Promise<void> {
      const key = randomUUID()
      const result = (await v.gateway.saveSeats({ trainId, rowNumber: ROWS, columnNumber: COLUMNS, trainMemberLocations: toLocations(v.a), baseRevision: v.base, idempotencyKey: key })) as SeatSaveResult | { outcome: 'queued' }
      if (result.outcome === 'saved') {
        acked.add(key)
        v.accepted = Math.max(v.accepted, result.revision)
        v.base = result.revision
        if (result.plan) adopt(v, result.plan)
      } else if (result.outcome === 'conflict') {
        conflicted.add(key)
        adopt(v, result.plan)
      } else {
        await settle(v)
      }
      await neverUndone(v)
    }

    async function stopServer(op: number): Promise<void> {
      await server!.close()
      server = null
      down = true
      downUntil = op + OUTAGE
      outages++
    }
    async function restartServer(): Promise<void> {
      server = await startServer(options)
      down = false
    }

    /** A console closed while it syncs (the app quit, the laptop's lid shut) and opened again on its cache file. */
    async function restartMidSync(v: Venue): Promise<void> {
      const cable = cables.get(v.file)!
      cable.unplugged = true
      v.a = place(v.a, random.int(ROWS * COLUMNS), random.pick(people))
      await v.gateway.saveSeats({ trainId, rowNumber: ROWS, columnNumber: COLUMNS, trainMemberLocations: toLocations(v.a), baseRevision: v.base, idempotencyKey: randomUUID() })
      cable.unplugged = false
      const syncing = v.gateway.syncNow().catch(() => undefined)
      // Closed at a random point of the sync: before its request, while the server applies it, or before the answer is recorded.
      await new Promise((resolve) => setTimeout(resolve, random.int(15)))
      v.gateway.close()
      await syncing
      v.gateway = open(v.file)
      restarts++
      await settle(v)
    }

    let killedPush = false
    for (let op = 0; op < OPERATIONS; op++) {
      if (!down && op > 0 && op % Math.floor(OPERATIONS / 4) === 0 && outages < 3) await stopServer(op)
      if (down && op >= downUntil) await restartServer()
      const v = random.pick(venues)
      const seat = random.int(ROWS * COLUMNS)
      const roll = random.next()
      if (roll < 0.5) v.a = place(v.a, seat, random.pick(people))
      else if (roll < 0.75) v.a = move(v.a, seat, random.int(ROWS * COLUMNS))
      else v.a = clearSeat(v.a, seat)
      if (random.chance(0.25)) await save(v)
      if (late.length > 0 && random.chance(0.1)) await late.splice(random.int(late.length), 1)[0]()

      if (!down && (random.chance(0.002) || op === Math.floor(OPERATIONS / 3))) await restartMidSync(v)
      if (!killedPush && !down && op >= OPERATIONS / 2) {
        killedPush = true
        await killMidPush(venues[0])
      }
    }
    if (down) await restartServer()

    /** Console 0 saves offline, then its process is killed while pushing; a new one takes over its cache file. */
    async function killMidPush(v: Venue): Promise<void> {
      const cable = cables.get(v.file)!
      cable.unplugged = true
      for (let i = 0; i < 3; i++) {
        v.a = place(v.a, random.int(ROWS * COLUMNS), random.pick(people))
        const key = randomUUID()
        await v.gateway.saveSeats({ trainId, rowNumber: ROWS, columnNumber: COLUMNS, trainMemberLocations: toLocations(v.a), baseRevision: v.base, idempotencyKey: key })
      }
      expect(v.gateway.status().pending).toBeGreaterThan(0)
      v.gateway.close()
      cable.unplugged = false
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'push-child.ts'), v.file, url, token], { stdio: ['ignore', 'pipe', 'inherit'] })
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('sending')) setTimeout(() => child.kill('SIGKILL'), random.int(20))
        })
        child.on('error', reject)
        child.on('exit', () => resolve())
      })
      v.gateway = open(v.file)
      await settle(v)
    }

    // The network heals: late copies arrive, every console syncs and decides its conflicts.
    // (While calls are still lost, a read answered from the cache is stale by design.)
    healed = true
    for (const copy of late.splice(0)) await copy()
    for (let round = 0; round < 20 && venues.some((v) => v.gateway.status().pending + v.gateway.status().conflicts > 0); round++) {
      for (const v of venues) await settle(v)
    }
    const final = (await direct.callRoute('seat.plan', { trainId })) as SeatPlan
    for (const v of venues) expect(v.gateway.status()).toMatchObject({ pending: 0, conflicts: 0 })
    // After a sync, each console's cached plan is the server's: what its screen shows with the network lost.
    for (const v of venues) {
      await v.gateway.syncNow()
      const view = await offlineView(v)
      expect({ revision: view.revision, plan: textOf(view) }).toEqual({ revision: final.revision, plan: textOf(final) })
    }
    for (const v of venues) {
      adopt(v, (await v.gateway.forward('seat.plan', { trainId })) as SeatPlan)
      expect(v.a).toEqual(fromPlan(final))
    }

    const processed = new Set((await server!.db.selectFrom('idempotencyKey').select('key').execute()).map((r) => r.key))
    expect(final.revision).toBe(processed.size)
    expect([...acked].filter((k) => !processed.has(k))).toEqual([])
    // Acknowledged here, or in the killed console's process before it died (then the server processed it).
    expect([...queued].filter((k) => !acked.has(k) && !processed.has(k) && !conflicted.has(k) && !replaced.has(k))).toEqual([])
    const seated = final.seats.filter((s) => s.trainSignUpMemberId !== null)
    expect(new Set(seated.map((s) => s.trainSignUpMemberId)).size).toBe(seated.length)
    expect(new Set(final.seats.map((s) => `${s.rowNumber}:${s.columnNumber}`)).size).toBe(final.seats.length)
    expect(acked.size).toBeGreaterThan(OPERATIONS / 100)
    expect(checked).toBeGreaterThan(OPERATIONS / 10)
    expect(outages).toBe(3)
    expect(proxyRefusals, 'the proxy answered 502 while the server was stopped').toBeGreaterThan(0)
    expect(copyRounds).toBeGreaterThan(0)
    expect(restarts).toBeGreaterThan(0)
    console.info(
      `seat sync property test (${database.name}) SEED=${seed}: ${OPERATIONS} operations, ${acked.size} saves acknowledged, ${checked} offline screens checked, ` +
        `${copyRounds} rounds of simultaneous copies, ${proxyRefusals} answers of the proxy while the server was stopped, ${restarts} consoles restarted mid-sync, final revision ${final.revision}`,
    )
  } catch (error) {
    console.error(`seat sync property test (${database.name}) failed; reproduce with SEED=${seed}`)
    throw error
  } finally {
    for (const v of venues) v.gateway.close()
    await proxy?.close()
    await server?.close()
    await rm(dir, { recursive: true, force: true })
  }
}, 900_000)
})
