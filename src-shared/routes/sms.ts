import { defineRoutes, unrecorded } from '../contract'
import { pageOf } from '../schemas/common'
import {
  SmsLogQuerySchema, SmsLogRowSchema, SmsOptionsSchema, SmsSendResultSchema, SmsSendSchema, SmsSettingSaveSchema, SmsSettingSchema, SmsStatusSchema,
  SmsTestResultSchema, SmsTestSchema,
} from '../schemas/sms'

/** Send SMS to selected members (spec 001 §7 "save") and the outbox's send log. */
export const smsRoutes = defineRoutes({
  'sms.options': {
    method: 'GET', path: '/api/sms/options', access: 'organization:member',
    summary: '发送短信的选项：首页，与本数据范围内未开始或进行中的考试（规格的“状态 4”）',
    response: SmsOptionsSchema,
  },
  'sms.status': {
    method: 'GET', path: '/api/sms/status', access: ['organization:member', 'content:notice', 'system:sms'],
    summary: '短信服务是否已配置（发送前提示“未配置短信服务，短信不会发出”），与调用者能否配置它',
    response: SmsStatusSchema,
  },
  'sms.send': {
    method: 'POST', path: '/api/sms', access: 'organization:member', unrecorded: unrecorded.bulkSend,
    summary: '给选中的党员发送短信：写入发件箱，后台发送并失败重试；未配置短信服务时记为未发送；手机号无效的党员逐个报告',
    body: SmsSendSchema,
    response: SmsSendResultSchema,
  },
  'sms.list': {
    method: 'GET', path: '/api/sms', access: 'content:sms',
    summary: '短信发送记录（收件人、时间、状态、服务商消息编号、失败原因，分页）',
    query: SmsLogQuerySchema,
    response: pageOf(SmsLogRowSchema),
  },
})

/** 系统管理 → 短信设置: the SMS provider, its keys kept encrypted, and a test message. */
export const smsSettingRoutes = defineRoutes({
  'smsSetting.get': {
    method: 'GET', path: '/api/sms/setting', access: 'system:sms',
    summary: '短信设置：服务商与其参数；密钥只显示是否已设置',
    response: SmsSettingSchema,
  },
  'smsSetting.save': {
    method: 'POST', path: '/api/sms/setting', access: 'system:sms', province: true, record: 'smsSetting', recordBy: { row: 1 },
    summary: '保存短信设置（仅数据范围为根组织的账号）；密钥留空则保留原值，加密保存',
    body: SmsSettingSaveSchema,
    response: SmsSettingSchema,
  },
  'smsSetting.test': {
    method: 'POST', path: '/api/sms/setting/test', access: 'system:sms', province: true, unrecorded: unrecorded.testMessage,
    summary: '发送测试短信：用已保存的短信设置发给一个号码，返回服务商的真实答复（仅数据范围为根组织的账号）',
    body: SmsTestSchema,
    response: SmsTestResultSchema,
  },
})
