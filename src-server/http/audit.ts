import type { Generated } from 'kysely'
import { nowText } from '../db/time'
import type { Database, Db } from '../db/types'

/** Tables whose rows have a generated numeric `id`: the records a log entry can name. */
export type AuditTable = { [K in keyof Database]: Database[K] extends { id: Generated<number> } ? K : never }[keyof Database]

/** The state of a record as the log shows it; undefined when it does not exist. */
export type Snapshot = () => Promise<object | undefined>

/**
 * One call's operation log (ARCHITECTURE rule 6). The route mechanism writes the entry
 * for every non-GET call and names the record the route declares (route-records.ts),
 * capturing it before and after; a handler only says who acts on a sign-in (`actor`) and
 * that an idempotent write was answered without a change (`unchanged`).
 */
export interface Audit {
  /** The call is about to change or delete this record: its state now is "before". */
  changing(table: AuditTable, id: number, snapshot?: Snapshot): Promise<void>
  /** The call created this record: there is no "before". */
  created(table: AuditTable, id: number, snapshot?: Snapshot): void
  /** Who acts on a public route (the sign-in names the account being signed in to). */
  actor(name: string): void
  /**
   * The call answered without changing what it names (a replayed save answering its stored
   * result, a conflict to ask about): its entry keeps no values, and a copy of a write
   * applied meanwhile by another call does not log that one's change a second time.
   */
  unchanged(): void
}

/**
 * Words that mark a key whose value never reaches the log: passwords, their hashes,
 * tokens, secrets, captcha answers. Matched as whole words of the key, so a password
 * field in any spelling (pwd, oldPassword, new_password, pwdHash) is hidden while
 * passLine (及格线) or secretary (书记) are not.
 */
const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'token', 'secret', 'secrets', 'hash', 'salt', 'checkcode'])

/** The key's words, lower case: camelCase, snake_case and digits split (`checkCode2` → check, code). */
const keyWords = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)

export function isSecretKey(key: string): boolean {
  const words = keyWords(key)
  return words.some((word, i) => SECRET_WORDS.has(word) || SECRET_WORDS.has(word + (words[i + 1] ?? '')))
}
export const REDACTED = '[已隐藏]'
export const REDACTED_CHANGED = '[已隐藏，已修改]'

function redactDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDeep)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : redactDeep(v)]))
}

/**
 * Before and after with secret values replaced. A secret that changed says so in
 * "after" (e.g. a new password) without showing either value.
 */
export function redactPair(before: object | undefined, after: object | undefined): { before: unknown; after: unknown } {
  const redactedAfter = redactDeep(after) as Record<string, unknown> | undefined
  if (before && after && redactedAfter) {
    for (const [key, value] of Object.entries(after)) {
      if (isSecretKey(key) && JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[key])) {
        redactedAfter[key] = REDACTED_CHANGED
      }
    }
  }
  return { before: redactDeep(before), after: redactedAfter }
}

/** The row as stored, read through the typed builder (every AuditTable has `id`). */
function rowSnapshot(db: Db, table: AuditTable, id: number): Snapshot {
  // The cast only narrows the union for the builder's types; the query is the same for each table.
  return () => db.selectFrom(table as 'admin').selectAll().where('id', '=', id).executeTakeFirst()
}

interface Tracked {
  table: AuditTable
  id: number
  before: object | undefined
  snapshot: Snapshot
}

export interface AuditOutcome {
  route: string
  actor: { id: number; name: string } | null
  ip: string
  ok: boolean
  message: string | null
}

const toJson = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value))

/** What one call's trail has collected, shared by its views (see `within`). */
interface TrailState {
  tracked: Tracked[]
  actorName: string | null
  unchanged: boolean
}

/** One call's trail: collects what the handler names, then writes the entries. */
export class AuditTrail implements Audit {
  constructor(
    private readonly db: Db,
    private readonly state: TrailState = { tracked: [], actorName: null, unchanged: false },
  ) {}

  /**
   * The same trail reading the records and writing the entries through `db`: the write's
   * transaction (write-transaction.ts), so the log entry of a successful call commits with
   * it. A refused call's entry is written through the trail itself, after the rollback.
   */
  within(db: Db): AuditTrail {
    return new AuditTrail(db, this.state)
  }

  private get tracked(): Tracked[] {
    return this.state.tracked
  }

  async changing(table: AuditTable, id: number, snapshot = rowSnapshot(this.db, table, id)): Promise<void> {
    // Named twice (by the mechanism for a scoped route, then by the handler): the first "before" stands.
    if (this.tracked.some((t) => t.table === table && t.id === id)) return
    this.tracked.push({ table, id, before: await snapshot(), snapshot })
  }

  created(table: AuditTable, id: number, snapshot = rowSnapshot(this.db, table, id)): void {
    if (this.tracked.some((t) => t.table === table && t.id === id)) return
    this.tracked.push({ table, id, before: undefined, snapshot })
  }

  actor(name: string): void {
    this.state.actorName = name
  }

  unchanged(): void {
    this.state.unchanged = true
  }

  /** Whether a public call has said who acts (the sign-in, once its name is read). */
  hasActor(): boolean {
    return this.state.actorName !== null
  }

  /**
   * Writes one entry per named record (one without a record when none was named).
   * A refused call, or one answered unchanged, keeps no values: nothing changed.
   */
  async write(outcome: AuditOutcome): Promise<void> {
    const base = {
      adminId: outcome.actor?.id ?? null,
      adminName: outcome.actor?.name ?? this.state.actorName,
      route: outcome.route,
      module: outcome.route.split('.')[0],
      ok: outcome.ok ? 1 : 0,
      message: outcome.message?.slice(0, 500) ?? null,
      ip: outcome.ip,
      createdAt: nowText(),
    }
    // A record named but never there (a batch's missing id) was not changed: it gets no entry.
    const states = await Promise.all(this.tracked.map(async (t) => ({ ...t, after: outcome.ok ? await t.snapshot() : undefined })))
    const changed = states.filter((t) => t.before !== undefined || t.after !== undefined)
    if (!outcome.ok || this.state.unchanged || changed.length === 0) {
      const first = this.tracked[0]
      await this.db
        .insertInto('operationLog')
        .values({ ...base, recordTable: first?.table ?? null, recordId: first?.id ?? null, before: null, after: null })
        .execute()
      return
    }
    const rows = changed.map((t) => {
      const { before, after } = redactPair(t.before, t.after)
      return { ...base, recordTable: t.table, recordId: t.id, before: toJson(before), after: toJson(after) }
    })
    await this.db.insertInto('operationLog').values(rows).execute()
  }
}
