import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { FilterDef } from '../../../src-shared/resource'
import { ExamType } from '../../../src-shared/schemas/exam'
import { SmsLogQuerySchema } from '../../../src-shared/schemas/sms'
import { callerScope } from '../../auth/scope'
import { nowText } from '../../db/time'
import { signedIn, type DomainHandlers, type RequestContext } from '../../http/context'
import { applyFilters } from '../../http/resource-handlers'
import { scopeIds } from '../../scope/kinds'
import { visibleTrains } from '../training/host'
import { queueSms } from './queue'
import { configuredProvider, mayConfigure, saveSmsSetting, smsSettingView, testSmsSetting } from './settings'
import { onePage } from '../../db/paging'

const { name, telephone, state } = SmsLogQuerySchema.shape
const logFilters = {
  name: { schema: name, match: 'contains', label: '姓名' },
  telephone: { schema: telephone, match: 'prefix', label: '手机号' },
  state: { schema: state, match: 'equals', label: '状态' },
} satisfies Record<string, FilterDef>

/**
 * The exams an SMS may announce (spec 001 §4 "status 4"; this build's statuses are 0–3):
 * exams, not questionnaires, of the caller's trainings that members can still sit, i.e.
 * not started or in progress — neither ended nor closed by hand.
 */
async function smsExams(ctx: RequestContext) {
  return (await visibleTrains(ctx.db, signedIn(ctx)))
    .innerJoin('exam', 'exam.trainId', 'train.id')
    .select(['exam.id', 'exam.title'])
    .where('exam.type', '=', ExamType.EXAM)
    .where('exam.closed', '=', 0)
    .where('exam.endTime', '>', nowText())
}

/** Send SMS to selected members through the outbox, and its send log (spec 001 §3, §5, §7). */
export const smsHandlers = {
  'sms.options': async (_input, ctx) => ({
    homes: await ctx.db.selectFrom('home').select(['id', 'name']).orderBy('status', 'desc').orderBy('id', 'desc').execute(),
    exams: await (await smsExams(ctx)).orderBy('exam.startTime').orderBy('exam.id').execute(),
  }),

  'sms.status': async (_input, ctx) => {
    const provider = await configuredProvider(ctx.db)
    return { configured: provider !== null, provider, canConfigure: mayConfigure(ctx) }
  },

  'sms.send': async ({ title, content, homeId, examId, memberList }, ctx) => {
    const { db } = ctx
    if (!(await db.selectFrom('home').select('id').where('id', '=', homeId).executeTakeFirst())) {
      throw new AppError(ErrorKey.VALIDATION, '所选首页不存在', [{ path: 'homeId', message: '所选首页不存在' }])
    }
    if (!(await (await smsExams(ctx)).where('exam.id', '=', examId).executeTakeFirst())) {
      throw new AppError(ErrorKey.VALIDATION, '所选考试不存在', [{ path: 'examId', message: '所选考试不存在' }])
    }
    return queueSms(ctx, { title, content, homeId, examId }, memberList.map((m) => m.id))
  },

  'sms.list': async (input, ctx) => {
    const scope = callerScope(ctx)
    let query = ctx.db.selectFrom('smsMessage')
    if (!scope.superUser) query = query.where('memberId', 'in', scopeIds.member(ctx.db, scope))
    const filtered = applyFilters(query, 'smsMessage', logFilters, input)
    return onePage(
      filtered
        .select(['id', 'memberId', 'name', 'telephone', 'title', 'content', 'state', 'attempts', 'lastError', 'providerReceipt as providerMessageId', 'createTime', 'sentTime'])
        .orderBy('id', 'desc'),
      filtered,
      input,
    )
  },
} satisfies DomainHandlers<'sms'>

/** 系统管理 → 短信设置 (settings.ts). */
export const smsSettingHandlers = {
  'smsSetting.get': async (_input, ctx) => smsSettingView(ctx),
  'smsSetting.save': saveSmsSetting,
  'smsSetting.test': testSmsSetting,
} satisfies DomainHandlers<'smsSetting'>
