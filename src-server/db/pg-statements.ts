import pg from 'pg'
import { statementNameOf } from './prepared'

type AnyQuery = (...args: unknown[]) => unknown

/**
 * A pg client that runs the texts of prepared queries (prepared.ts) as named prepared
 * statements: PostgreSQL then parses and plans them once per connection instead of on
 * every request. Planning a member page took 1.1 ms against 0.2 ms to run it, measured
 * on the province data set. Every other query goes through unchanged.
 */
export class PreparedStatementClient extends pg.Client {
  // pg's overloads cannot be re-declared one by one; the arguments are passed on untouched.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown]
    const name = typeof text === 'string' && Array.isArray(values) ? statementNameOf(text) : undefined
    const query = pg.Client.prototype.query as AnyQuery
    return name === undefined ? query.apply(this, args) : query.call(this, { name, text, values })
  }
}

/**
 * A prepared query's text run as its named statement, handed to pg as a query object of
 * its own: pg copies every plain config object it is given, property by property
 * (`cloneQueryConfig`), ≈ 5 % of a member-list request's CPU on PostgreSQL in the profile
 * of issue 28; a query object is used as it is. Its rows are parsed with the pool's types
 * (pg gives a query object without types of its own the client's).
 */
class NamedQuery extends pg.Query {
  constructor(name: string | undefined, text: string, values: unknown[]) {
    super(text, values)
    ;(this as { name?: string }).name = name
  }
}

/** Runs a prepared query's text on a pool connection (taken and given back as `pool.query` does). */
export function runNamed<R extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  // pool.query's types promise a query object back for one; at run time it answers, as for text, with the result.
  return pool.query(new NamedQuery(statementNameOf(text), text, values)) as unknown as Promise<pg.QueryResult<R>>
}
