import { randomUUID } from 'node:crypto'
import type { SeatConflict, SeatPlan, SeatPlanSaveBody } from '../../../src-shared/schemas/seating'
import { mergeSeats } from '../../../src-shared/seat-merge'
import { durable, type LocalDb } from '../cache/local-store'

export type QueuedSave = SeatPlanSaveBody & { trainId: number; idempotencyKey: string }

export interface OutboxItem {
  seq: number
  trainId: number
  body: QueuedSave
  baseRevision: number | null
  attempts: number
}

interface Row {
  seq: number
  train_id: number
  idem_key: string
  created_at: number
  body: string
  base_revision: number | null
  after_seq: number | null
  attempts: number
  state: 'pending' | 'conflict' | 'refused'
  server_plan: string | null
  message: string | null
}

const toItem = (r: Row): OutboxItem => ({
  seq: r.seq,
  trainId: r.train_id,
  body: { ...(JSON.parse(r.body) as QueuedSave), idempotencyKey: r.idem_key },
  baseRevision: r.base_revision,
  attempts: r.attempts,
})

/** A queued seat with the optional parts filled in (the schema's own defaults). */
const seatInput = (s: QueuedSave['trainMemberLocations'][number]) => ({
  rowNumber: s.rowNumber,
  columnNumber: s.columnNumber,
  groupNumber: s.groupNumber ?? null,
  trainSignUpMemberId: s.trainSignUpMemberId ?? null,
})

/** The server's answer kept with a conflict; a row kept by an older version holds its plan alone. */
function answerOf(row: Row): SeatConflict {
  const kept = JSON.parse(row.server_plan ?? 'null') as SeatConflict | SeatPlan
  return 'outcome' in kept ? kept : { outcome: 'conflict', plan: kept, base: null, changes: [], departed: [] }
}

/**
 * Seat saves made while the server could not be reached, in order, durably (every
 * write is one SQLite transaction committed with synchronous=FULL: `durable`).
 *
 * Each save carries its idempotency key and the revision it applies on. A later save of
 * the same training waits for the earlier one (`after_seq`) and takes the revision the
 * server gives it; a save never sent yet is simply replaced by a newer one of its
 * training (whole plans: the newer includes it). Once an attempt has begun the save is
 * never replaced: the server may have applied it, and its key must be replayed as is.
 */
export class Outbox {
  constructor(private readonly db: LocalDb) {}

  /** Runs a write of the outbox as one transaction on disk before it returns. */
  private durably<R>(fn: () => R): R {
    return durable(this.db, fn)()
  }

