import { sql, type RawBuilder } from 'kysely'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { NAMED_REFERRERS, recordKinds, references, type RecordTable, type Reference, type Referrers } from '../../src-shared/references'
import type { DeleteImpact } from '../../src-shared/schemas/references'
import { isForeignKeyViolation } from './sql-text'
import type { Db } from './types'

/*
 * The one delete path of the server (issue 24): what deleting records takes with it,
 * or why it is refused, worked out from the declared references (src-shared/references.ts).
 * The database's foreign keys do the cascades; this says them before the click and turns
 * a refusal into the declared message instead of a constraint error.
 */

/** Rows of a table reached by a delete: each condition is one path of cascades to them. */
interface Reached {
  cascaded: RawBuilder<unknown>[]
  /** How the confirmation counts them: the first cascade reaching them that says. */
  effect?: (count: number) => string
  nulled: { reference: Reference; where: RawBuilder<unknown> }[]
  refused: { reference: Reference; where: RawBuilder<unknown> }[]
}

const anyOf = (conditions: RawBuilder<unknown>[]) => (conditions.length === 0 ? sql`1 = 0` : sql.join(conditions, sql` OR `))

/** `table.column IN (ids of the deleted rows)`, leaving out the deleted rows themselves (a top organisation names itself). */
function pointingAt(reference: Reference, deleted: RawBuilder<unknown>): RawBuilder<unknown> {
  const into = sql`${sql.ref(`${reference.from}.${reference.column}`)} IN (${deleted})`
  return reference.from === reference.to ? sql`(${into} AND ${sql.ref(`${reference.from}.id`)} NOT IN (${deleted}))` : into
}

/** Walks the declared references from the deleted rows down every cascade. */
function reach(table: string, deleted: RawBuilder<unknown>, into: Map<string, Reached>): void {
  for (const reference of references) {
    if (reference.to !== table) continue
    const where = pointingAt(reference, deleted)
    const entry = into.get(reference.from) ?? { cascaded: [], nulled: [], refused: [] }
    into.set(reference.from, entry)
    if (reference.onDelete === 'refuse') entry.refused.push({ reference, where })
    else if (reference.onDelete === 'set null') entry.nulled.push({ reference, where })
    else {
      entry.cascaded.push(where)
      entry.effect ??= reference.effect
      reach(reference.from, sql`SELECT ${sql.ref(`${reference.from}.id`)} FROM ${sql.table(reference.from)} WHERE ${where}`, into)
    }
  }
}

async function count(db: Db, table: string, where: RawBuilder<unknown>): Promise<number> {
  const row = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db)
  return Number(row.rows[0]?.n ?? 0)
}

export async function labelOf(db: Db, table: RecordTable, ids: readonly number[]): Promise<string> {
  const label = recordKinds[table].label
  if (!label) return recordKinds[table].noun
  const rows = await sql<{ label: string }>`SELECT ${sql.ref(label)} AS label FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(db)
  return rows.rows.map((r) => String(r.label)).join('、')
}

/** The rows of `from` that `where` picks as a refusal names them: the first few by their label column, and how many there are; null when none. */
export async function referrersOf(db: Db, from: string, where: RawBuilder<unknown>, target: () => Promise<string>): Promise<Referrers | null> {
  const n = await count(db, from, where)
  if (n === 0) return null
  const label = (recordKinds as Record<string, { label: string | null }>)[from]?.label
  const names = label
    ? (
        await sql<{ label: string }>`SELECT ${sql.ref(`${from}.${label}`)} AS label FROM ${sql.table(from)} WHERE ${where}
          ORDER BY ${sql.ref(`${from}.id`)} LIMIT ${NAMED_REFERRERS}`.execute(db)
      ).rows.map((r) => String(r.label))
    : []
  return { names, count: n, target: await target() }
}

/** The refusal of deleting `ids` while `where` picks referrers of `reference`. */
async function refusalOf(db: Db, table: RecordTable, ids: readonly number[], reference: Reference & { onDelete: 'refuse' }, where: RawBuilder<unknown>) {
  const referrers = await referrersOf(db, reference.from, where, () => labelOf(db, table, ids))
  return referrers && reference.refusal(referrers)
}

/** What deleting `ids` of `table` would do: the refusal, if any, and what goes with them. */
export async function deleteImpact(db: Db, table: RecordTable, ids: readonly number[]): Promise<DeleteImpact> {
  const reached = new Map<string, Reached>()
  const deleted = sql`${sql.join(ids)}`
  reach(table, deleted, reached)
  for (const [, { refused, cascaded }] of reached) {
    for (const { reference, where } of refused) {
      if (reference.onDelete !== 'refuse') continue
      // A referrer that is itself deleted by the same cascade does not hold the record.
      const held = cascaded.length === 0 ? where : sql`(${where}) AND NOT (${anyOf(cascaded)})`
      const refusal = await refusalOf(db, table, ids, reference, held)
      if (refusal) return { refusal, effects: [], message: refusal }
    }
  }
  const effects: DeleteImpact['effects'] = []
  for (const [from, { cascaded, nulled, effect }] of reached) {
    if (cascaded.length > 0) {
      const n = await count(db, from, anyOf(cascaded))
      if (n > 0) effects.push({ table: from, action: 'cascade', count: n, text: effect ? effect(n) : null })
    }
    for (const { reference, where } of nulled) {
      if (reference.onDelete === 'refuse') continue
      // A row both emptied and deleted is deleted.
      const n = await count(db, from, cascaded.length === 0 ? where : sql`(${where}) AND NOT (${anyOf(cascaded)})`)
      if (n > 0) effects.push({ table: from, action: 'set null', count: n, text: reference.effect ? reference.effect(n) : null })
    }
  }
  return { refusal: null, effects, message: confirmationOf(effects) }
}

/** 将同时删除其 3 条报名记录、2 条考试记录；1 个座位将被空出 — or '' when nothing the user knows goes with it. */
function confirmationOf(effects: DeleteImpact['effects']): string {
  const removed = effects.filter((e) => e.action === 'cascade' && e.text).map((e) => e.text)
  const emptied = effects.filter((e) => e.action === 'set null' && e.text).map((e) => e.text)
  return [removed.length > 0 ? `将同时删除其 ${removed.join('、')}` : '', ...emptied].filter(Boolean).join('；')
}

/**
 * Deletes records as the declaration says: refused with its message while a `refuse`
 * referrer exists, else deleted with the database cascading the rest. Every delete
 * route goes through here; it answers how many rows it deleted.
 */
export async function deleteRecords(db: Db, table: RecordTable, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0
  const { refusal } = await deleteImpact(db, table, ids)
  if (refusal) throw new AppError(ErrorKey.CONFLICT, refusal)
  try {
    const result = await sql`DELETE FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(db)
    return Number(result.numAffectedRows ?? 0)
  } catch (err) {
    // A referrer written between the check and the delete: the foreign key refused it, say why.
    // Inside a transaction PostgreSQL reads nothing more after the error: the general refusal then.
    if (!isForeignKeyViolation(err)) throw err
    const again = db.isTransaction ? null : await deleteImpact(db, table, ids)
    throw new AppError(ErrorKey.CONFLICT, again?.refusal ?? `该${recordKinds[table].noun}正被其他记录使用，不能删除`)
  }
}
