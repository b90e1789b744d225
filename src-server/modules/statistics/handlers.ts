import { dataScopeOf } from '../../auth/scope'
import { signedIn, type DomainHandlers, type RequestContext } from '../../http/context'
import { streamWorkbook } from '../../files/xlsx-stream'
import { dashboardSummary, dashboardTrains, yearsWithData } from './dashboard'
import { ledgerColumns, ledgerMemberBatches, ledgerMembers, ledgerMemberTrains, ledgerOrg, ledgerOrgs, readTargets, writeTargets } from './ledger'
import { classTypeStats, departmentStats, statisticTrains, trainMembers } from './statistic'

const scopeOf = (ctx: RequestContext) => dataScopeOf(signedIn(ctx))

export const statisticsHandlers = {
  'dashboard.summary': async (_input, ctx) => dashboardSummary(ctx.db, scopeOf(ctx)),
  'dashboard.trains': async ({ classType, pageNum, pageSize }, ctx) => dashboardTrains(ctx.db, scopeOf(ctx), classType, pageNum, pageSize),

  'statistic.years': async (_input, ctx) => yearsWithData(ctx.db, scopeOf(ctx)),
  'statistic.department': async (filters, ctx) => departmentStats(ctx.db, scopeOf(ctx), filters),
  'statistic.classType': async (filters, ctx) => classTypeStats(ctx.db, scopeOf(ctx), filters),
  'statistic.trains': async ({ pageNum, pageSize, ...filters }, ctx) => statisticTrains(ctx.db, scopeOf(ctx), filters, pageNum, pageSize),
  'statistic.trainMembers': async ({ id, pageNum, pageSize }, ctx) => trainMembers(ctx.db, id, pageNum, pageSize),

  'ledger.targets': async (_input, ctx) => readTargets(ctx.db),
  'ledger.setTargets': async (targets, ctx) => writeTargets(ctx.db, targets),
  'ledger.orgs': async ({ year, parentId }, ctx) => ledgerOrgs(ctx.db, scopeOf(ctx), year, parentId),
  'ledger.members': async (query, ctx) => ledgerMembers(ctx.db, query, await readTargets(ctx.db)),
  'ledger.memberTrains': async ({ id, year }, ctx) => ledgerMemberTrains(ctx.db, id, year),
  'ledger.download': async ({ year, orgId }, ctx) => {
    // Checked before the first byte: a refusal must still be a proper error answer.
    const org = await ledgerOrg(ctx.db, orgId)
    const batches = ledgerMemberBatches(ctx.db, org, year, await readTargets(ctx.db))
    return streamWorkbook(ctx.reply, `学时档案${year}.xlsx`, '学时档案', ledgerColumns, batches)
  },
} satisfies DomainHandlers<'dashboard'> & DomainHandlers<'statistic'> & DomainHandlers<'ledger'>
