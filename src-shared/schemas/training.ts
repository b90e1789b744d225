import { z } from 'zod'
import { sortQuery } from '../list-sort'
import { storedPath } from './files'
import { dateTimeText, idParam, int32, intLike, numberLike, optionalText, pageOf, pageQuery, requiredText, textFilter } from './common'
import { contactPhone, optionalContactPhone } from './identity'
import {
  classTypeCodes,
  joinSignUpOptions,
  OPTION_EXAMPLE,
  OPTION_PARTY_POSTS,
  signUpOptionCodes,
} from './training-codes'

/**
 * Training classes (spec 000 §3 Training, §5 Training basic tab). The wizard has one
 * schema per tab so each tab validates alone (and shows its alert); the server parses
 * the merge of all of them. Cross-field rules live in `refine*` functions applied to
 * both, because zod cannot extend a schema that already carries refinements.
 */

// ---------------------------------------------------------------- field builders

/**
 * Refinements also run when a field already failed (zod reports everything at
 * once), so each rule compares only values that are themselves valid.
 */
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const isTime = (v: unknown): v is string => typeof v === 'string' && TIME.test(v)
const ordered = (earlier: unknown, later: unknown) => isTime(earlier) && isTime(later) && later <= earlier

function requiredTime(message: string) {
  return z.string({ error: message }).trim().min(1, message).pipe(dateTimeText)
}

