import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { preparedQuery, type QueryParams } from '../db/prepared'
import type { Db } from '../db/types'
import { limitPerSession } from './session-limit'

/**
 * Requests one client address may make per minute to each route open to anyone or
 * costly to anyone signed in (issue 16). Generous where many people share an address:
 * a whole training checks in over the venue's Wi-Fi, an office signs in behind one NAT.
 */
export const RATE_LIMITS: readonly {
  test: (method: string, url: string) => boolean
  max: number
  /** Counted per member session, in one budget of this name shared by the row's routes (session-limit.ts). */
  perMember?: string
}[] = [
  { test: (_m, url) => url === '/api/m/checkin' || url === '/m/checkin', max: 600 },
  // The exam morning (issue 28): a hall of 1,000 phones behind one NAT address loads the page and
  // signs in within minutes, retrying when the password queue is full. This is only the address's
  // ceiling: each telephone is limited on its own (MEMBER_SIGN_INS_PER_TELEPHONE) and each wrong
  // password slows its address (login-delay.ts).
  { test: (_m, url) => url === '/api/m/login' || url === '/m/exam', max: 5000 },
  // A signed-in member taking an exam is counted as that member, not by address: a venue's
  // whole hall autosaves through one NAT address (200 candidates ≈ 800 saves a minute). One
  // budget for all of a session's exam calls (a phone makes 2–6 a minute): its list, start and
  // submit, made once each, draw on the lease the autosaves claimed, not a counter write apiece.
  { test: (_m, url) => url === '/api/m/exams' || url.startsWith('/api/m/exam/'), max: 120, perMember: 'exam calls' },
  // A course comment is a signed-in member's write like an autosave: counted per member, the same limit.
  { test: (_m, url) => url === '/api/m/courses' || url.startsWith('/api/m/course/'), max: 120, perMember: 'course calls' },
  { test: (_m, url) => url.startsWith('/api/m/') || url.startsWith('/m/'), max: 120 },
  { test: (_m, url) => url === '/api/captcha', max: 120 },
  { test: (_m, url) => url === '/api/login', max: 60 },
  { test: (m, url) => m === 'POST' && url === '/api/upload', max: 120 },
]
const WINDOW_MS = 60_000
/** One call in this many also deletes expired counters. */
const SWEEP_EVERY = 200

type Hit = { current: number; ttl: number }

/** Prepared (compiled once, a named statement on PostgreSQL): it runs on every sign-in and every lease of an exam session's calls. */
const upsertCounter = preparedQuery((db, p: QueryParams<{ key: string; calls: number; now: number; resetAt: number }>) =>
  db
    .insertInto('rateLimit')
    .values({ key: p.key, hits: p.calls, resetAt: p.resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limit.reset_at <= ${p.now} THEN ${p.calls} ELSE rate_limit.hits + ${p.calls} END`,
        resetAt: sql<number>`CASE WHEN rate_limit.reset_at <= ${p.now} THEN ${p.resetAt} ELSE rate_limit.reset_at END`,
      }),
    )
    .returning(['hits', 'resetAt']),
)

/**
 * `calls` more calls (one, or a lease of several: session-limit.ts) counted under `key` in the
 * shared counters (`rate_limit`), in a window of `timeWindow` ms: one upsert; a counter whose
 * window has passed starts again.
 */
export async function countCall(db: Db, key: string, timeWindow: number, now = Date.now(), calls = 1): Promise<Hit> {
  const row = await upsertCounter.first(db, { key: key.slice(0, 200), calls, now, resetAt: now + timeWindow })
  if (!row) throw new Error('rate_limit: the upsert returned no row')
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.resetAt) - now) }
}

/** Sign-ins one member telephone may attempt a minute, from any address (the phone page's retries included). */
export const MEMBER_SIGN_INS_PER_TELEPHONE = 60

/** Refuses (请求过于频繁) a member sign-in beyond the telephone's own limit, whatever address it comes from. */
export async function countMemberSignIn(db: Db, telephone: string, scale = 1, now = Date.now()): Promise<void> {
  const hit = await countCall(db, `member sign-in ${telephone}`, WINDOW_MS, now)
  if (hit.current > Math.round(MEMBER_SIGN_INS_PER_TELEPHONE * scale)) throw new AppError(ErrorKey.RATE_LIMITED, undefined, undefined, Math.ceil(hit.ttl / 1000))
}
type Callback = (err: Error | null, hit?: Hit) => void

/**
 * @fastify/rate-limit's store with its counters in the database (`rate_limit`), so every
 * worker and every server on one database counts the same requests. One upsert a call:
 * a counter whose window has passed starts again at 1.
 */
function databaseStore(db: Db) {
  let calls = 0
  return class DatabaseStore {
    // The plugin constructs the store with its options; children get their route's prefix.
    constructor(_options: unknown, private readonly prefix = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      this.hit(`${this.prefix}${key}`, timeWindow).then((hit) => callback(null, hit), (err: Error) => callback(err))
    }

    // Typed by the plugin as route options; at run time its merged settings, with the route in `routeInfo`.
    child(params: object): DatabaseStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo
      return new DatabaseStore(params, `${String(route?.method ?? '')} ${route?.url ?? ''} `)
    }

    private async hit(key: string, timeWindow: number): Promise<Hit> {
      const now = Date.now()
      if (++calls % SWEEP_EVERY === 0) await db.deleteFrom('rateLimit').where('resetAt', '<=', now).execute()
      return countCall(db, key, timeWindow, now)
    }
  }
}

/**
 * Registers the limiter for the routes of RATE_LIMITS only: it must come before the
 * routes, whose `config.rateLimit` an onRoute hook fills in from that table.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db, scale = 1): Promise<void> {
  const budgets = new Map<string, ReturnType<typeof limitPerSession>>()
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat()
    const limit = RATE_LIMITS.find((l) => methods.some((m) => l.test(m, route.url)))
    if (!limit) return
    const max = Math.round(limit.max * scale)
    if (limit.perMember) {
      let budget = budgets.get(limit.perMember)
      if (!budget) budgets.set(limit.perMember, (budget = limitPerSession(db, limit.perMember, max, WINDOW_MS)))
      route.onRequest = [...[route.onRequest ?? []].flat(), budget]
      return
    }
    route.config = { ...(route.config as object), rateLimit: { max, timeWindow: WINDOW_MS } }
  })
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(db),
    // A failing counter must not take sign-in and sign-up down with it.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(ErrorKey.RATE_LIMITED),
  })
}
