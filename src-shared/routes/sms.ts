import { defineRoutes } from '../contract'
import { pageOf } from '../schemas/common'
import { SmsLogQuerySchema, SmsLogRowSchema, SmsOptionsSchema, SmsSendResultSchema, SmsSendSchema } from '../schemas/sms'

/** Send SMS to selected members (spec 001 §7 "save") and the outbox's send log. */
export const smsRoutes = defineRoutes({
  'sms.options': {
    method: 'GET', path: '/api/sms/options', access: 'organization:member',
    summary: '发送短信的选项：首页，与本数据范围内未开始或进行中的考试（规格的“状态 4”）',
    response: SmsOptionsSchema,
  },
  'sms.send': {
    method: 'POST', path: '/api/sms', access: 'organization:member',
    summary: '给选中的党员发送短信：写入发件箱，后台发送并失败重试；手机号无效的党员逐个报告',
    body: SmsSendSchema,
    response: SmsSendResultSchema,
  },
  'sms.list': {
    method: 'GET', path: '/api/sms', access: 'content:sms',
    summary: '短信发送记录（收件人、时间、状态、失败原因，分页）',
    query: SmsLogQuerySchema,
    response: pageOf(SmsLogRowSchema),
  },
})
