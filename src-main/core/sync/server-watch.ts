/** How often the core looks at the server (milliseconds). */
export interface WatchTiming {
  /** Offline: how soon to ask again whether the server is back. */
  probeMs: number
  /** Online and idle: a light probe, so that a lost server is noticed without a click. */
  heartbeatMs: number
  /** Online with saves to send: the first retry; each retry that leaves them waiting doubles it. */
  firstRetryMs: number
  maxRetryMs: number
}

/** A lost server is noticed within heartbeat + probe timeout (about 14 s); a returned one within 3 s. */
export const WATCH_TIMING: WatchTiming = { probeMs: 3000, heartbeatMs: 10_000, firstRetryMs: 1000, maxRetryMs: 60_000 }
/** How long the light probe waits for the server's answer. */
export const PROBE_TIMEOUT_MS = 4000
const MAX_DOUBLINGS = 16

/**
 * The one timer that keeps the sync going by itself while the app runs: offline it
 * probes until the server answers; online with saves to send it syncs on a backoff;
 * online and idle it probes now and then, so the title bar says 离线 without a click.
 */
export function createServerWatch(deps: {
  timing: WatchTiming
  isOnline(): boolean
  /** Whether a queued save can be sent now. */
  hasSendable(): boolean
  /** Whether the server itself answers. */
  probe(): Promise<boolean>
  setOnline(online: boolean): void
  sync(): Promise<void>
}) {
  const { timing } = deps
  let timer: NodeJS.Timeout | null = null
  let running = false
  let retries = 0

  function schedule(): void {
    if (!running) return
    if (timer) clearTimeout(timer)
    const sending = deps.isOnline() && deps.hasSendable()
    if (!sending) retries = 0
    const delay = !deps.isOnline() ? timing.probeMs : sending ? Math.min(timing.firstRetryMs * 2 ** retries, timing.maxRetryMs) : timing.heartbeatMs
    timer = setTimeout(() => void tick(), delay)
    // Never what keeps a process alive: the app's own life decides.
    timer.unref()
  }

  async function tick(): Promise<void> {
    timer = null
    if (deps.isOnline() && deps.hasSendable()) {
      retries = Math.min(retries + 1, MAX_DOUBLINGS)
      await deps.sync()
    } else {
      const answered = await deps.probe()
      if (running) deps.setOnline(answered)
    }
    schedule()
  }

  return {
    /** From now on (the app runs): looks at once, then on the timer. */
    start(): void {
      running = true
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void tick(), 0)
      timer.unref()
    },
    /** Something changed (online state, the outbox): the next look follows from the new state. */
    schedule,
    stop(): void {
      running = false
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
