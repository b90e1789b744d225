import { dataScopeOf } from '../../auth/scope'
import { signedIn, type DomainHandlers, type RequestContext } from '../../http/context'
import { childrenOf, departmentsOf, listOrgs, orgDetail, searchOrgs } from './queries'
import { createOrg, deleteOrg, updateOrg } from './writes'

/** Every organisation call works inside the caller's tree (spec 000 §6). */
function scopeOf(ctx: RequestContext) {
  return dataScopeOf(ctx.db, signedIn(ctx))
}

export const orgHandlers = {
  'org.list': async (q, ctx) => listOrgs(ctx.db, await scopeOf(ctx), q),
  'org.children': async (q, ctx) => childrenOf(ctx.db, await scopeOf(ctx), q),
  'org.search': async ({ name, limit }, ctx) => searchOrgs(ctx.db, await scopeOf(ctx), name, limit),
  'org.get': async ({ id }, ctx) => orgDetail(ctx.db, await scopeOf(ctx), id),
  'org.create': async (input, ctx) => {
    const scope = await scopeOf(ctx)
    return orgDetail(ctx.db, scope, await createOrg(ctx.db, scope, input))
  },
  'org.update': async (input, ctx) => {
    const scope = await scopeOf(ctx)
    await updateOrg(ctx.db, scope, input)
    return orgDetail(ctx.db, scope, input.id)
  },
  'org.delete': async ({ id }, ctx) => {
    await deleteOrg(ctx.db, await scopeOf(ctx), id)
    return null
  },
  'department.all': async ({ name }, ctx) => departmentsOf(ctx.db, await scopeOf(ctx), name),
} satisfies DomainHandlers<'org'> & DomainHandlers<'department'>
