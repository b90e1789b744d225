import { callerScope } from '../../auth/scope'
import type { DomainHandlers } from '../../http/context'
import { childrenOf, departmentsOf, listOrgs, orgDetail, searchOrgs } from './queries'
import { createOrg, deleteOrg, updateOrg } from './writes'

/** Every organisation call works inside the caller's tree (spec 000 §6). */
export const orgHandlers = {
  'org.list': async (q, ctx) => listOrgs(ctx.db, callerScope(ctx), q),
  'org.children': async (q, ctx) => childrenOf(ctx.db, callerScope(ctx), q),
  'org.search': async ({ name, limit }, ctx) => searchOrgs(ctx.db, callerScope(ctx), name, limit),
  'org.get': async ({ id }, { db }) => orgDetail(db, id),
  'org.create': async (input, ctx) => orgDetail(ctx.db, await createOrg(ctx.db, callerScope(ctx), input)),
  'org.update': async (input, ctx) => {
    await updateOrg(ctx.db, callerScope(ctx), input)
    return orgDetail(ctx.db, input.id)
  },
  'org.delete': async ({ id }, ctx) => {
    await deleteOrg(ctx.db, callerScope(ctx), id)
    return null
  },
  'department.all': async ({ name }, ctx) => departmentsOf(ctx.db, callerScope(ctx), name),
} satisfies DomainHandlers<'org'> & DomainHandlers<'department'>
