import type { Kysely } from 'kysely'
import type { SchemaDialect } from '../schema-helpers'
import * as foundation from './0001_foundation'
import * as orgMember from './0002_org_member'
import * as accountsLog from './0003_accounts_log'
import * as training from './0004_training'
import * as orgChildrenCount from './0005_org_children_count'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppMigration = { up(db: Kysely<any>, dialect: SchemaDialect): Promise<void> }

/**
 * Every migration, by name. Names sort in the order they run; a new migration is a
 * new numbered file added here, never an edit of one that has shipped.
 */
export const migrations: Record<string, AppMigration> = {
  '0001_foundation': foundation,
  '0002_org_member': orgMember,
  '0003_accounts_log': accountsLog,
  '0004_training': training,
  '0005_org_children_count': orgChildrenCount,
}
