import { callerScope } from '../../auth/scope'
import type { DomainHandlers } from '../../http/context'
import { childrenOf, departmentsOf, listOrgs, orgDetail, searchOrgs } from './queries'
import { createOrg, deleteOrg, updateOrg } from './writes'

/** Every organisation call works inside the caller's tree (spec 000 §6). */
export const orgHandlers = {
  'org.list': async (q, ctx) => listOrgs(ctx.db, callerScope(ctx), q),
  'org.children': async (q, ctx) => childrenOf(ctx.db, callerScope(ctx), q),
  'org.search': async ({ name, limit }, ctx) => searchOrgs(ctx.db, callerScope(ctx), name, limit),
  'org.get': async ({ id }, ctx) => orgDetail(ctx.db, callerScope(ctx), id),
  'org.create': async (input, ctx) => {
    const scope = callerScope(ctx)
    const id = await createOrg(ctx.db, scope, input)
    ctx.audit.created('org', id)
    return orgDetail(ctx.db, scope, id)
  },
  'org.update': async (input, ctx) => {
    const scope = callerScope(ctx)
    await ctx.audit.changing('org', input.id)
    await updateOrg(ctx.db, scope, input)
    return orgDetail(ctx.db, scope, input.id)
  },
  'org.delete': async ({ id }, ctx) => {
    await ctx.audit.changing('org', id)
    await deleteOrg(ctx.db, callerScope(ctx), id)
    return null
  },
  'department.all': async ({ name }, ctx) => departmentsOf(ctx.db, callerScope(ctx), name),
} satisfies DomainHandlers<'org'> & DomainHandlers<'department'>
