import type { Kysely } from 'kysely'
import { alignForeignKeys } from '../foreign-keys'
import type { SchemaDialect } from '../schema-helpers'

/**
 * Every reference between records becomes a foreign key with the delete action the
 * declaration gives it (src-shared/references.ts, issue 24): an exam's papers A–E and a
 * sitting's paper (refused while used), an organisation's top organisation and a role's
 * owner organisation (refused), an SMS's home page and exam (set null), an idempotency
 * key's account (cascade); an account's role and member now refuse the delete instead of
 * leaving an account without a role or, worse, without its member and so with the whole
 * province as its scope. Rows already pointing at nothing are set to null where the
 * column allows it, deleted otherwise (an exam whose paper A is gone cannot be taken or
 * scored any more). SQLite tables are rebuilt by its documented procedure, indexes,
 * triggers (the ledger figures' of 0014/0015) and id counters kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, d: SchemaDialect): Promise<void> {
  await alignForeignKeys(db, d.name)
}
