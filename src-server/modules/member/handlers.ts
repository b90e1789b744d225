import { callerScope } from '../../auth/scope'
import { signedIn, type DomainHandlers } from '../../http/context'
import { commitRoster, importCheckReport } from './import'
import { listMembers, memberDetail, memberPlan } from './queries'
import { sendImportTemplate, sendMemberExport } from './workbooks'
import { createMember, deleteMember, setMemberEnabled, updateMember } from './writes'

/** Every member call works inside the caller's tree (spec 000 §6). */
export const memberHandlers = {
  'member.list': async (q, ctx) => listMembers(ctx.db, callerScope(ctx), q),
  'member.get': async ({ id }, ctx) => memberDetail(ctx.db, callerScope(ctx), id),
  'member.create': async (input, ctx) => {
    const scope = callerScope(ctx)
    const id = await createMember(ctx.db, scope, input)
    ctx.audit.created('member', id)
    return memberDetail(ctx.db, scope, id)
  },
  'member.update': async (input, ctx) => {
    const scope = callerScope(ctx)
    await ctx.audit.changing('member', input.id)
    await updateMember(ctx.db, scope, input)
    return memberDetail(ctx.db, scope, input.id)
  },
  'member.delete': async ({ id }, ctx) => {
    await ctx.audit.changing('member', id)
    await deleteMember(ctx.db, callerScope(ctx), id)
    return null
  },
  'member.disable': async ({ id }, ctx) => {
    await ctx.audit.changing('member', id)
    await setMemberEnabled(ctx.db, callerScope(ctx), id, false)
    return null
  },
  'member.enable': async ({ id }, ctx) => {
    await ctx.audit.changing('member', id)
    await setMemberEnabled(ctx.db, callerScope(ctx), id, true)
    return null
  },
  'member.importTemplate': async (_input, ctx) => sendImportTemplate(ctx.db, callerScope(ctx), ctx.reply),
  'member.importCheck': async ({ path }, ctx) =>
    importCheckReport(ctx.db, callerScope(ctx), ctx.options.uploadDir, path, signedIn(ctx).adminId),
  'member.importCommit': async ({ path }, ctx) =>
    commitRoster(ctx.db, callerScope(ctx), ctx.options.uploadDir, path, signedIn(ctx).adminId),
  'member.export': async (filter, ctx) => {
    // Planned before the download starts, so a bad filter still answers as JSON.
    const plan = await memberPlan(ctx.db, callerScope(ctx), filter)
    return sendMemberExport(ctx.db, plan, ctx.reply)
  },
} satisfies DomainHandlers<'member'>
