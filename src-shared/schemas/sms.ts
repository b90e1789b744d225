import { z } from 'zod'
import { idParam, optionalText, pageQuery, requiredText, text, textFilter } from './common'
import { mobile } from './identity'

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
  /** Messages put in the outbox for the provider (delivered in the background, retried on failure). */
  queued: z.number().int(),
  /** Messages recorded but not sent because no SMS provider is configured (未发送（未配置短信服务）). */
  unsent: z.number().int(),
  /** Members whose message cannot be sent, each with the reason (e.g. 手机号格式错误). */
  invalid: z.array(z.object({ memberId: z.number().int(), name: z.string(), reason: z.string() })),
})

export const SmsOptionsSchema = z.object({
  homes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  exams: z.array(z.object({ id: z.number().int(), title: z.string() })),
})

/**
 * Delivery state of one message in the outbox, as what really happened: 已发送 only once
 * a provider accepted it (its message id is kept); 未发送 when no provider is configured.
 */
export const smsStates = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  invalid: '无法发送',
  unsent: '未发送（未配置短信服务）',
} as const
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
  /** The provider's id of the accepted message. */
  providerMessageId: z.string().nullable(),
  createTime: z.string(),
  sentTime: z.string().nullable(),
})
export type SmsLogRow = z.infer<typeof SmsLogRowSchema>

/** What the send dialogs show before sending: whether messages will go out, and whether the caller may configure them. */
export const SmsStatusSchema = z.object({
  configured: z.boolean(),
  /** The provider's name (阿里云短信 …), null when none is configured. */
  provider: z.string().nullable(),
  /** The caller may change 短信设置 (permission 804 and a scope at the root). */
  canConfigure: z.boolean(),
})
export type SmsStatus = z.infer<typeof SmsStatusSchema>

/** The providers the server implements (sms/provider.ts); `none` sends nothing. */
export const smsProviders = { none: '不发送（未配置）', aliyun: '阿里云短信', http: 'HTTP 短信网关' } as const
export type SmsProviderKey = keyof typeof smsProviders
const providerKeys = Object.keys(smsProviders) as [SmsProviderKey, ...SmsProviderKey[]]

/** A key typed in the settings form: blank keeps the one saved. */
const keyInput = text().trim().max(200, '最多 200 个字').nullish().transform((v) => v || undefined)

/**
 * 短信设置 as saved. The keys are write-only: blank keeps the saved one. Which fields a
 * provider needs is checked on the server, where the saved keys are known.
 */
export const SmsSettingSaveSchema = z.object({
  provider: z.enum(providerKeys, { error: '请选择短信服务' }),
  accessKeyId: keyInput,
  accessKeySecret: keyInput,
  signName: optionalText(30),
  templateCode: optionalText(50),
  gatewayUrl: optionalText(500).refine((v) => !v || /^https?:\/\/[^\s/]+/i.test(v), '请输入以 http:// 或 https:// 开头的网关地址'),
  gatewayToken: keyInput,
})
export type SmsSettingSave = z.input<typeof SmsSettingSaveSchema>

/** 短信设置 as the console sees it: the keys only as 已设置 or not. */
export const SmsSettingSchema = z.object({
  provider: z.enum(providerKeys),
  signName: z.string().nullable(),
  templateCode: z.string().nullable(),
  gatewayUrl: z.string().nullable(),
  accessKeyIdSet: z.boolean(),
  accessKeySecretSet: z.boolean(),
  gatewayTokenSet: z.boolean(),
  updateTime: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** Whether the caller may change it (scope at the root). */
  canChange: z.boolean(),
})
export type SmsSetting = z.infer<typeof SmsSettingSchema>

export const SmsTestSchema = z.object({ telephone: mobile })

/** The provider's real answer to a test message. */
export const SmsTestResultSchema = z.object({
  accepted: z.boolean(),
  messageId: z.string().nullable(),
  /** What the provider said (its reason when it refused). */
  answer: z.string(),
})
