import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely'

/**
 * Kysely's CamelCasePlugin with the column names of result rows turned into camelCase
 * once per name instead of once per value: the plugin works each name out again,
 * character by character, for every column of every row (3 % of a member-list
 * request's CPU in the profile of issue 16). A row holding an object or array (JSON,
 * dates) is mapped by the plugin itself, nested keys and all, exactly as before.
 */
export class CamelRows extends CamelCasePlugin {
  readonly #names = new Map<string, string>()

  override async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { rows } = args.result
    return Array.isArray(rows) ? { ...args.result, rows: this.rowsOf(rows) } : args.result
  }

  /** Rows as the driver gives them (snake_case columns) as the plugin gives them. */
  rowsOf(rows: readonly UnknownRow[]): UnknownRow[] {
    return rows.map((row) => this.rowOf(row))
  }

  /** The name the plugin gives a column of a result row. */
  nameOf(column: string): string {
    let name = this.#names.get(column)
    if (name === undefined) this.#names.set(column, (name = this.camelCase(column)))
    return name
  }

  private rowOf(row: UnknownRow): UnknownRow {
    const mapped: UnknownRow = {}
    for (const key of Object.keys(row)) {
      const value = row[key]
      if (typeof value === 'object' && value !== null) return this.mapRow(row)
      mapped[this.nameOf(key)] = value
    }
    return mapped
  }
}
