import { sql } from 'kysely'
import { routes, type RouteName } from '../../../src-shared/api'
import type { RouteDef } from '../../../src-shared/contract'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { recordKinds } from '../../../src-shared/references'
import { assertInScope } from '../../auth/scope'
import { deleteImpact } from '../../db/delete-impact'
import { authorize } from '../../http/authorize'
import { signedIn, type DomainHandlers } from '../../http/context'

export const referenceHandlers = {
  /** Asked with the permission and data scope of the route that would delete the records: it tells nobody more than that route would. */
  'references.impact': async ({ table, ids }, ctx) => {
    const user = signedIn(ctx)
    const kind = recordKinds[table]
    const deleting: RouteDef = routes[kind.deletedBy as RouteName]
    authorize(deleting.access, user)
    if (deleting.scope) for (const id of ids) await assertInScope(ctx.db, user, deleting.scope, id)
    const scopedBy = 'scopedBy' in kind ? kind.scopedBy : null
    const found = await sql<{ parent: number | null }>`SELECT ${scopedBy ? sql.ref(scopedBy.column) : sql`NULL`} AS parent FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(ctx.db)
    const missing = new AppError(ErrorKey.NOT_FOUND, `${kind.noun}不存在`)
    if (found.rows.length !== ids.length) throw missing
    // Outside the caller's tree reads as absent, as on the route that deletes it.
    if (scopedBy) {
      for (const { parent } of found.rows) {
        await assertInScope(ctx.db, user, scopedBy.resource, Number(parent)).catch((err: unknown) =>
          Promise.reject(err instanceof AppError && err.key === ErrorKey.NOT_FOUND ? missing : err),
        )
      }
    }
    return deleteImpact(ctx.db, table, ids)
  },
} satisfies DomainHandlers<'references'>