  enqueue(body: QueuedSave): void {
    this.durably(() => {
      const last = this.latestRow(body.trainId)
      const text = JSON.stringify({ ...body, idempotencyKey: undefined })
      if (last && last.state === 'pending' && last.attempts === 0) {
        this.db.prepare('UPDATE outbox SET body = ?, idem_key = ? WHERE seq = ?').run(text, body.idempotencyKey, last.seq)
        return
      }
      this.db
        .prepare('INSERT INTO outbox (train_id, idem_key, body, base_revision, after_seq, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(body.trainId, body.idempotencyKey, text, last ? null : (body.baseRevision ?? null), last ? last.seq : null, Date.now())
    })
  }

  /** The first save that can be sent now (pending, not waiting for an earlier one). */
  next(): OutboxItem | undefined {
    const row = this.db.prepare<[], Row>("SELECT * FROM outbox WHERE state = 'pending' AND after_seq IS NULL ORDER BY seq LIMIT 1").get()
    return row && toItem(row)
  }

  /** Recorded before sending: from now on this save is only ever replayed with its key. */
  markAttempt(seq: number): void {
    this.durably(() => this.db.prepare('UPDATE outbox SET attempts = attempts + 1 WHERE seq = ?').run(seq))
  }

  /** The server applied it (or had already): gone, and the next save of its training applies on `revision`. */
  acknowledge(seq: number, revision: number): void {
    this.durably(() => {
      this.db.prepare('DELETE FROM outbox WHERE seq = ?').run(seq)
      this.db.prepare('UPDATE outbox SET base_revision = ?, after_seq = NULL WHERE after_seq = ?').run(revision, seq)
    })
  }

  /** The server refused it: kept, with the server's answer (its plan and what the merge needs), until the user decides. */
  conflict(seq: number, answer: SeatConflict, message: string | null): void {
    this.durably(() => this.db.prepare("UPDATE outbox SET state = 'conflict', server_plan = ?, message = ? WHERE seq = ?").run(JSON.stringify(answer), message, seq))
  }

  /**
   * Refused for good, and no plan to decide against (the training deleted or out of this
   * account's reach): the clerk's newest plan of the chain stays listed with the server's
   * reason until dismissed; the chain's later saves (whole plans, the newest included) go.
   */
  refuse(seq: number, message: string): void {
    this.durably(() => {
      const row = this.db.prepare<[number], Row>('SELECT * FROM outbox WHERE seq = ?').get(seq)
      if (!row) return
      const newest = this.latestRow(row.train_id)!
      this.db.prepare("DELETE FROM outbox WHERE train_id = ? AND seq > ? AND state != 'refused'").run(row.train_id, seq)
      this.db.prepare("UPDATE outbox SET state = 'refused', body = ?, message = ?, after_seq = NULL WHERE seq = ?").run(newest.body, message, seq)
    })
  }

  /** Refused saves, oldest first, until the clerk dismisses them. */
  refused(): { seq: number; trainId: number; madeAt: number; message: string }[] {
    return this.db
      .prepare<[], Row>("SELECT * FROM outbox WHERE state = 'refused' ORDER BY seq")
      .all()
      .map((r) => ({ seq: r.seq, trainId: r.train_id, madeAt: r.created_at, message: r.message ?? '' }))
  }

  /** A refusal the clerk has read leaves the list. */
  dismiss(seq: number): void {
    this.durably(() => this.db.prepare("DELETE FROM outbox WHERE seq = ? AND state = 'refused'").run(seq))
  }

  counts(): { pending: number; conflicts: number; refused: number } {
    const row = this.db
      .prepare<[], { pending: number; conflicts: number; refused: number }>(
        "SELECT coalesce(sum(state = 'pending'), 0) AS pending, coalesce(sum(state = 'conflict'), 0) AS conflicts, coalesce(sum(state = 'refused'), 0) AS refused FROM outbox",
      )
      .get()
    return row ?? { pending: 0, conflicts: 0, refused: 0 }
  }

  /** The trainings with anything in the outbox. */
  trainIds(): number[] {
    return this.db.prepare<[], { train_id: number }>('SELECT DISTINCT train_id FROM outbox').all().map((r) => r.train_id)
  }

  /** The newest save of a training still to be sent or decided (a refused one is neither). */
  private latestRow(trainId: number): Row | undefined {
    return this.db.prepare<[number], Row>("SELECT * FROM outbox WHERE train_id = ? AND state != 'refused' ORDER BY seq DESC LIMIT 1").get(trainId)
  }

  /** The newest queued plan of a training (what the user last saved there), if any. */
  latestFor(trainId: number): QueuedSave | undefined {
    const row = this.latestRow(trainId)
    return row && toItem(row).body
  }

  /** Conflicts with the user's newest version of each training and the server's. */
  conflicts(trainId?: number) {
    const rows = this.db.prepare<[], Row>("SELECT * FROM outbox WHERE state = 'conflict' ORDER BY seq").all()
    return rows
      .filter((r) => trainId === undefined || r.train_id === trainId)
      .map((r) => {
        const answer = answerOf(r)
        return { seq: r.seq, trainId: r.train_id, mine: this.latestFor(r.train_id)!, server: answer.plan, base: answer.base, changes: answer.changes, departed: answer.departed, message: r.message }
      })
  }

  /**
   * The user's decision on a conflict, for the whole chain of its training: `mine` sends
   * the newest local plan merged with the server's (three ways against the chain's base:
   * others' changes to other seats kept, mine where both changed a seat, people no longer
   * signed up left out) on top of the server's revision — a new key, nothing of it was
   * applied; `server` keeps the server's plan and drops the local versions.
   */
  resolve(seq: number, choice: 'mine' | 'server'): number | undefined {
    return this.durably(() => {
      const row = this.db.prepare<[number], Row>("SELECT * FROM outbox WHERE seq = ? AND state = 'conflict'").get(seq)
      if (!row) return undefined
      const answer = answerOf(row)
      const server = answer.plan
      const chain = this.db.prepare<[number, number], Row>("SELECT * FROM outbox WHERE train_id = ? AND seq >= ? AND state != 'refused' ORDER BY seq").all(row.train_id, seq)
      const newest = chain[chain.length - 1]
      const remove = choice === 'mine' ? chain.slice(0, -1) : chain
      for (const r of remove) this.db.prepare('DELETE FROM outbox WHERE seq = ?').run(r.seq)
      if (choice === 'mine') {
        const mine = toItem(newest).body
        const merged = mergeSeats(answer.base, { ...mine, rowNumber: Number(mine.rowNumber), columnNumber: Number(mine.columnNumber), seats: mine.trainMemberLocations.map(seatInput) }, server, new Set(server.people.map((p) => p.trainSignUpMemberId)), 'mine')
        const body = JSON.stringify({ ...mine, idempotencyKey: undefined, rowNumber: merged.rowNumber, columnNumber: merged.columnNumber, trainMemberLocations: merged.seats })
        this.db
          .prepare("UPDATE outbox SET state = 'pending', body = ?, base_revision = ?, after_seq = NULL, idem_key = ?, attempts = 0, server_plan = NULL, message = NULL WHERE seq = ?")
          .run(body, server.revision, randomUUID(), newest.seq)
      }
      return row.train_id
    })
  }
}
