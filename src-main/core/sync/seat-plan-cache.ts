import type { SeatPlan } from '../../../src-shared/schemas/seating'
import type { ReadCache } from '../cache/local-store'
import type { QueuedSave } from './outbox'

/**
 * The plan a whole-plan save makes of `plan`: its grid and seats, with the names of the
 * plan's people, in the server's row-then-column order (what the server answers after it).
 */
export function planWithSave(plan: SeatPlan, save: QueuedSave): SeatPlan {
  const names = new Map(plan.people.map((p) => [p.trainSignUpMemberId, p]))
  const seats = save.trainMemberLocations.map((s) => {
    const person = s.trainSignUpMemberId ? names.get(s.trainSignUpMemberId) : undefined
    return {
      rowNumber: s.rowNumber,
      columnNumber: s.columnNumber,
      groupNumber: s.groupNumber ?? null,
      trainSignUpMemberId: s.trainSignUpMemberId ?? null,
      memberId: person?.memberId ?? null,
      name: person?.name ?? null,
    }
  })
  seats.sort((a, b) => a.rowNumber - b.rowNumber || a.columnNumber - b.columnNumber)
  return { ...plan, rowNumber: Number(save.rowNumber), columnNumber: Number(save.columnNumber), useSeat: save.useSeat ?? plan.useSeat, seats }
}

/**
 * The cached seat plan of each training: always the newest revision the server is known
 * to hold. Revisions only go up, so an answer that arrives late (a read sent before a
 * save was accepted, a replayed save answering its first result) never puts an accepted
 * change back.
 */
export class SeatPlanCache {
  constructor(
    private readonly cache: ReadCache,
    /** The cache key of a training's plan (per account). */
    private readonly keyOf: (trainId: number) => string,
    /** What the keys of all of them (of this account) start with. */
    private readonly prefix: () => string,
  ) {}

  /** The trainings whose plans are kept. */
  trainIds(): number[] {
    return this.cache.startingWith(this.prefix()).map((plan) => (plan as SeatPlan).trainId)
  }

  get(trainId: number): SeatPlan | undefined {
    return this.cache.get(this.keyOf(trainId))?.data as SeatPlan | undefined
  }

  /** A plan the server answered (a read, a conflict): kept unless a newer one is. */
  keep(plan: SeatPlan): void {
    const cached = this.get(plan.trainId)
    if (!cached || cached.revision <= plan.revision) this.cache.put(this.keyOf(plan.trainId), plan)
  }

  /** The server accepted `save` as `revision`: the cached plan becomes it (without a cached plan there is nothing to show it on). */
  accept(save: QueuedSave, revision: number): void {
    const cached = this.get(save.trainId)
    if (cached && cached.revision < revision) this.cache.put(this.keyOf(save.trainId), { ...planWithSave(cached, save), revision })
  }
}
