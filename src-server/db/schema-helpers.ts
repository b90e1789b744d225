import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely'
import type { DialectName } from './connect'

/**
 * The few places where one schema needs dialect-specific DDL. Migrations call these
 * instead of branching themselves, so each migration reads the same on both dialects.
 */
export interface SchemaDialect {
  name: DialectName
  /** Adds an auto-increment integer primary key `id`. */
  withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>
  /** Integer type for values beyond 2^31: epoch milliseconds, byte sizes (int8 on PostgreSQL). */
  bigInt: 'integer' | 'bigint'
}

export function schemaDialect(name: DialectName): SchemaDialect {
  return {
    name,
    withId: (table) =>
      table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
        name === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
      ),
    bigInt: name === 'postgres' ? 'bigint' : 'integer',
  }
}
