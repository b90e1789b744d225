import { sql, type Kysely } from 'kysely'
import { createRowTrigger, pathAncestors, type RowTrigger } from '../row-triggers'
import type { SchemaDialect } from '../schema-helpers'

/**
 * The lowest and highest id of the enabled members of each organisation's subtree, kept
 * in `ledger_org` by triggers beside its member count (migration 0014). The members page
 * of a big subtree reads only that span of ids (ledger.ts, mergedStreams); finding it
 * from the members took a range read of the subtree on every call (8–12 ms for a top
 * organisation of 32 000 members).
 *
 * The span only widens: a member who leaves (disabled, moved, deleted) leaves it as it
 * was. It stays a superset of the subtree's ids, which is all the page needs, and a
 * write never has to look for the next lowest id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  const pg = d.name === 'postgres'
  await db.schema.alterTable('ledger_org').addColumn('first_member_id', 'integer').execute()
  await db.schema.alterTable('ledger_org').addColumn('last_member_id', 'integer').execute()
  const ancestors = (path: string) => pathAncestors(pg, path, 'a')
  await sql.raw(spanFill(pg)).execute(db)
  /** Widens the span of the organisations of a SELECT's rows (org_id, lo, hi), which must have a WHERE (SQLite's upsert). */
  const widen = (select: string) => `INSERT INTO ledger_org (org_id, members, first_member_id, last_member_id) ${select}
    ON CONFLICT (org_id) DO UPDATE SET
      first_member_id = CASE WHEN ledger_org.first_member_id IS NULL OR excluded.first_member_id < ledger_org.first_member_id
        THEN excluded.first_member_id ELSE ledger_org.first_member_id END,
      last_member_id = CASE WHEN ledger_org.last_member_id IS NULL OR excluded.last_member_id > ledger_org.last_member_id
        THEN excluded.last_member_id ELSE ledger_org.last_member_id END`
  // The member count is 0014's triggers' to keep: these add 0 to it, in whichever order the triggers run.
  const widenForMember = widen(`SELECT a.value, 0, NEW.id, NEW.id FROM ${ancestors('NEW.org_path')} WHERE NEW.enabled = 1`)
  const triggers: RowTrigger[] = [
    { name: 'ledger_span_member_insert', table: 'member', timing: 'AFTER', event: 'INSERT', body: [widenForMember] },
    {
      name: 'ledger_span_member_update', table: 'member', timing: 'AFTER', event: 'UPDATE OF org_id, enabled',
      when: 'OLD.org_id <> NEW.org_id OR OLD.enabled <> NEW.enabled',
      body: [widenForMember],
    },
    // An organisation moves with its subtree: its new ancestors take in its span.
    {
      name: 'ledger_span_org_move', table: 'org', timing: 'AFTER', event: 'UPDATE OF parent_id',
      when: 'OLD.parent_id IS DISTINCT FROM NEW.parent_id',
      body: [
        widen(`SELECT a.value, 0, x.first_member_id, x.last_member_id FROM ledger_org x, org p, ${ancestors('p.path')}
          WHERE x.org_id = NEW.id AND x.first_member_id IS NOT NULL AND p.id = NEW.parent_id`),
      ],
    },
  ]
  for (const t of triggers) await createRowTrigger(db, pg, t)
}

/** Sets every organisation's span from its subtree's enabled members (a bulk load uses it too: seed/bulk-load.ts). */
export function spanFill(pg: boolean): string {
  return `UPDATE ledger_org SET first_member_id = s.lo, last_member_id = s.hi FROM (
      SELECT a.value AS org_id, min(p.lo) AS lo, max(p.hi) AS hi
      FROM (SELECT org_path, min(id) AS lo, max(id) AS hi FROM member WHERE enabled = 1 GROUP BY org_path) AS p, ${pathAncestors(pg, 'p.org_path', 'a')}
      GROUP BY a.value) AS s
    WHERE ledger_org.org_id = s.org_id`
}
