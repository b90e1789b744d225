import type BetterSqlite3 from 'better-sqlite3'

/** Copies of `table`'s row `id`, changed by `vary(i)`, as plain SQL on a database file (a bench's bulk data). */
export function cloneRows(db: BetterSqlite3.Database, table: string, id: number, count: number, vary: (i: number) => Record<string, unknown>): number[] {
  const columns = (db.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((c) => c !== 'id')
  const source = db.prepare(`select * from ${table} where id = ?`).get(id) as Record<string, unknown>
  const insert = db.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`)
  const ids: number[] = []
  db.transaction(() => {
    for (let i = 0; i < count; i++) ids.push(Number(insert.run({ ...Object.fromEntries(columns.map((c) => [c, source[c]])), ...vary(i) }).lastInsertRowid))
  })()
  return ids
}
