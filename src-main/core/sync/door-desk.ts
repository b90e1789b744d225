import { randomUUID } from 'node:crypto'
import { pinyin } from 'pinyin-pro'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DoorCheckInOutcome, DoorPerson, DoorSearchResult } from '../../../src-shared/schemas/door'
import type { CheckInRecord, DoorCheckInResult, SignUpMember } from '../../../src-shared/schemas/signup'
import type { ApiClient } from '../api-client'
import { durable, type LocalDb } from '../cache/local-store'
import { DoorIndex } from './door-index'
import type { QueuedRefusal, SyncQueue } from './gateway'
import { rosterRead } from './queued-reads'

const NOT_PREPARED = '此培训班尚未“准备离线”，离线状态下无法查找报名人员，请联网后重试'

const pad = (n: number) => String(n).padStart(2, '0')
/** `yyyy-MM-dd HH:mm:ss` on this console's clock: when the clerk checked the person in. */
export function consoleTime(ms = Date.now()): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** Pinyin initials of a name (单 as a surname is s): what a clerk types for 张三, zs. */
export function initialsOf(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', surname: 'head' })
    .join('')
    .replace(/[^a-z]/gi, '')
    .toLowerCase()
}

const isOffline = (err: unknown) => err instanceof AppError && err.key === ErrorKey.OFFLINE
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null || a <= b ? a : b)

interface RosterRow {
  sign_up_id: number
  data: string
  name: string
  telephone: string
  initials: string
  server_time: string | null
  server_source: string | null
  server_reason: string | null
  local_time: string | null
}

interface QueuedCheckIn {
  seq: number
  account: string
  train_id: number
  sign_up_id: number
  idem_key: string
  check_in_time: string
  name: string | null
  message: string | null
  created_at: number
}

/**
 * The door check-in desk of the core (签到台, issue 26): the roster and check-ins of a
 * training in the local cache (准备离线 fills them), look-ups in it, and check-ins online
 * or queued — at most once per person per console (the outbox's unique key), replayed with
 * their own idempotency key when the server answers again. The server keeps one check-in
 * per person, the earliest (checkin.door); this console shows the earliest it knows.
 */
export class DoorDesk implements SyncQueue {
  readonly kind = 'checkIn'
  readonly read = rosterRead(this)
  private readonly index = new Map<string, DoorIndex>()
  private readonly preparedStmt
  private readonly rowsStmt

  constructor(
    private readonly db: LocalDb,
    private readonly client: ApiClient,
    private readonly account: () => string,
  ) {
    // Statements a keystroke runs, compiled once.
    this.preparedStmt = db.prepare<[string, number], unknown>('SELECT 1 FROM door_roster WHERE account = ? AND train_id = ? LIMIT 1')
    this.rowsStmt = db.prepare<[string, number, string], RosterRow>('SELECT * FROM door_roster WHERE account = ? AND train_id = ? AND sign_up_id IN (SELECT value FROM json_each(?))')
  }

  /** Keeps a training's sign-ups and check-ins as the server answered them (准备离线, or the desk opened online). */
  keepRoster(trainId: number, signUps: readonly SignUpMember[], checkIns: readonly CheckInRecord[]): void {
    const account = this.account()
    const firstOf = new Map<number, CheckInRecord>()
    for (const c of checkIns) {
      const had = firstOf.get(c.signUpId)
      if (!had || c.checkInTime < had.checkInTime) firstOf.set(c.signUpId, c)
    }
    this.db.transaction(() => {
      // Local check-ins not yet synced stay; people no longer signed up go.
      const local = new Map(
        this.db
          .prepare<[string, number], { sign_up_id: number; local_time: string }>('SELECT sign_up_id, local_time FROM door_roster WHERE account = ? AND train_id = ? AND local_time IS NOT NULL')
          .all(account, trainId)
          .map((r) => [r.sign_up_id, r.local_time]),
      )
      this.db.prepare('DELETE FROM door_roster WHERE account = ? AND train_id = ?').run(account, trainId)
      const insert = this.db.prepare(
        'INSERT INTO door_roster (account, train_id, sign_up_id, data, name, telephone, initials, org_id, server_time, server_source, server_reason, local_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      for (const s of signUps) {
        const first = firstOf.get(s.id)
        insert.run(account, trainId, s.id, JSON.stringify(s), s.name, s.telephone, initialsOf(s.name), s.orgId, earlier(s.checkInTime, first?.checkInTime ?? null), first?.source ?? null, first?.reason ?? null, local.get(s.id) ?? null)
      }
    })()
    this.index.delete(`${account}|${trainId}`)
  }

