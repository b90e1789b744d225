import { sql, type Kysely } from 'kysely'

/** A row trigger with one body for both dialects (statements without their semicolons). */
export interface RowTrigger {
  name: string
  table: string
  timing: 'BEFORE' | 'AFTER'
  event: string
  when?: string
  body: string[]
}

/** Creates `t` on SQLite, or on PostgreSQL as a plpgsql function of the same name and its trigger. */
export async function createRowTrigger(db: Kysely<unknown>, pg: boolean, t: RowTrigger): Promise<void> {
  if (!pg) {
    await sql
      .raw(`CREATE TRIGGER ${t.name} ${t.timing} ${t.event} ON ${t.table} FOR EACH ROW ${t.when ? `WHEN ${t.when}` : ''}
      BEGIN ${t.body.map((s) => `${s};`).join('\n')} END`)
      .execute(db)
    return
  }
  // A BEFORE trigger returns the row to let the write go on; an AFTER trigger's result is ignored.
  const result = t.timing === 'AFTER' ? 'NULL' : t.event === 'DELETE' ? 'OLD' : 'NEW'
  await sql
    .raw(`CREATE FUNCTION ${t.name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${t.body.map((s) => `${s};`).join('\n')} RETURN ${result}; END $$`)
    .execute(db)
  await sql
    .raw(`CREATE TRIGGER ${t.name} ${t.timing} ${t.event} ON ${t.table} FOR EACH ROW ${t.when ? `WHEN (${t.when})` : ''} EXECUTE FUNCTION ${t.name}()`)
    .execute(db)
}

/** The organisations on a path (`/1/7/23/`: 1, 7, 23) as a FROM item `alias` with column `value`. */
export function pathAncestors(pg: boolean, path: string, alias: string): string {
  return pg
    ? `unnest(string_to_array(rtrim(ltrim(${path}, '/'), '/'), '/')::int[]) AS ${alias}(value)`
    : `json_each('[' || replace(rtrim(ltrim(${path}, '/'), '/'), '/', ',') || ']') AS ${alias}`
}
