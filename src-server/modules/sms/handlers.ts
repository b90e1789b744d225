import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { FilterDef } from '../../../src-shared/resource'
import { mobile } from '../../../src-shared/schemas/common'
import { SmsLogQuerySchema } from '../../../src-shared/schemas/sms'
import { callerScope } from '../../auth/scope'
import { nowText } from '../../db/time'
import { signedIn, type DomainHandlers } from '../../http/context'
import { applyFilters, paginate } from '../../http/resource-handlers'
import { membersInScope } from '../system/admins'
import { outboxOf } from './outbox'

const { name, telephone, state } = SmsLogQuerySchema.shape
const logFilters = {
  name: { schema: name, match: 'contains', label: '姓名' },
  telephone: { schema: telephone, match: 'prefix', label: '手机号' },
  state: { schema: state, match: 'equals', label: '状态' },
} satisfies Record<string, FilterDef>

/** Send SMS to selected members through the outbox, and its send log (spec 001 §3, §5, §7). */
export const smsHandlers = {
  'sms.options': async (_input, { db }) => ({
    homes: await db.selectFrom('home').select(['id', 'name']).orderBy('status', 'desc').orderBy('id', 'desc').execute(),
    // Exams (status 4) come with the exam module; until then there is none to choose.
    exams: [],
  }),

  'sms.send': async ({ title, content, homeId, examId, memberList }, ctx) => {
    const { db } = ctx
    if (!(await db.selectFrom('home').select('id').where('id', '=', homeId).executeTakeFirst())) {
      throw new AppError(ErrorKey.VALIDATION, '所选首页不存在', [{ path: 'homeId', message: '所选首页不存在' }])
    }
    if (examId !== null) throw new AppError(ErrorKey.VALIDATION, '所选考试不存在', [{ path: 'examId', message: '所选考试不存在' }])
    const ids = [...new Set(memberList.map((m) => m.id))]
    // The numbers are read from the records, and only members of the caller's tree are reached.
    const members = await db
      .selectFrom('member')
      .select(['id', 'name', 'telephone'])
      .where('id', 'in', membersInScope(db, callerScope(ctx)))
      .where('id', 'in', ids)
      .execute()
    const found = new Set(members.map((m) => m.id))
    const invalid = ids.filter((id) => !found.has(id)).map((memberId) => ({ memberId, name: `编号 ${memberId}`, reason: '党员不存在' }))
    const now = nowText()
    const rows = members.map((m) => {
      const wrongNumber = !mobile.safeParse(m.telephone).success
      if (wrongNumber) invalid.push({ memberId: m.id, name: m.name, reason: '手机号格式错误' })
      return {
        memberId: m.id, name: m.name, telephone: m.telephone, title, content, homeId, examId,
        state: wrongNumber ? 'invalid' : 'pending', lastError: wrongNumber ? '手机号格式错误' : null,
        nextAttemptAt: Date.now(), createdBy: signedIn(ctx).adminId, createTime: now, updatedAt: now,
      }
    })
    if (rows.length > 0) await db.insertInto('smsMessage').values(rows).execute()
    outboxOf(db).kick()
    return { queued: rows.filter((r) => r.state === 'pending').length, invalid }
  },

  'sms.list': async (input, ctx) => {
    const scope = callerScope(ctx)
    let query = ctx.db.selectFrom('smsMessage')
    if (!scope.superUser) query = query.where('memberId', 'in', membersInScope(ctx.db, scope))
    return paginate(
      applyFilters(query, 'smsMessage', logFilters, input),
      (q) =>
        q
          .select(['id', 'memberId', 'name', 'telephone', 'title', 'content', 'state', 'attempts', 'lastError', 'createTime', 'sentTime'])
          .orderBy('id', 'desc'),
      input,
    )
  },
} satisfies DomainHandlers<'sms'>
