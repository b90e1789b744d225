import { availableParallelism } from 'node:os'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { deriveOnHashingThread } from './hashing-threads'
import { createRetryAdvice } from './retry-advice'
import { verifyAgainstDummy, verifyPassword } from './passwords'

/**
 * Admission control for password checks (issue 28). One check is ≈ 41 ms of a core
 * (scrypt, passwords.ts); unbounded, 5,000 sign-ins in a minute queued on libuv's pool
 * and everyone waited behind checks whose phones had long given up. Here at most
 * `concurrency` checks run at once and at most `queueBound` wait; beyond that the answer
 * is at once 登录人数较多，请稍候 with the time to retry after (the phone page waits and
 * retries by itself). A waiting check whose client has gone (closed socket) or has waited
 * past `maxWaitMs` (its client's timeout) is dropped before its hash, so the box spends
 * its CPU only on sign-ins someone still waits for.
 * The checks leave the event loop its core: they run on hashing threads of a lower
 * scheduling priority (hashing-threads.ts), at most one fewer at once than this process's
 * share of the cores, so the exam calls of members already signed in are answered first
 * and a sign-in rush takes only the CPU they leave.
 * Per process, as the CPU it guards: each server process (WORKERS) has its own.
 */
export interface PasswordGateSettings {
  /** Checks running at once: one fewer than this process's share of the cores, at least one. */
  concurrency: number
  /** Checks waiting beyond those; one more is refused at once. */
  queueBound: number
  /** A check that waited so long that this, less the time of a check, has passed is answered "retry" instead of hashed: its client is about to give up. */
  maxWaitMs: number
  /** Told of each check hashed, queued, dropped (client gone, waited too long) or refused at the bound: tests and benches count them. */
  observe?: (event: GateEvent) => void
}

export type GateEvent = 'hash' | 'queued' | 'dropped' | 'refused'

export const BUSY_MESSAGE = '登录人数较多，请稍候'

/** Answered when the queue is full or a check waited too long; `retryAfter` in seconds. */
export const busy = (retryAfter: number) => new AppError(ErrorKey.RATE_LIMITED, BUSY_MESSAGE, undefined, retryAfter)

/** Defaults for a process that is one of `workers` on this machine. */
export function defaultGateSettings(workers = 1): PasswordGateSettings {
  const concurrency = Math.max(1, Math.floor(availableParallelism() / Math.max(1, workers)) - 1)
  // ≈ 2 s of checks waiting at 40 ms each: a phone is told to come back rather than wait longer.
  return { concurrency, queueBound: concurrency * 25, maxWaitMs: 10_000 }
}

interface Waiting {
  who: string
  run: () => void
  refuse: (err: AppError) => void
  signal: AbortSignal
  since: number
}

export interface PasswordGate {
  /**
   * Whether `password` matches `stored` (a missing account is checked against a dummy hash,
   * in the same time). `who` names the one signing in (a telephone, an account name): the
   * wait told to those turned away counts them (retry-advice.ts).
   */
  verify(password: string, stored: string | null, signal: AbortSignal, who: string): Promise<boolean>
  /**
   * Throws the busy answer at once when the queue is full: called before a sign-in's own
   * reads and counter writes, so a refused sign-in costs the box next to nothing.
   */
  assertRoom(who: string): void
  /** Hashes computed, checks dropped because their client had gone or waited too long, checks refused at the bound. */
  readonly stats: { hashes: number; dropped: number; refused: number }
}

export function createPasswordGate(settings: PasswordGateSettings): PasswordGate {
  const waiting: Waiting[] = []
  const stats = { hashes: 0, dropped: 0, refused: 0 }
  let running = 0
  const count = (what: keyof typeof stats) => {
    stats[what]++
    settings.observe?.(what === 'hashes' ? 'hash' : what)
  }
  // Milliseconds one check takes, smoothed: turns the queue's length and the crowd outside it into a retry time.
  let checkMs = 50
  const advice = createRetryAdvice()
  const turnedAway = (who: string) => {
    const perSecond = (Math.max(1, settings.concurrency) * 1000) / checkMs
    return busy(advice.refused(who, (waiting.length + settings.concurrency) / perSecond, perSecond))
  }

  const next = () => {
    while (running < settings.concurrency && waiting.length > 0) {
      const w = waiting.shift()!
      // Gone, or no longer answerable within its client's patience with a check still to run: no hash for nobody.
      if (w.signal.aborted || Date.now() - w.since + checkMs > settings.maxWaitMs) {
        count('dropped')
        w.refuse(turnedAway(w.who))
        continue
      }
      advice.admitted(w.who)
      w.run()
    }
  }

  const hash = async (password: string, stored: string | null): Promise<boolean> => {
    running++
    count('hashes')
    const started = performance.now()
    try {
      return stored ? await verifyPassword(password, stored, deriveOnHashingThread) : await verifyAgainstDummy(password, deriveOnHashingThread)
    } finally {
      checkMs = checkMs * 0.9 + (performance.now() - started) * 0.1
      running--
      next()
    }
  }

  return {
    stats,
    assertRoom(who) {
      if (waiting.length < settings.queueBound || running < settings.concurrency) return
      count('refused')
      throw turnedAway(who)
    },
    verify(password, stored, signal, who) {
      if (running < settings.concurrency && waiting.length === 0) {
        advice.admitted(who)
        return hash(password, stored)
      }
      if (waiting.length >= settings.queueBound) {
        count('refused')
        return Promise.reject(turnedAway(who))
      }
      return new Promise<boolean>((resolve, reject) => {
        const entry: Waiting = { who, run: () => hash(password, stored).then(resolve, reject), refuse: reject, signal, since: Date.now() }
        waiting.push(entry)
        settings.observe?.('queued')
        // A client gone while waiting leaves the queue at once: its place goes to someone still there.
        signal.addEventListener('abort', () => {
          const at = waiting.indexOf(entry)
          if (at < 0) return
          waiting.splice(at, 1)
          count('dropped')
          reject(turnedAway(who))
        }, { once: true })
      })
    },
  }
}
