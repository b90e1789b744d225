import { randomUUID } from 'node:crypto'
import { routes, type RouteName } from '../../../src-shared/api'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { UserInfo } from '../../../src-shared/schemas/auth'
import type { SeatPlan, SeatPlanSaveBody, SeatSaveResult } from '../../../src-shared/schemas/seating'
import type { RefusedWrite, SyncStatus } from '../../../src-shared/schemas/sync'
import { serverAnswers, type ApiClient } from '../api-client'
import { durable, ReadCache, type LocalDb } from '../cache/local-store'
import type { CoreEvents } from '../events'
import { minutesOf } from '../../../src-shared/date-text'
import { Outbox, type QueuedSave } from './outbox'
import { queuedReadTable, seatPlanRead, type QueuedRead } from './queued-reads'
import { SeatPlanCache } from './seat-plan-cache'
import { createServerWatch, PROBE_TIMEOUT_MS, WATCH_TIMING } from './server-watch'

export const OFFLINE_WRITE = '当前处于离线状态，此操作需要连接服务器（座位编排可离线保存，联网后自动同步）'
const NOT_CACHED = '离线状态下没有这项数据，请联网后查看（可在培训班上先“准备离线”）'

const minuteText = (ms: number) => minutesOf(new Date(ms))

/** Stable text of an input: the same filters give the same cache key whatever their order. */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableText((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** How long a read no prepared training needs stays in the cache. */
export const CACHE_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** The training a cached read is of (its input's trainId, or a training's own id), if any, with its `account|trainId` key. */
function trainingOfKey(key: string): { trainId: number; key: string } | undefined {
  const [account, method] = key.split('|', 2)
  const input = JSON.parse(key.slice(account.length + method.length + 2)) as { trainId?: number; id?: number } | null
  const trainId = input?.trainId ?? (method === 'train.get' ? input?.id : undefined)
  return trainId === undefined ? undefined : { trainId, key: `${account}|${trainId}` }
}

const isOffline = (err: unknown) => err instanceof AppError && err.key === ErrorKey.OFFLINE
const isSignedOut = (err: unknown) => err instanceof AppError && err.key === ErrorKey.UNAUTHENTICATED
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** What a queue tells of a write the server refused for good; the gateway adds the training's name. */
export type QueuedRefusal = Omit<RefusedWrite, 'trainName' | 'madeAt'> & { madeAt: number }

/** Another durable queue the sync replays after the seat saves (the door desk's check-ins). */
export interface SyncQueue {
  readonly kind: RefusedWrite['kind']
  pending(): number
  /** Sends what waits; throws the OFFLINE error when the server cannot be reached. */
  replay(): Promise<void>
  /** What the server refused for good, kept until the clerk dismisses it. */
  refused(): QueuedRefusal[]
  dismiss(seq: number): void
  /** How what waits in it changes the reads the screens make (its row of queued-reads.ts). */
  readonly read: QueuedRead
}

/**
 * The one gateway between the RPC dispatcher and the API client (ARCHITECTURE.md rule 7).
 * Online, it calls the server and records what it read; when the server cannot be
 * reached (detected from the calls themselves, then probed until it answers) reads come
 * from the cache, seat saves go to the outbox, and every other write is refused with a
 * clear message. When the server answers again the outbox is replayed, exactly once.
 * Once started (the app runs), it does so by itself: see server-watch.ts.
 *
 * "Cannot be reached" is a transport error, a timeout or an answer that is not the
 * server's own envelope (a proxy's 502/503/504): the API client calls all of them OFFLINE.
 */
export function createGateway(deps: { client: ApiClient; db: LocalDb; events: CoreEvents; baseUrl: () => string; queues?: readonly SyncQueue[] }) {
  const { client, events } = deps
  const queues = deps.queues ?? []
  const queuedElsewhere = () => queues.reduce((n, q) => n + q.pending(), 0)
  const refusedElsewhere = () => queues.reduce((n, q) => n + q.refused().length, 0)
  const cache = new ReadCache(deps.db)
  const outbox = new Outbox(deps.db)
  let online = true
  let syncing: Promise<void> | null = null
  let closed = false
  /** The account whose reads are cached (its scope decides what it may see). */
  let account = ''
  const prefixOf = (method: RouteName) => `${account}|${method}|`
  const keyOf = (method: RouteName, input: unknown) => prefixOf(method) + stableText(input)
  const plans = new SeatPlanCache(
    cache,
    (trainId) => keyOf('seat.plan', { trainId }),
    () => prefixOf('seat.plan'),
  )
  /** What each kind of queued write changes of the reads (seat plans are kept only for a newer revision). */
  const queuedReads = queuedReadTable([seatPlanRead(plans, outbox), ...queues.map((q) => q.read)])
  /** Keeps what the server answered to a read, as its queued writes' row says (one local transaction, normal sync: a read lost is read again). */
  const store = deps.db.transaction((method: RouteName, input: unknown, data: unknown) => {
    const keep = queuedReads.get(method)?.keep
    if (keep) keep(data)
    else cache.put(keyOf(method, input), data)
    cache.setMeta('lastReadAt', String(Date.now()))
  })
  /** The read as the screen must see it: `data` with the queued writes in it. */
  const shown = (method: RouteName, input: unknown, data: unknown) => queuedReads.get(method)?.show(method, input, data, online) ?? data
  /** The server accepted a save: one local transaction takes it out of the outbox (when queued) and makes it the cached plan. */
  const accepted = durable(deps.db, (save: QueuedSave, result: Extract<SeatSaveResult, { outcome: 'saved' }>, seq?: number) => {
    if (seq !== undefined) outbox.acknowledge(seq, result.revision)
    // A save merged by the server with others' changes: the plan it stored, not the one sent.
    if (result.plan) plans.keep(result.plan)
    else plans.accept(save, result.revision)
  })

  function status(): SyncStatus {
    const lastRead = cache.meta('lastReadAt')
    const lastSync = cache.meta('lastSyncAt')
    return {
      online,
      dataAsOf: lastRead ? minuteText(Number(lastRead)) : null,
      ...outbox.counts(),
      pending: outbox.counts().pending + queuedElsewhere(),
      refused: outbox.counts().refused + refusedElsewhere(),
      syncing: syncing !== null,
      lastSyncAt: lastSync ? minuteText(Number(lastSync)) : null,
    }
  }
  let announced = ''
  /** Tells the renderer, only when something it shows changed. */
  const announce = () => {
    // A sync still under way when the app closes has no one to tell (and no cache file).
    if (closed) return
    const now = status()
    const text = JSON.stringify(now)
    if (text === announced) return
    announced = text
    events.emit('sync.status', now)
  }

  function setOnline(next: boolean): void {
    if (next === online) return
    online = next
    announce()
    watch.schedule()
    if (next) void sync()
  }

  const reachable = () => serverAnswers(deps.baseUrl, PROBE_TIMEOUT_MS)
  const watch = createServerWatch({
    timing: WATCH_TIMING,
    isOnline: () => online,
    hasSendable: () => outbox.next() !== undefined || queuedElsewhere() > 0,
    probe: reachable,
    setOnline,
    sync: () => sync(),
  })

  /** A forwarded route: reads are cached and served from the cache offline; writes need the server. */
  async function forward(method: RouteName, input: unknown): Promise<unknown> {
    const isGet = routes[method].method === 'GET'
    // Captchas and the like are never worth keeping; reads of data are.
    const isRead = isGet && !method.startsWith('auth.')
    try {
      const data = await client.callRoute(method, input)
      setOnline(true)
      if (!isRead) return data
      store(method, input, data)
      return shown(method, input, data)
    } catch (err) {
      if (!isOffline(err)) {
        setOnline(true)
        throw err
      }
      setOnline(false)
      if (!isGet) throw new AppError(ErrorKey.OFFLINE, OFFLINE_WRITE)
      if (!isRead) throw err
      const data = shown(method, input, cache.get(keyOf(method, input))?.data)
      if (data === undefined) throw new AppError(ErrorKey.OFFLINE, NOT_CACHED)
      return data
    }
  }

  /** The screen's save: to the server when it answers, else (or while earlier saves of the training wait) into the outbox. */
  async function saveSeats(body: SeatPlanSaveBody & { trainId: number }): Promise<SeatSaveResult | { outcome: 'queued'; pending: number }> {
    const queued: QueuedSave = { ...body, idempotencyKey: body.idempotencyKey ?? randomUUID() }
    if (!outbox.latestFor(body.trainId)) {
      try {
        const result = (await client.callRoute('seat.save', queued)) as SeatSaveResult
        setOnline(true)
        if (result.outcome === 'saved') accepted(queued, result)
        else plans.keep(result.plan)
        return result
      } catch (err) {
        if (!isOffline(err)) throw err
        setOnline(false)
      }
    }
    // Same key as the attempt above: if that one reached the server after all, the replay answers its result.
    outbox.enqueue(queued)
    announce()
    if (online) void sync()
    return { outcome: 'queued', pending: outbox.counts().pending }
  }

  /**
   * The cached plans catch up with what others saved meanwhile: offline, the screen (and
   * the base of the next save) is then the newest plan the server held at the last sync.
   */
  async function refreshPlans(): Promise<void> {
    for (const trainId of plans.trainIds()) {
      if (!online || closed) return
      try {
        store('seat.plan', { trainId }, await client.callRoute('seat.plan', { trainId }))
      } catch (err) {
        if (isOffline(err)) return setOnline(false)
        if (isSignedOut(err)) return
        // A training deleted or out of this account's scope: its cached plan stays as last read.
      }
    }
  }

  /**
   * A save refused for good: a conflict for the clerk to decide on the seat screen when the
   * training's plan can be read, else (the training deleted, or out of this account's
   * reach) listed as refused with the server's reason. Offline or signed out, it stays queued.
   */
  async function keepRefused(seq: number, trainId: number, message: string): Promise<void> {
    let server: SeatPlan
    try {
      server = (await client.callRoute('seat.plan', { trainId })) as SeatPlan
    } catch (err) {
      if (isOffline(err) || isSignedOut(err)) throw err
      return outbox.refuse(seq, message)
    }
    plans.keep(server)
    outbox.conflict(seq, { outcome: 'conflict', plan: server, base: null, changes: [], departed: [] }, message)
  }

  /** Every queued write the server refused for good, oldest first, with the training's name as last read here. */
  function refused(): RefusedWrite[] {
    const trainName = (trainId: number) => (cache.get(keyOf('train.get', { id: trainId }))?.data as { name?: string } | undefined)?.name ?? null
    const seatSaves: QueuedRefusal[] = outbox.refused().map((r) => ({ ...r, kind: 'seatSave', person: null }))
    return [...seatSaves, ...queues.flatMap((q) => q.refused())]
      .sort((a, b) => a.madeAt - b.madeAt)
      .map((r) => ({ ...r, trainName: trainName(r.trainId), madeAt: minuteText(r.madeAt) }))
  }

  /** Replays the outbox in order until it is empty, offline, or only conflicts remain; then refreshes the cached plans. */
  function sync(): Promise<void> {
    syncing ??= (async () => {
      announce()
      try {
        for (let item = outbox.next(); item && online && !closed; item = outbox.next()) {
          outbox.markAttempt(item.seq)
          let result: SeatSaveResult
          try {
            result = (await client.callRoute('seat.save', { ...item.body, baseRevision: item.baseRevision ?? undefined })) as SeatSaveResult
          } catch (err) {
            if (isOffline(err)) {
              setOnline(false)
              break
            }
            if (isSignedOut(err)) break
            await keepRefused(item.seq, item.trainId, messageOf(err))
            continue
          }
          if (result.outcome === 'saved') accepted(item.body, result, item.seq)
          else {
            plans.keep(result.plan)
            outbox.conflict(item.seq, result, null)
          }
          announce()
        }
        for (const queue of queues) if (online && !closed) await queue.replay()
        if (online && !closed) await refreshPlans()
        if (outbox.counts().pending + queuedElsewhere() === 0 && online) cache.setMeta('lastSyncAt', String(Date.now()))
      } catch (err) {
        if (isOffline(err)) setOnline(false)
      }
    })().finally(() => {
      // Always after `syncing` is set (a callback of finally() runs later): a replay that
      // ended at once (offline, nothing to send) left it set, and every later sync waited on it.
      syncing = null
      announce()
      watch.schedule()
    })
    return syncing
  }

  /** A read straight from the server into the cache (准备离线): fails rather than answering from the cache. */
  async function refresh(method: RouteName, input: unknown): Promise<unknown> {
    const data = await client.callRoute(method, input)
    store(method, input, data)
    return data
  }

  return {
    forward,
    refresh,
    saveSeats,
    sync,
    /** Tries the server now (sync.now): the replay's first call tells whether it is back. */
    async syncNow() {
      if (!online && (await reachable())) setOnline(true)
      await sync()
      return status()
    },
    status,
    outbox,
    cache,
    conflicts: (trainId?: number) => outbox.conflicts(trainId),
    refused,
    /** The clerk has read a refusal: off the list (and the title bar's count). */
    dismiss(kind: RefusedWrite['kind'], seq: number) {
      if (kind === 'seatSave') outbox.dismiss(seq)
      else queues.find((q) => q.kind === kind)?.dismiss(seq)
      announce()
      return status()
    },
    async resolve(seq: number, choice: 'mine' | 'server') {
      const conflict = outbox.conflicts().find((c) => c.seq === seq)
      // Either way the server's plan is the newest it holds: the screen starts from it.
      durable(deps.db, () => {
        if (conflict) plans.keep(conflict.server)
        outbox.resolve(seq, choice)
      })()
      announce()
      if (online) await sync()
      return status()
    },
    /** 准备离线 done: the training's reads and files stay however old (until the console leaves this server). */
    markPrepared(trainId: number) {
      deps.db.prepare('INSERT INTO prepared_training (account, train_id, at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET at = excluded.at').run(account, trainId, Date.now())
    },
    /** Forgets reads older than CACHE_DAYS that no prepared training nor queued seat save needs, and the files no remaining read names. */
    evict(now = Date.now()) {
      const prepared = new Set(deps.db.prepare<[], { account: string; train_id: number }>('SELECT account, train_id FROM prepared_training').all().map((r) => `${r.account}|${r.train_id}`))
      const queued = new Set(outbox.trainIds())
      return cache.evict(now - CACHE_DAYS * DAY_MS, (key) => {
        const training = trainingOfKey(key)
        return training !== undefined && (prepared.has(training.key) || queued.has(training.trainId))
      })
    },
    /** Whose reads are cached (by account id): set at every sign-in, online or offline. */
    useAccount(user: UserInfo) {
      account = String(user.id)
    },
    /** The signed-in account's id ('' before a sign-in): drafts are kept per account. */
    account: () => account,
    /**
     * The console moves to another server: its cache and outbox belong to this one (they are
     * kept by account, and an account id means another person there). Refused while the
     * outbox holds anything, which only this server can take; otherwise everything read from
     * this server is dropped, so that nothing of it is shown offline afterwards.
     */
    leaveServer() {
      durable(deps.db, () => {
        const { pending, conflicts } = outbox.counts()
        if (pending + conflicts > 0) throw new AppError(ErrorKey.CONFLICT, `还有 ${pending + conflicts} 项修改尚未同步到当前服务器，请联网同步后再切换`)
        cache.clear()
        deps.db.exec('DELETE FROM outbox; DELETE FROM meta; DELETE FROM draft; DELETE FROM prepared_training')
      })()
      account = ''
      announce()
    },
    /** Whether the server answers now (a light probe). */
    reachable,
    isOnline: () => online,
    /** The app runs: sync and watch the server by themselves from now on (until `close`). */
    start: () => watch.start(),
    markOffline: () => setOnline(false),
    /** Something queued outside the seat outbox changed what the title bar counts. */
    announce: () => announce(),
    markOnline: () => setOnline(true),
    close() {
      closed = true
      watch.stop()
      deps.db.close()
    },
  }
}
export type Gateway = ReturnType<typeof createGateway>
