import { z } from 'zod'
import { idParam, pageQuery, requiredText, textFilter } from './common'

/** The send-SMS dialog (spec 001 §3, §5; spec 000 §2: opened from the member list). */
export const SmsRecipientSchema = z.object({ id: idParam.shape.id, name: z.string().optional(), telephone: z.string().optional() })

export const SmsSendSchema = z.object({
  title: requiredText('请输入标题', 20),
  content: requiredText('请输入短信内容', 200),
  /** One of the exams `sms.options` offers (not started or in progress, see docs/decisions.md). */
  examId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number({ error: '请选择考试' }).int('请选择考试').positive('请选择考试')),
  homeId: z.preprocess((v) => (v === '' ? undefined : v), z.number({ error: '请选择首页' }).int('请选择首页').positive('请选择首页')),
  /** The selected members; the server reads their numbers itself and takes only those in the caller's tree. */
  memberList: z.array(SmsRecipientSchema, { error: '未选中任何用户' }).min(1, '未选中任何用户').max(5000, '一次最多发送 5000 条'),
})
export type SmsSend = z.input<typeof SmsSendSchema>

export const SmsSendResultSchema = z.object({
  /** Messages put in the outbox (delivered in the background, retried on failure). */
  queued: z.number().int(),
  /** Members whose message cannot be sent, each with the reason (e.g. 手机号格式错误). */
  invalid: z.array(z.object({ memberId: z.number().int(), name: z.string(), reason: z.string() })),
})

export const SmsOptionsSchema = z.object({
  homes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  exams: z.array(z.object({ id: z.number().int(), title: z.string() })),
})

/** Delivery state of one message in the outbox. */
export const smsStates = { pending: '待发送', sending: '发送中', sent: '已发送', failed: '发送失败', invalid: '无法发送' } as const
export type SmsState = keyof typeof smsStates
const stateKeys = Object.keys(smsStates) as [SmsState, ...SmsState[]]

export const SmsLogQuerySchema = pageQuery.extend({
  name: textFilter,
  telephone: textFilter,
  state: z.enum(stateKeys, { error: '状态无效' }).optional(),
})

export const SmsLogRowSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int().nullable(),
  name: z.string(),
  telephone: z.string(),
  title: z.string(),
  content: z.string(),
  state: z.enum(stateKeys),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
})
export type SmsLogRow = z.infer<typeof SmsLogRowSchema>
