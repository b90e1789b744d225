import { mobile } from '../../../src-shared/schemas/identity'
import type { SmsSendResultSchema } from '../../../src-shared/schemas/sms'
import type { z } from 'zod'
import { callerScope } from '../../auth/scope'
import { nowText } from '../../db/time'
import { signedIn, type RequestContext } from '../../http/context'
import { afterCommit } from '../../http/write-transaction'
import { scopeIds } from '../../scope/kinds'
import { outboxOf, UNCONFIGURED } from './outbox'
import { configuredProvider } from './settings'

export interface SmsText {
  title: string
  content: string
  homeId: number | null
  examId: number | null
}

/**
 * Puts one message per member in the outbox (the send dialog and a notice's 发送 both
 * come here). The numbers are read from the member records, never the client's, and only
 * members of the caller's tree are reached: others are reported as 党员不存在, a wrong
 * number as 手机号格式错误 (kept in the log as 无法发送), never skipped silently. With no
 * SMS provider configured, the messages are recorded as 未发送（未配置短信服务） and counted apart.
 */
export async function queueSms(ctx: RequestContext, text: SmsText, memberIds: readonly number[]): Promise<z.infer<typeof SmsSendResultSchema>> {
  const { db } = ctx
  const ids = [...new Set(memberIds)]
  const members =
    ids.length === 0
      ? []
      : await db.selectFrom('member').select(['id', 'name', 'telephone']).where('id', 'in', scopeIds.member(db, callerScope(ctx))).where('id', 'in', ids).execute()
  const found = new Set(members.map((m) => m.id))
  const invalid = ids.filter((id) => !found.has(id)).map((memberId) => ({ memberId, name: `编号 ${memberId}`, reason: '党员不存在' }))
  const now = nowText()
  const configured = (await configuredProvider(db)) !== null
  const rows = members.map((m) => {
    const wrongNumber = !mobile.safeParse(m.telephone).success
    if (wrongNumber) invalid.push({ memberId: m.id, name: m.name, reason: '手机号格式错误' })
    return {
      memberId: m.id, name: m.name, telephone: m.telephone, ...text,
      state: wrongNumber ? 'invalid' : configured ? 'pending' : 'unsent', lastError: wrongNumber ? '手机号格式错误' : configured ? null : UNCONFIGURED,
      nextAttemptAt: Date.now(), createdBy: signedIn(ctx).adminId, createTime: now, updatedAt: now,
    }
  })
  if (rows.length > 0) await db.insertInto('smsMessage').values(rows).execute()
  // The outbox reads the queue outside this write's transaction: woken once it has committed.
  afterCommit(db, (committed) => outboxOf(committed).kick())
  return { queued: rows.filter((r) => r.state === 'pending').length, unsent: rows.filter((r) => r.state === 'unsent').length, invalid }
}
