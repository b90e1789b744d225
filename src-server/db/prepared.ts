import { sql, type Compilable, type CompiledQuery, type Expression, type UnknownRow } from 'kysely'
import type { Db } from './types'

/** Stands for a named parameter while a query is compiled; found again among the parameters by identity. */
class Slot {
  constructor(readonly name: string) {}
}

/** Expressions standing for a prepared query's parameters: put them where the values go. */
export type QueryParams<P> = { readonly [K in keyof P]-?: Expression<Exclude<P[K], undefined>> }

/** Values as the expressions a query builder shared with a prepared query expects, for a query built the ordinary way. */
export function valuesAsParams<P extends Record<string, unknown>>(values: P): QueryParams<P> {
  return new Proxy({} as QueryParams<P>, { get: (_target, name) => sql.val(values[String(name)]) })
}

interface CompiledOnce<R> {
  query: CompiledQuery<R>
  /** The parameter list of one execution: fixed values as compiled, slots from `values`. */
  parameters(values: Record<string, unknown>): unknown[]
}

/**
 * Names for the texts of prepared queries, so PostgreSQL can keep them as prepared
 * statements (parsed and planned once per connection; see pg-statements.ts). Only these
 * texts get a name: there are as many as the code has prepared query shapes, while
 * ordinary queries (IN lists of any length …) would grow the server's statements
 * without bound. Compiled SQL only, never data.
 */
const statementNames = new Map<string, string>()

/** The prepared statement name of a prepared query's text, or undefined for any other query. */
export function statementNameOf(text: string): string | undefined {
  return statementNames.get(text)
}

function compileOnce<P, R>(db: Db, build: (db: Db, params: QueryParams<P>) => Compilable<R>): CompiledOnce<R> {
  const params = new Proxy({} as QueryParams<P>, { get: (_target, name) => sql.val(new Slot(String(name))) })
  const query = build(db, params).compile()
  if (!statementNames.has(query.sql)) statementNames.set(query.sql, `prepared_${statementNames.size + 1}`)
  const slots = query.parameters.map((value) => (value instanceof Slot ? value.name : null))
  return {
    query,
    parameters: (values) => slots.map((name, i) => (name === null ? query.parameters[i] : values[name])),
  }
}

/**
 * Runs a prepared query's text straight on the database's driver, with its rows as
 * Kysely would give them (camelCase keys, as the database's CamelRows plugin maps
 * them); undefined when it must go through Kysely after all (SQLite inside a
 * transaction: Kysely queues it behind that).
 */
export type DirectRun = (sql: string, parameters: readonly unknown[]) => Promise<UnknownRow[]> | undefined

const directRuns = new WeakMap<Db, DirectRun>()

/**
 * Lets the prepared queries of `db` skip Kysely's executor (connection provider, mutex,
 * plugin chain: as much CPU as the queries themselves on the hot paths, issue 16).
 */
export function runPreparedDirectly(db: Db, run: DirectRun): void {
  directRuns.set(db, run)
}

/**
 * Prepared queries of `db` are compiled once, as those of `like`: a transaction of it
 * (same dialect, same plugins), so a write's transaction does not compile them anew.
 */
const compiledLike = new WeakMap<Db, Db>()

export function compileAs(db: Db, like: Db): void {
  compiledLike.set(db, like)
}

/** The same, for queries whose form depends on a few choices (which filters are set): one compiled query per combination. */
export interface PreparedQueryFamily<S, P, R> {
  rows(db: Db, shape: S, values: P): Promise<R[]>
  first(db: Db, shape: S, values: P): Promise<R | undefined>
}

export interface PreparedQuery<P, R> {
  /** Every row for these parameter values. */
  rows(db: Db, values: P): Promise<R[]>
  /** The first row, or undefined. */
  first(db: Db, values: P): Promise<R | undefined>
}

/**
 * A query built and compiled by Kysely once per database, then run with new values.
 * On the hot read paths (every request's session, the list pages) building and
 * compiling a join costs more than the database takes to answer it: ≈130 µs against
 * ≈100 µs for a member page on SQLite, measured. `build` gets expressions standing for
 * the parameters; everything else in it is fixed when first compiled, so it must not
 * depend on anything but `db` and those parameters.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (db: Db, params: QueryParams<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  const family = preparedQueryFamily<Record<string, boolean>, P, R>((db, params) => build(db, params))
  return { rows: (db, values) => family.rows(db, {}, values), first: (db, values) => family.first(db, {}, values) }
}

/**
 * `preparedQuery` for a query whose form depends on `shape`, a record of flags: each
 * combination is compiled once (there are only as many as the code has branches).
 */
export function preparedQueryFamily<S extends Record<string, boolean>, P extends Record<string, unknown>, R>(
  build: (db: Db, params: QueryParams<P>, shape: S) => Compilable<R>,
): PreparedQueryFamily<S, P, R> {
  const compiled = new WeakMap<Db, Map<string, CompiledOnce<R>>>()
  const rows = async (db: Db, shape: S, values: P): Promise<R[]> => {
    const compiler = compiledLike.get(db) ?? db
    let forDb = compiled.get(compiler)
    if (!forDb) {
      forDb = new Map()
      compiled.set(compiler, forDb)
    }
    // The names of the flags set: a key a request makes without building arrays.
    let key = ''
    for (const flag in shape) if (shape[flag]) key += `${flag},`
    let once = forDb.get(key)
    if (!once) {
      once = compileOnce(compiler, (d, params: QueryParams<P>) => build(d, params, shape))
      forDb.set(key, once)
    }
    const parameters = once.parameters(values)
    const pending = directRuns.get(db)?.(once.query.sql, parameters)
    if (pending) return (await pending) as R[]
    const query: CompiledQuery<R> = { ...once.query, parameters }
    return (await db.executeQuery(query)).rows
  }
  return { rows, first: async (db, shape, values) => (await rows(db, shape, values))[0] }
}