/** A date, or date-time, stored as `yyyy-MM-dd HH:mm:ss` (a bare date gets 00:00:00). */
function requiredDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 00:00:00` : v))
    .pipe(dateTimeText)
}

/**
 * An integer given as a number or numeric text; `message` when missing or not a number,
 * `notWhole` for a number with a fraction (学时 2.5 is there, it is not whole: issue 32).
 */
export function requiredNumber(message: string, notWhole = '必须是整数') {
  return z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)], { error: message })
    .pipe(z.number().int(notWhole))
    .pipe(int32)
}

function requiredInt(message: string, min: number, minMessage: string, notWhole?: string) {
  return requiredNumber(message, notWhole).pipe(z.number().min(min, minMessage))
}

/** `longitude,latitude` chosen on the map (spec 000 §3 address). */
export const lngLatText = z
  .string({ error: '请选择经纬度' })
  .trim()
  .min(1, '请选择经纬度')
  .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, '请选择经纬度')

const zeroOne = (message: string) =>
  z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)], { error: message }) as z.ZodType<0 | 1, 0 | 1 | '0' | '1'>

// ---------------------------------------------------------------- tab 1: basic

export const trainBasicShape = z.object({
  name: requiredText('请输入培训名称', 100),
  /**
   * Host organisation id. A member-linked account may only give its own organisation;
   * the super user gives a child of the root, or null for 其他 (spec 000 §6).
   */
  orgId: requiredNumber('请选择主办单位').nullish().transform((v) => v ?? null),
  /** Host unit name as shown; the server sets it from orgId (or 其他). */
  depName: requiredText('请输入主办单位', 100),
  /** Host type: 0 works committee, 1 other departments; defaults by who creates it. */
  isTrainCenter: zeroOne('请选择主办类型').optional(),
  sendObject: requiredText('请输入发送对象', 200),
  classType: requiredNumber('请选择班次类别').refine((v) => (classTypeCodes as number[]).includes(v), '请选择班次类别'),
  /** Free-text name of class type 9 (other); cleared for every other type. */
  classTypeName: optionalText(50),
  /** Date of the review document (发文日期), printed as 年 月 日 on the notice. */
  createTime: requiredDate('请选择发文日期'),
  description: requiredText('请输入导语', 20000),
  content: requiredText('请输入培训内容', 50000),
  requirement: requiredText('请输入培训要求', 20000),
  trainStartTime: requiredTime('请选择培训开始时间'),
  trainEndTime: requiredTime('请选择培训结束时间'),
  /** Half a day counts as four class hours. */
  classHour: requiredInt('请输入培训学时', 1, '培训学时不能小于1', '学时须为整数'),
  site: requiredText('请输入培训地点', 200),
  address: lngLatText,
  participants: requiredText('请输入参训对象', 500),
  signUpMarks: optionalText(500),
  signUpStartTime: requiredTime('请选择报名开始时间'),
  signUpEndTime: requiredTime('请选择报名结束时间'),
  /** Largest number of sign-ups; 0 means no limit. */
  maxNum: requiredInt('请输入报名最大人数', 0, '报名最大人数不能小于0'),
  name1: requiredText('请输入联系人一', 50),
  telephone1: contactPhone('联系方式', '请输入联系方式'),
  name2: optionalText(50),
  telephone2: optionalContactPhone('联系方式'),
  name3: optionalText(50),
  telephone3: optionalContactPhone('联系方式'),
  /** Online review of the add form: 0 yes, 10 no (spec 000 §3); a new training defaults to 10. */
  status: z.union([z.literal(0), z.literal(10), z.enum(['0', '10']).transform(Number)]).optional() as z.ZodOptional<
    z.ZodType<0 | 10, 0 | 10 | '0' | '10'>
  >,
})

type BasicValue = z.output<typeof trainBasicShape>

export function refineBasic(v: BasicValue, ctx: z.RefinementCtx): void {
  if (ordered(v.trainStartTime, v.trainEndTime)) {
    ctx.addIssue({ code: 'custom', path: ['trainEndTime'], message: '培训结束时间须晚于培训开始时间' })
  }
  if (ordered(v.signUpStartTime, v.signUpEndTime)) {
    ctx.addIssue({ code: 'custom', path: ['signUpEndTime'], message: '报名结束时间须晚于报名开始时间' })
  }
  if (isTime(v.signUpEndTime) && isTime(v.trainStartTime) && v.signUpEndTime > v.trainStartTime) {
    ctx.addIssue({ code: 'custom', path: ['signUpEndTime'], message: '报名结束时间不能晚于培训开始时间' })
  }
}

export const TrainBasicTabSchema = trainBasicShape.superRefine(refineBasic)

// ---------------------------------------------------------------- tab 3: sign-up options

const optionCode = numberLike(
  z.number({ error: '报名选项无效' }).refine((v) => (signUpOptionCodes as number[]).includes(v), '报名选项无效'),
  '报名选项无效',
)

export const trainSignUpOptionsShape = z.object({
  /** Ticked option codes; sent on the wire as a comma string sorted ascending. */
  signUpOptions: z
    .union([z.array(z.union([z.number(), z.string()])), z.string().transform((s) => s.split(',').filter((p) => p.trim() !== ''))], { error: '请选择报名选项' })
    .pipe(z.array(optionCode).min(1, '请选择报名选项'))
    .transform((codes) => joinSignUpOptions(codes)),
  /** Hint for party and administrative posts; applies only with option 8. */
  signUpTips: optionalText(500),
  /** Fill-in example; applies only with option 99. */
  signUpTips2: optionalText(2000),
  /** Further notes shown on the sign-up page. */
  signUpTips3: optionalText(2000),
})

type OptionsValue = z.output<typeof trainSignUpOptionsShape>

export function hasOption(options: string | undefined, code: number): boolean {
  return typeof options === 'string' && options.split(',').includes(String(code))
}

export function refineSignUpOptions(v: OptionsValue, ctx: z.RefinementCtx): void {
  if (hasOption(v.signUpOptions, OPTION_PARTY_POSTS) && !v.signUpTips) {
    ctx.addIssue({ code: 'custom', path: ['signUpTips'], message: '请输入党政职务填写提示' })
  }
  if (hasOption(v.signUpOptions, OPTION_EXAMPLE) && !v.signUpTips2) {
    ctx.addIssue({ code: 'custom', path: ['signUpTips2'], message: '请输入填写示例' })
  }
}

export const TrainSignUpOptionsTabSchema = trainSignUpOptionsShape.superRefine(refineSignUpOptions)

// ---------------------------------------------------------------- tab 4: sign-in windows

export const TrainSignInSchema = z
  .object({
    signInStartTime: requiredTime('签到开始时间不能为空'),
    signInEndTime: requiredTime('签到结束时间不能为空'),
  })
  .refine((r) => !ordered(r.signInStartTime, r.signInEndTime), { path: ['signInEndTime'], message: '签到结束时间须晚于签到开始时间' })
export type TrainSignIn = z.output<typeof TrainSignInSchema>

export const trainSignInsShape = z.object({
  /** Set sign-in about 30 minutes before the start. A row can be removed only while more than one exists. */
  trainSignIns: z.array(TrainSignInSchema, { error: '请添加签到时间' }).min(1, '请添加签到时间').max(50, '签到时间最多 50 条'),
})
export const TrainSignInsTabSchema = trainSignInsShape

// ---------------------------------------------------------------- tab 5: group QR code

export const trainGroupQrShape = z.object({
  /** Stored path of the uploaded group QR image (jpg/jpeg/png, 1 MB). */
  weChatCodes: storedPath('请上传群二维码'),
})
export const TrainGroupQrTabSchema = trainGroupQrShape

// ---------------------------------------------------------------- attachments

export const TrainResourceSchema = z.object({
  resourceName: requiredText('请输入附件名称', 200),
  /** Stored path of the uploaded file (doc, docx, xls, xlsx, pdf, ppt, pptx; 20 MB; one per row). */
  resourceUrl: storedPath('请上传附件'),
  sortOrder: requiredInt('请输入排序', 0, '排序不能小于0'),
})
export type TrainResource = z.output<typeof TrainResourceSchema>

export const trainResourcesShape = z.object({
  trainResources: z.array(TrainResourceSchema).max(50, '附件最多 50 个').optional().default([]),
})
export const TrainResourcesTabSchema = trainResourcesShape

// ---------------------------------------------------------------- schedule

export const TrainScheduleSchema = z
  .object({
    startTime: requiredTime('请选择日程开始时间'),
    endTime: requiredTime('请选择日程结束时间'),
    content: requiredText('请输入日程内容', 500),
  })
  .refine((r) => !ordered(r.startTime, r.endTime), { path: ['endTime'], message: '日程结束时间须晚于开始时间' })
export type TrainSchedule = z.output<typeof TrainScheduleSchema>

export const trainSchedulesShape = z.object({
  trainSchedules: z.array(TrainScheduleSchema).max(200, '日程最多 200 条').optional().default([]),
})
export const TrainSchedulesTabSchema = trainSchedulesShape

// ---------------------------------------------------------------- the whole form

/** The wizard's tabs in save order with the alert each shows when incomplete (spec 000 §4, §5). */
export const trainFormTabs = [
  { key: 'basic', title: '基本信息', schema: TrainBasicTabSchema, alert: '请将基本信息填写完整' },
  { key: 'schedule', title: '培训日程', schema: TrainSchedulesTabSchema, alert: '请将培训日程填写完整' },
  { key: 'signUpOptions', title: '报名选项', schema: TrainSignUpOptionsTabSchema, alert: '请将报名选项填写完整' },
  { key: 'signIn', title: '签到设置', schema: TrainSignInsTabSchema, alert: '请将签到设置填写完整' },
  { key: 'groupQr', title: '群二维码', schema: TrainGroupQrTabSchema, alert: '请将群二维码填写完整' },
  { key: 'attachments', title: '附件', schema: TrainResourcesTabSchema, alert: '请将附件信息填写完整' },
] as const

const trainFormShape = trainBasicShape
  .extend(trainSchedulesShape.shape)
  .extend(trainSignUpOptionsShape.shape)
  .extend(trainSignInsShape.shape)
  .extend(trainGroupQrShape.shape)
  .extend(trainResourcesShape.shape)

type FormValue = z.output<typeof trainFormShape>

export const SCHEDULE_OUTSIDE = '日程须在培训时间之内'

export function refineTrainForm(v: FormValue, ctx: z.RefinementCtx): void {
  refineBasic(v, ctx)
  refineSignUpOptions(v, ctx)
  v.trainSignIns?.forEach((row, i) => {
    if (isTime(row?.signInEndTime) && isTime(v.trainEndTime) && row.signInEndTime > v.trainEndTime) {
      ctx.addIssue({ code: 'custom', path: ['trainSignIns', i, 'signInEndTime'], message: '签到结束时间不能晚于培训结束时间' })
    }
  })
  // A schedule row lies within the training's dates; the message sits on the time that is outside.
  v.trainSchedules?.forEach((row, i) => {
    if (isTime(row?.startTime) && isTime(v.trainStartTime) && row.startTime < v.trainStartTime) {
      ctx.addIssue({ code: 'custom', path: ['trainSchedules', i, 'startTime'], message: SCHEDULE_OUTSIDE })
    } else if (isTime(row?.endTime) && isTime(v.trainEndTime) && row.endTime > v.trainEndTime) {
      ctx.addIssue({ code: 'custom', path: ['trainSchedules', i, 'endTime'], message: SCHEDULE_OUTSIDE })
    }
  })
}

/** `POST /api/train` body: the merged form. */
export const TrainCreateBodySchema = trainFormShape.superRefine(refineTrainForm)
export type TrainCreateBody = z.input<typeof TrainCreateBodySchema>
export type TrainForm = z.output<typeof TrainCreateBodySchema>

/** `PATCH /api/train` body: id plus the merged form. */
export const TrainUpdateBodySchema = trainFormShape.extend(idParam.shape).superRefine(refineTrainForm)
export type TrainUpdateBody = z.input<typeof TrainUpdateBodySchema>

export const REJECT_REASON_MAX = 200

/** Audit (审核): 'pass and publish' sets 30, 'reject' sets -1 and needs its reason (issue 32). */
export const TrainAuditBodySchema = idParam
  .extend({
    status: z.union([z.literal(30), z.literal(-1), z.enum(['30', '-1']).transform(Number)], { error: '审核结果无效' }) as z.ZodType<
      30 | -1,
      30 | -1 | '30' | '-1'
    >,
    reason: z.string({ error: '驳回原因须为文本' }).trim().max(REJECT_REASON_MAX, `驳回原因不能超过 ${REJECT_REASON_MAX} 个字`).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === -1 && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: '请输入驳回原因' })
  })

/** Official-document archive (公文归档): the scanned, stamped notice. */
export const TrainArchiveBodySchema = idParam.extend({
  resourceUrl: storedPath('请上传盖章公文'),
})

// ---------------------------------------------------------------- reading

export const TrainListQuerySchema = pageQuery.extend({
  name: textFilter,
  depName: textFilter,
  isTrainCenter: intLike.pipe(z.union([z.literal(0), z.literal(1)])).optional(),
  /** Any status code, stored or derived (40/50/60/99 are matched by time). */
  status: intLike.optional(),
  classType: intLike.optional(),
  // Unsorted, the newest training start comes first.
  ...sortQuery(['name', 'trainStartTime']).shape,
})
export type TrainListQuery = z.input<typeof TrainListQuerySchema>

export const TrainListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  orgId: z.number().int().nullable(),
  depName: z.string(),
  isTrainCenter: z.number().int(),
  classType: z.number().int(),
  classTypeName: z.string().nullable(),
  trainStartTime: z.string(),
  trainEndTime: z.string(),
  signUpStartTime: z.string(),
  signUpEndTime: z.string(),
  classHour: z.number().int(),
  site: z.string(),
  maxNum: z.number().int(),
  /** Sign-up count. */
  allNum: z.number().int(),
  /** Status shown now: stored code, or the live state of a published training. */
  status: z.number().int(),
  /** The stored code (0, 10, 30, -1). */
  reviewStatus: z.number().int(),
  /** Why it was rejected (驳回), while it is; null otherwise. */
  rejectReason: z.string().nullable(),
  wordPath: z.string().nullable(),
  resourceUrl: z.string().nullable(),
  createTime: z.string(),
})
export type TrainListRow = z.infer<typeof TrainListRowSchema>

export const TrainPageSchema = pageOf(TrainListRowSchema)

export const TrainSignInRowSchema = z.object({ id: z.number().int(), signInStartTime: z.string(), signInEndTime: z.string() })
export const TrainResourceRowSchema = z.object({
  id: z.number().int(),
  resourceName: z.string(),
  resourceUrl: z.string(),
  sortOrder: z.number().int(),
})
export const TrainScheduleRowSchema = z.object({ id: z.number().int(), startTime: z.string(), endTime: z.string(), content: z.string() })

export const TrainDetailSchema = TrainListRowSchema.extend({
  sendObject: z.string(),
  description: z.string(),
  content: z.string(),
  requirement: z.string(),
  address: z.string(),
  participants: z.string(),
  signUpMarks: z.string().nullable(),
  name1: z.string(),
  telephone1: z.string(),
  name2: z.string().nullable(),
  telephone2: z.string().nullable(),
  name3: z.string().nullable(),
  telephone3: z.string().nullable(),
  /** Secret of the sign-up link (`/m/signup?trainId=&token=`). */
  tokenValue: z.string(),
  weChatCodes: z.string().nullable(),
  signUpOptions: z.string(),
  signUpTips: z.string().nullable(),
  signUpTips2: z.string().nullable(),
  signUpTips3: z.string().nullable(),
  /** Seating (spec 000 §3): 0 system, 1 image, 2 PDF. */
  useSeat: z.number().int(),
  pdfUrl: z.string().nullable(),
  isField: z.number().int(),
  rowNumber: z.number().int().nullable(),
  columnNumber: z.number().int().nullable(),
  trainSignIns: z.array(TrainSignInRowSchema),
  trainResources: z.array(TrainResourceRowSchema),
  trainSchedules: z.array(TrainScheduleRowSchema),
  /** Absolute URL of the public sign-up page the sign-up QR code encodes (`…/m/signup?trainId=&token=`). */
  signUpLink: z.string(),
})
export type TrainDetail = z.infer<typeof TrainDetailSchema>

/** Options for training pickers (statistics filter): id and name. */
export const TrainOptionSchema = z.object({ id: z.number().int(), name: z.string() })

/** Host units the caller may pick (spec 000 §6): orgId null is 其他. */
export const HostUnitSchema = z.object({ orgId: z.number().int().nullable(), name: z.string() })

/** `GET /api/total/result`: totals over the trainings the list's filters match. */
export const TotalResultSchema = z.object({
  trainsCount: z.number().int(),
  /** Sign-up person-times. */
  memberJoinCount: z.number().int(),
  /** Trainings per shown status code. */
  statusCounts: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  /** Trainings per class type code. */
  classTypeCounts: z.array(z.object({ classType: z.number().int(), count: z.number().int() })),
})

export const TrainIdQuerySchema = z.object({ trainId: intLike.pipe(z.number().int().positive('请选择培训班')) })

export const NoticeResultSchema = z.object({
  /** Stored path of the generated Word notice (readable through `GET /api/file`). */
  wordPath: z.string(),
})