  /** Whether this console holds the training's roster. */
  prepared(trainId: number): boolean {
    return this.preparedStmt.get(this.account(), trainId) !== undefined
  }

  /** The training's look-up index, built from the cached roster the first time it is needed. */
  private indexOf(trainId: number): DoorIndex {
    const key = `${this.account()}|${trainId}`
    let index = this.index.get(key)
    if (!index) {
      const entries = this.db
        .prepare<[string, number], Pick<RosterRow, 'sign_up_id' | 'name' | 'telephone' | 'initials'>>('SELECT sign_up_id, name, telephone, initials FROM door_roster WHERE account = ? AND train_id = ? ORDER BY sign_up_id')
        .all(this.account(), trainId)
        .map((r) => ({ signUpId: r.sign_up_id, code: String(r.sign_up_id), name: r.name, telephone: r.telephone, initials: r.initials }))
      index = new DoorIndex(entries)
      this.index.set(key, index)
    }
    return index
  }

  private rowsOf(trainId: number, ids: readonly number[]): RosterRow[] {
    if (ids.length === 0) return []
    const rows = this.rowsStmt.all(this.account(), trainId, JSON.stringify(ids))
    const byId = new Map(rows.map((r) => [r.sign_up_id, r]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  private personOf(row: RosterRow): DoorPerson {
    const s = JSON.parse(row.data) as SignUpMember
    return {
      signUpId: row.sign_up_id,
      name: row.name,
      telephone: row.telephone,
      orgName: s.orgName,
      company: s.company,
      checkInTime: earlier(row.server_time, row.local_time),
      queued: row.local_time !== null,
    }
  }

  /**
   * Finds people by what was typed: digits are a sign-up code (报名编号, what the badge's
   * barcode holds: an exact code comes first) or part of a phone number; latin letters
   * are the start of the pinyin initials; anything else is part of the name.
   */
  search(trainId: number, text: string): DoorSearchResult {
    const cached = this.prepared(trainId)
    const query = text.trim().toLowerCase()
    if (!cached || query === '') return { people: [], total: 0, more: false, cached }
    const { hits, total, more } = this.indexOf(trainId).search(query)
    return { people: this.rowsOf(trainId, hits.map((e) => e.signUpId)).map((r) => this.personOf(r)), total, more, cached }
  }

  /** Loads a training's look-up index (the desk opens), so the first keystroke finds it ready; answers how many it holds. */
  warm(trainId: number): number {
    return this.indexOf(trainId).size
  }

  /** The one person a scanned code names, if any (the desk checks them in on Enter). */
  person(trainId: number, signUpId: number): DoorPerson | undefined {
    const [row] = this.rowsOf(trainId, [signUpId])
    return row && this.personOf(row)
  }

  /**
   * Checks a person in: at the server when it answers, else into the outbox — once: a
   * person already checked in here (synced or not) answers 已签到 with that time and
   * queues nothing more.
   */
  async checkIn(trainId: number, signUpId: number, online: boolean): Promise<DoorCheckInOutcome> {
    const known = this.person(trainId, signUpId)
    if (known?.checkInTime) return { signUpId, name: known.name, checkInTime: known.checkInTime, already: true, queued: known.queued }
    const time = consoleTime()
    const key = randomUUID()
    if (online) {
      try {
        const result = (await this.client.callRoute('checkin.door', { trainId, signUpId, checkInTime: time, idempotencyKey: key })) as DoorCheckInResult
        this.accepted(trainId, signUpId, result.checkInTime)
        return { ...result, queued: false }
      } catch (err) {
        if (!isOffline(err)) throw err
      }
    }
    if (!known) throw new AppError(ErrorKey.OFFLINE, NOT_PREPARED)
    // The same key as the attempt above: had it reached the server after all, the replay answers its result.
    this.queue(trainId, signUpId, known.name, time, key)
    return { signUpId, name: known.name, checkInTime: time, already: false, queued: true }
  }

  /**
   * One local transaction: the check-in queued (once per person: the outbox's unique key)
   * and shown. A refusal of this person still listed gives way to the new check-in.
   */
  private queue(trainId: number, signUpId: number, name: string, time: string, key: string): void {
    const account = this.account()
    durable(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO door_outbox (account, train_id, sign_up_id, name, idem_key, check_in_time, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (account, train_id, sign_up_id) DO UPDATE SET name = excluded.name, idem_key = excluded.idem_key, check_in_time = excluded.check_in_time,
             created_at = excluded.created_at, state = 'pending', message = NULL, attempts = 0
           WHERE door_outbox.state = 'refused'`,
        )
        .run(account, trainId, signUpId, name, key, time, Date.now())
      this.db.prepare('UPDATE door_roster SET local_time = coalesce(local_time, ?) WHERE account = ? AND train_id = ? AND sign_up_id = ?').run(time, account, trainId, signUpId)
    })()
  }

  /** The server's answer becomes what this console shows (the earliest time, wherever it was made). */
  private accepted(trainId: number, signUpId: number, time: string, seq?: number): void {
    durable(this.db, () => {
      if (seq !== undefined) this.db.prepare('DELETE FROM door_outbox WHERE seq = ?').run(seq)
      this.db.prepare('UPDATE door_roster SET server_time = ?, local_time = NULL WHERE account = ? AND train_id = ? AND sign_up_id = ?').run(time, this.account(), trainId, signUpId)
    })()
  }

  /** Queued check-ins waiting for the server. */
  pending(): number {
    return (this.db.prepare<[], { n: number }>("SELECT count(*) AS n FROM door_outbox WHERE state = 'pending'").get()?.n ?? 0)
  }

  /**
   * Sends the queued check-ins, each with its own key, until done or the server is out
   * of reach (the OFFLINE error then goes to the gateway's sync, which goes offline). One
   * the server refuses for good (the person's sign-up was cancelled meanwhile) stays
   * with its message and is not sent again.
   */
  async replay(): Promise<void> {
    const next = this.db.prepare<[], QueuedCheckIn>("SELECT * FROM door_outbox WHERE state = 'pending' ORDER BY seq LIMIT 1")
    for (let item = next.get(); item; item = next.get()) {
      durable(this.db, () => this.db.prepare('UPDATE door_outbox SET attempts = attempts + 1 WHERE seq = ?').run(item.seq))()
      try {
        const result = (await this.client.callRoute('checkin.door', {
          trainId: item.train_id,
          signUpId: item.sign_up_id,
          checkInTime: item.check_in_time,
          idempotencyKey: item.idem_key,
        })) as DoorCheckInResult
        if (item.account === this.account()) this.accepted(item.train_id, item.sign_up_id, result.checkInTime, item.seq)
        else durable(this.db, () => this.db.prepare('DELETE FROM door_outbox WHERE seq = ?').run(item.seq))()
      } catch (err) {
        if (isOffline(err) || (err instanceof AppError && err.key === ErrorKey.UNAUTHENTICATED)) throw err
        this.refuse(item, err instanceof Error ? err.message : String(err))
      }
    }
  }

  /** Refused for good: listed with the server's reason, and no longer shown as checked in here. */
  private refuse(item: QueuedCheckIn, message: string): void {
    durable(this.db, () => {
      this.db.prepare("UPDATE door_outbox SET state = 'refused', message = ? WHERE seq = ?").run(message, item.seq)
      this.db
        .prepare('UPDATE door_roster SET local_time = NULL WHERE account = ? AND train_id = ? AND sign_up_id = ? AND local_time = ?')
        .run(item.account, item.train_id, item.sign_up_id, item.check_in_time)
    })()
  }

  /** Check-ins the server refused for good, until the clerk dismisses them. */
  refused(): QueuedRefusal[] {
    return this.db
      // A check-in queued before the queue kept names: the roster's, if it still holds the person.
      .prepare<[], QueuedCheckIn>(
        `SELECT o.*, coalesce(o.name, r.name) AS name FROM door_outbox o
         LEFT JOIN door_roster r ON r.account = o.account AND r.train_id = o.train_id AND r.sign_up_id = o.sign_up_id
         WHERE o.state = 'refused' ORDER BY o.seq`,
      )
      .all()
      .map((r) => ({ kind: this.kind, seq: r.seq, trainId: r.train_id, person: r.name, madeAt: r.created_at, message: r.message ?? '' }))
  }

  dismiss(seq: number): void {
    durable(this.db, () => this.db.prepare("DELETE FROM door_outbox WHERE seq = ? AND state = 'refused'").run(seq))()
  }

  /** The sign-up list of a prepared training, offline: the cached roster with the check-ins known here, filtered and paged like the server's. */
  signUpPage(input: { trainId: number; name?: string; orgId?: number; pageNum?: number; pageSize?: number }): { records: SignUpMember[]; total: number } | undefined {
    if (!this.prepared(input.trainId)) return undefined
    const rows = this.db
      .prepare<[string, number, string, number | null, number | null], RosterRow>(
        "SELECT * FROM door_roster WHERE account = ? AND train_id = ? AND instr(name, ?) > 0 AND (? IS NULL OR org_id = ?) ORDER BY sign_up_id",
      )
      .all(this.account(), input.trainId, input.name ?? '', input.orgId ?? null, input.orgId ?? null)
    const all = rows.map((r) => ({ ...(JSON.parse(r.data) as SignUpMember), checkInTime: earlier(r.server_time, r.local_time) }))
    return paged(all, input)
  }

  /** All sign-ups of a prepared training, offline (the check-in page's counts). */
  allSignUps(trainId: number): SignUpMember[] | undefined {
    return this.signUpPage({ trainId, pageNum: 1, pageSize: Number.MAX_SAFE_INTEGER })?.records
  }

  /** The check-in list of a prepared training, offline: newest first, this console's own unsynced ones among them. */
  checkInPage(input: { trainId: number; name?: string; pageNum?: number; pageSize?: number }): { records: CheckInRecord[]; total: number } | undefined {
    if (!this.prepared(input.trainId)) return undefined
    const rows = this.db
      .prepare<[string, number, string], RosterRow>(
        'SELECT * FROM door_roster WHERE account = ? AND train_id = ? AND instr(name, ?) > 0 AND (server_time IS NOT NULL OR local_time IS NOT NULL)',
      )
      .all(this.account(), input.trainId, input.name ?? '')
    const records = rows
      .map((r): CheckInRecord => {
        const s = JSON.parse(r.data) as SignUpMember
        const time = earlier(r.server_time, r.local_time)!
        const local = r.server_time === null || time !== r.server_time
        // Offline there is no check-in id: the sign-up's names the row.
        return { id: r.sign_up_id, signUpId: r.sign_up_id, name: r.name, telephone: r.telephone, orgName: s.orgName, checkInTime: time, source: local ? 'door' : ((r.server_source as CheckInRecord['source'] | null) ?? 'mobile'), reason: local ? null : r.server_reason }
      })
      .sort((a, b) => (a.checkInTime === b.checkInTime ? b.id - a.id : a.checkInTime < b.checkInTime ? 1 : -1))
    return paged(records, input)
  }

  /** Forgets everything of this server (the console moves to another). */
  forget(): void {
    durable(this.db, () => this.db.exec('DELETE FROM door_roster; DELETE FROM door_outbox'))()
    this.index.clear()
  }
}

function paged<T>(all: T[], { pageNum = 1, pageSize = 10 }: { pageNum?: number; pageSize?: number }): { records: T[]; total: number } {
  return { records: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length }
}
