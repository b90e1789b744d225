import type { UnknownRow } from 'kysely'

/**
 * A function that turns a row of values, in the order of `names`, into an object with
 * those keys, written as one object literal (compiled once per statement), so that
 * every row of a statement is created whole with the same shape.
 *
 * Why not the driver's own row objects: better-sqlite3 builds each row from C++ one
 * property at a time, and mapping those to camelCase makes a second object per row.
 * Reading the rows as arrays and building them here cut a member-list request by
 * ≈ 30 µs of CPU (of ≈ 325) on the province data set, measured against the same
 * statements behind a bare route in the same process (issue 16); a loop assigning the
 * keys one by one saved a third of that.
 *
 * SQLite only: on PostgreSQL, pg's rowMode 'array' with the same builder made user info
 * slower (≈ +30 µs a request, measured side by side), so its rows stay pg's objects,
 * renamed by `renamingRowBuilder`.
 *
 * The keys are column names from our own compiled SQL, quoted with JSON.stringify: the
 * generated code holds no data.
 */
export function rowBuilder(names: readonly string[]): (values: readonly unknown[]) => UnknownRow {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`)
  return new Function('v', `return { ${fields.join(', ')} }`) as (values: readonly unknown[]) => UnknownRow
}

/**
 * The same for a row that is already an object, under the driver's column names: one
 * object literal with the camelCase keys (`renames` pairs the two), compiled once per
 * statement. CamelRows does the same renaming key by key, looking each name up and
 * growing the new object one property at a time: for a member's 20 columns that was
 * ≈ 13 µs of a user-info request on PostgreSQL (issue 28).
 */
export function renamingRowBuilder(renames: readonly (readonly [from: string, to: string])[]): (row: UnknownRow) => UnknownRow {
  const fields = renames.map(([from, to]) => `${JSON.stringify(to)}: r[${JSON.stringify(from)}]`)
  return new Function('r', `return { ${fields.join(', ')} }`) as (row: UnknownRow) => UnknownRow
}
