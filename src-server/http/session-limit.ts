import type { FastifyRequest } from 'fastify'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { Db } from '../db/types'
import { memberOf } from './member-auth'
import { countCall } from './rate-limit'

/** Calls one lease of a session's budget covers: a candidate saving every 10–30 s claims about once a window. */
const LEASE = 10

interface Lease {
  resetAt: number
  /** Calls of the current window this process may still answer without asking the database. */
  left: number
}

/**
 * The per-session limit of the exam calls (issue 28) without a database write on every
 * call. The budget of a session (`max` calls a window, shared by the routes of `budget`,
 * e.g. all of a session's exam calls) lives in the shared
 * counters (`rate_limit`), so every server process draws on the same one; a process
 * claims LEASE calls of it in one upsert and answers them from memory. Every call a
 * process answers was claimed, so all processes together never answer more than `max`
 * a window (a lease a process does not use up is lost to the session, never gained).
 * A live member session is counted by itself (its id: counters never hold a token); any
 * other call, a made-up or expired token included, by its address, one upsert each: a
 * flood of invented tokens shares one counter and is refused like any other (issue 25).
 */
export function limitPerSession(db: Db, budget: string, max: number, windowMs: number) {
  const leases = new Map<string, Lease>()
  let sweepAt = 0
  const refuse = (resetAt: number, now: number) => new AppError(ErrorKey.RATE_LIMITED, undefined, undefined, Math.max(1, Math.ceil((resetAt - now) / 1000)))

  return async (req: FastifyRequest): Promise<void> => {
    const now = Date.now()
    const member = await memberOf(db, req)
    if (member === null) {
      const hit = await countCall(db, `${budget} ${req.ip}`, windowMs, now)
      if (hit.current > max) throw refuse(now + hit.ttl, now)
      return
    }
    if (now > sweepAt) {
      for (const [key, lease] of leases) if (lease.resetAt <= now) leases.delete(key)
      sweepAt = now + windowMs
    }
    const key = `${budget} member:${member}`
    let lease = leases.get(key)
    if (lease && lease.resetAt > now && lease.left > 0) {
      lease.left--
      return
    }
    const hit = await countCall(db, key, windowMs, now, LEASE)
    // The part of the claim still inside the budget; beyond it the session waits for the next window.
    const granted = LEASE - Math.max(0, hit.current - max)
    lease = { resetAt: now + hit.ttl, left: granted - 1 }
    leases.set(key, lease)
    if (granted <= 0) throw refuse(lease.resetAt, now)
  }
}
