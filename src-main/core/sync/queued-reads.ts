import { routes, type RouteName } from '../../../src-shared/api'
import { routeInputSchema } from '../../../src-shared/contract'
import type { SeatPlan } from '../../../src-shared/schemas/seating'
import type { RefusedWrite } from '../../../src-shared/schemas/sync'
import type { DoorDesk } from './door-desk'
import type { Outbox } from './outbox'
import { planWithSave, type SeatPlanCache } from './seat-plan-cache'

/**
 * How one kind of queued write changes the reads the screens make. The rows of all kinds
 * are below, and only here: the gateway asks the table for every read it forwards, and
 * knows no read by name.
 */
export interface QueuedRead {
  readonly kind: RefusedWrite['kind']
  /** The reads it changes. */
  readonly reads: readonly RouteName[]
  /** Keeps an answer of the server to one of them; without it the read cache keeps it under its key. */
  keep?(data: unknown): void
  /**
   * What the screen is shown: `data` (the server's answer online; offline the cached one,
   * undefined when none is) with the queued writes in it; undefined to show `data` as it is.
   */
  show(method: RouteName, input: unknown, data: unknown, online: boolean): unknown
}

/** Seat saves: the seat plan is the newest revision the server is known to hold, with the training's newest queued save on it. */
export function seatPlanRead(plans: SeatPlanCache, outbox: Outbox): QueuedRead {
  return {
    kind: 'seatSave',
    reads: ['seat.plan'],
    keep: (data) => plans.keep(data as SeatPlan),
    show(_method, _input, data) {
      if (data === undefined) return undefined
      // Online too: an answer that arrives late may be older than a save accepted meanwhile.
      const plan = plans.get((data as SeatPlan).trainId) ?? (data as SeatPlan)
      const queued = outbox.latestFor(plan.trainId)
      return queued ? planWithSave(plan, queued) : plan
    },
  }
}

/** Door check-ins: offline, the sign-up and check-in lists of a prepared training are the cached roster with this console's own check-ins. */
export function rosterRead(door: DoorDesk): QueuedRead {
  return {
    kind: 'checkIn',
    reads: ['signup.list', 'signup.all', 'checkin.list'],
    show(method, input, _data, online) {
      if (online) return undefined
      const parsed = routeInputSchema(routes[method]).safeParse(input)
      if (!parsed.success) return undefined
      const query = parsed.data as { trainId: number; name?: string; orgId?: number; pageNum?: number; pageSize?: number }
      if (method === 'signup.all') return door.allSignUps(query.trainId)
      return method === 'signup.list' ? door.signUpPage(query) : door.checkInPage(query)
    },
  }
}

/** The table by read: a read changed by two kinds of queued writes would need both rows applied, which none needs yet. */
export function queuedReadTable(rows: readonly QueuedRead[]): ReadonlyMap<RouteName, QueuedRead> {
  const table = new Map<RouteName, QueuedRead>()
  for (const row of rows)
    for (const read of row.reads) {
      if (table.has(read)) throw new Error(`${read} is changed by two kinds of queued writes`)
      table.set(read, row)
    }
  return table
}
