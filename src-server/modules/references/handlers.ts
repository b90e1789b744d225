import { sql } from 'kysely'
import { routes, type RouteName } from '../../../src-shared/api'
import type { RouteDef } from '../../../src-shared/contract'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { recordKinds } from '../../../src-shared/references'
import { dataScopeOf } from '../../auth/scope'
import { deleteImpact } from '../../db/delete-impact'
import { authorize } from '../../http/authorize'
import { signedIn, type DomainHandlers } from '../../http/context'
import { assertIdsInScope, assertProvinceLevel } from '../../scope/enforce'

export const referenceHandlers = {
  /** Asked with the permission and data scope of the route that would delete the records: it tells nobody more than that route would. */
  'references.impact': async ({ table, ids }, ctx) => {
    const user = signedIn(ctx)
    const kind = recordKinds[table]
    const deleting: RouteDef = routes[kind.deletedBy as RouteName]
    authorize(deleting.access, user)
    if (deleting.province) assertProvinceLevel(user)
    // Outside the caller's tree reads as absent, as on the route that deletes it.
    const scopeKind = deleting.scope?.id
    if (scopeKind) await assertIdsInScope(ctx.db, dataScopeOf(user), scopeKind, ids)
    const found = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(ctx.db)
    if (found.rows.length !== ids.length) throw new AppError(ErrorKey.NOT_FOUND, `${kind.noun}不存在`)
    return deleteImpact(ctx.db, table, ids)
  },
} satisfies DomainHandlers<'references'>
