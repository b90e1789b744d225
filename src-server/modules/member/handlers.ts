import { callerScope } from '../../auth/scope'
import { signedIn, type DomainHandlers } from '../../http/context'
import { checkMemberImport, commitMemberImport } from './import'
import { listMembers, memberDetail, memberPlan } from './queries'
import { sendImportTemplate, sendMemberExport } from './workbooks'
import { createMember, deleteMember, setMemberEnabled, updateMember } from './writes'

/**
 * Every member call works inside the caller's tree (spec 000 §6): routes naming a member
 * are checked and logged by the route mechanism (scope marker), lists filter by the scope.
 */
export const memberHandlers = {
  'member.list': async (q, ctx) => listMembers(ctx.db, callerScope(ctx), q),
  'member.get': async ({ id }, { db }) => memberDetail(db, id),
  'member.create': async (input, ctx) => memberDetail(ctx.db, await createMember(ctx.db, callerScope(ctx), input)),
  'member.update': async (input, ctx) => {
    await updateMember(ctx.db, callerScope(ctx), input)
    return memberDetail(ctx.db, input.id)
  },
  'member.delete': async ({ id }, { db }) => {
    await deleteMember(db, id)
    return null
  },
  'member.disable': async ({ id }, { db }) => {
    await setMemberEnabled(db, id, false)
    return null
  },
  'member.enable': async ({ id }, { db }) => {
    await setMemberEnabled(db, id, true)
    return null
  },
  'member.importTemplate': async (_input, ctx) => sendImportTemplate(ctx.db, callerScope(ctx), ctx.reply),
  'member.importCheck': async ({ path }, ctx) =>
    checkMemberImport(ctx.db, callerScope(ctx), ctx.options.uploadDir, path, signedIn(ctx).adminId),
  'member.importCommit': async ({ path }, ctx) =>
    commitMemberImport(ctx.db, callerScope(ctx), ctx.options.uploadDir, path, signedIn(ctx).adminId),
  'member.export': async ({ ids, ...filter }, ctx) => {
    // Planned before the download starts, so a bad filter still answers as JSON.
    const plan = await memberPlan(ctx.db, callerScope(ctx), filter)
    return sendMemberExport(ctx.db, { ...plan, ids }, ctx.reply)
  },
} satisfies DomainHandlers<'member'>
