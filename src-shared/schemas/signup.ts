import { z } from 'zod'
import type { FieldIssue } from '../errors'
import { dateFilter, dateTimeText, idParam, intLike, numberLike, optionalText, pageOf, pageQuery, requiredText, textFilter } from './common'
import { idempotencyKey } from './seating'
import { mobile, MOBILE_MISSING, optionalMobile, optionalResidentId, residentId } from './identity'
import { requiredNumber } from './training'
import { arrivalTypes } from './training-codes'

/**
 * Sign-ups of a training (spec 000 §3 Sign-up member record, Add sign-up person
 * payload, Sign-up statistics record; §5 Member edit). Conference items (options
 * 12–20) become required only when the training ticks their option: the field list
 * and `conditionalIssues` below are the one place that says which.
 */

/** A 是/否 answer (1/0), optional; `message` names the question, e.g. 请选择是否需要住宿. */
const optionalZeroOne = (message: string) =>
  (z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)], { error: message }) as z.ZodType<0 | 1, 0 | 1 | '0' | '1'>)
    .nullish()
    .transform((v) => v ?? null)
const optionalGender = optionalZeroOne('请选择性别')

const gender = z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)], { error: '请选择性别' }) as z.ZodType<
  0 | 1,
  0 | 1 | '0' | '1'
>

/** `yyyy-MM` of the current post. */
const tenureTime = requiredText('请选择任现职时间', 7).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '任现职时间格式应为 yyyy-MM')

const sameTenureYear = z
  .union([z.number({ error: '请输入任同职级年限' }), z.string().trim().min(1, '请输入任同职级年限').regex(/^\d+$/, '必须是整数').transform(Number)], {
    error: '请输入任同职级年限',
  })
  .pipe(z.number().int('必须是整数').min(1, '任同职级年限不能小于1').max(60, '任同职级年限不能大于60'))

/** Conference items and the option code that makes each required (spec 000 §5). */
export const conditionalSignUpFields = [
  { option: 12, field: 'arrivalType', message: '请选择到达方式' },
  { option: 13, field: 'arrivalTime', message: '请选择到达时间' },
  { option: 14, field: 'needFocusDriver', message: '请选择是否需要集中接送' },
  { option: 15, field: 'needRoom', message: '请选择是否需要住宿' },
  { option: 16, field: 'traffic', message: '请输入车次或航班号' },
  { option: 17, field: 'needReception', message: '请选择是否需要接站' },
  { option: 18, field: 'needSeeOff', message: '请选择是否需要送站' },
  { option: 19, field: 'withCar', message: '请选择是否自带车辆' },
  { option: 20, field: 'needDriverRoom', message: '请选择驾驶员是否需要住宿' },
] as const
export type ConditionalSignUpField = (typeof conditionalSignUpFields)[number]['field']

/** The conference items: each optional here, required by `conditionalIssues` per training. */
export const conferenceShape = z.object({
  arrivalType: z.enum(arrivalTypes, { error: '请选择到达方式' }).nullish().transform((v) => v ?? null),
  arrivalTime: dateTimeText.nullish().or(z.literal('')).transform((v) => v || null),
  needFocusDriver: optionalZeroOne('请选择是否需要集中接送'),
  needRoom: optionalZeroOne('请选择是否需要住宿'),
  traffic: optionalText(50),
  needReception: optionalZeroOne('请选择是否需要接站'),
  needSeeOff: optionalZeroOne('请选择是否需要送站'),
  withCar: optionalZeroOne('请选择是否自带车辆'),
  needDriverRoom: optionalZeroOne('请选择驾驶员是否需要住宿'),
  /** Asks for leave (请假) and why. */
  needLeave: optionalZeroOne('请选择是否请假'),
  reason: optionalText(500),
  marks: optionalText(500),
})
export type ConferenceItems = z.output<typeof conferenceShape>

/** Required answers the training's options ask for and the value leaves empty. */
export function conditionalIssues(options: readonly number[], value: Partial<Record<ConditionalSignUpField, unknown>>): FieldIssue[] {
  return conditionalSignUpFields
    .filter((c) => options.includes(c.option) && (value[c.field] === null || value[c.field] === undefined || value[c.field] === ''))
    .map((c) => ({ path: c.field, message: c.message }))
}

/** Identity fields every sign-up record must have (member edit dialog). */
export const signUpIdentityShape = z.object({
  name: requiredText('请输入姓名', 50),
  telephone: mobile,
  gender,
  nation: optionalText(30),
  orgId: requiredNumber('请选择所在组织').pipe(z.number().positive('请选择所在组织')),
  company: requiredText('请输入单位名称', 100),
  department: requiredText('请输入所在部门', 100),
  jobs: requiredText('请输入职务', 100),
  partyJobs: requiredText('请输入党内职务', 100),
  tenureTime,
  sameTenureYear,
  cardsNumber: residentId,
})

/** `PATCH /api/train/sign/up/member`: the edit dialog's fields; conditionals checked against the training. */
export const SignUpUpdateBodySchema = idParam.extend(signUpIdentityShape.shape).extend(conferenceShape.shape)
export type SignUpUpdateBody = z.input<typeof SignUpUpdateBodySchema>

/** The edit dialog's schema for a training with these option codes. */
export function signUpEditSchema(options: readonly number[]) {
  return SignUpUpdateBodySchema.superRefine((v, ctx) => {
    for (const issue of conditionalIssues(options, v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message })
  })
}

/**
 * `POST /api/train/sign/up/member` (toSign): the chosen member and training; the rest
 * of the payload (spec 000 §3) defaults from the member's record.
 */
export const SignUpCreateBodySchema = z.object({
  memberId: requiredNumber('请先选择用户').pipe(z.number().positive('请先选择用户')),
  trainId: requiredNumber('请选择培训班').pipe(z.number().positive('请选择培训班')),
  name: optionalText(50),
  telephone: optionalMobile,
  gender: optionalGender,
  topOrgName: optionalText(100),
  nation: optionalText(30),
  orgId: numberLike(z.number({ error: '请选择所在组织' }).int('请选择所在组织').positive('请选择所在组织'), '请选择所在组织').nullish(),
  orgName: optionalText(100),
  company: optionalText(100),
  department: optionalText(100),
  jobs: optionalText(100),
  partyJobs: optionalText(100),
  tenureTime: optionalText(7),
  sameTenureYear: numberLike(z.number({ error: '任同职级年限必须是整数' }).int('任同职级年限必须是整数').min(0, '任同职级年限不能小于0'), '任同职级年限必须是整数').nullish(),
  cardsNumber: optionalResidentId,
})
export type SignUpCreateBody = z.input<typeof SignUpCreateBodySchema>

export const SignUpMemberSchema = z.object({
  id: z.number().int(),
  trainId: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  gender: z.number().int().nullable(),
  nation: z.string().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  jobs: z.string().nullable(),
  partyJobs: z.string().nullable(),
  tenureTime: z.string().nullable(),
  sameTenureYear: z.number().int().nullable(),
  cardsNumber: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  topOrgName: z.string().nullable(),
  arrivalType: z.string().nullable(),
  arrivalTime: z.string().nullable(),
  needFocusDriver: z.number().int().nullable(),
  needRoom: z.number().int().nullable(),
  traffic: z.string().nullable(),
  needReception: z.number().int().nullable(),
  needSeeOff: z.number().int().nullable(),
  needLeave: z.number().int().nullable(),
  withCar: z.number().int().nullable(),
  needDriverRoom: z.number().int().nullable(),
  reason: z.string().nullable(),
  marks: z.string().nullable(),
  /** When the sign-up was made. */
  createTime: z.string(),
  /** 'self' from the member's own sign-up page, 'admin' added by an administrator, 'import' from a roster. */
  source: z.string(),
  /** First check-in, if any. */
  checkInTime: z.string().nullable(),
  /** The list row's member summary (spec 000 §3 "In list rows"). */
  member: z.object({ name: z.string(), telephone: z.string(), orgName: z.string().nullable() }),
})
export type SignUpMember = z.infer<typeof SignUpMemberSchema>

export const SignUpListQuerySchema = pageQuery.extend({
  trainId: intLike.pipe(z.number().int().positive('请选择培训班')),
  /** Organisation filter: the organisation and everything under it. */
  orgId: intLike.pipe(z.number().int().positive()).optional(),
  name: textFilter,
})
export const SignUpPageSchema = pageOf(SignUpMemberSchema)

export const SignUpAllQuerySchema = z.object({
  trainId: intLike.pipe(z.number().int().positive('请选择培训班')),
  name: textFilter,
})

/** Roster import: the stored path of the uploaded workbook and the training. */
export const RosterImportQuerySchema = z.object({
  trainId: intLike.pipe(z.number().int().positive('请选择培训班')),
  path: z.string().trim().min(1, '请先上传名单文件'),
})

// ---------------------------------------------------------------- statistics (spec 000 §7)

export const SignUpStatisticsQuerySchema = pageQuery.extend({
  name: textFilter,
  /** 1 male, 0 female, absent for all. */
  gender: intLike.pipe(z.union([z.literal(0), z.literal(1)])).optional(),
  orgAndJob: textFilter,
  telephone: textFilter,
  trainId: intLike.pipe(z.number().int().positive()).optional(),
  cardsNumber: textFilter,
  /** Trainings starting on or after / on or before (date or date-time). */
  startTime: dateFilter,
  endTime: dateFilter,
})
export type SignUpStatisticsQuery = z.input<typeof SignUpStatisticsQuerySchema>
export const SignUpStatisticsDownloadQuerySchema = SignUpStatisticsQuerySchema.omit({ pageNum: true, pageSize: true })

export const SignUpStatisticsRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  gender: z.number().int().nullable(),
  /** Host unit of the training. */
  depName: z.string(),
  /** The member's unit, department and job. */
  orgAndJob: z.string(),
  trainName: z.string(),
  /** Training period `start ~ end`. */
  trainDate: z.string(),
  classHour: z.number().int(),
})
export type SignUpStatisticsRecord = z.infer<typeof SignUpStatisticsRecordSchema>
export const SignUpStatisticsPageSchema = pageOf(SignUpStatisticsRecordSchema)

// ---------------------------------------------------------------- check-in

export const CheckInRecordSchema = z.object({
  id: z.number().int(),
  signUpId: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  orgName: z.string().nullable(),
  checkInTime: z.string(),
  /** mobile: 手机签到; door: 签到台; manual: 补签 (with its reason). */
  source: z.enum(['mobile', 'door', 'manual']),
  reason: z.string().nullable(),
})
export type CheckInRecord = z.infer<typeof CheckInRecordSchema>
export const checkInSourceLabel = { mobile: '手机签到', door: '签到台', manual: '补签' } as const
export const CheckInListQuerySchema = pageQuery.extend({
  trainId: intLike.pipe(z.number().int().positive('请选择培训班')),
  name: textFilter,
})
export const CheckInPageSchema = pageOf(CheckInRecordSchema)
export const CheckInDownloadQuerySchema = CheckInListQuerySchema.omit({ pageNum: true, pageSize: true })

const checkInTrainId = intLike.pipe(z.number().int().positive('请选择培训班'))
const checkInSignUpId = intLike.pipe(z.number().int().positive('请选择签到人员'))

/**
 * A check-in at the door (签到台): one per person and training whichever console sends
 * it, online or replayed from an offline queue. `checkInTime` is when the clerk checked
 * the person in (the console's clock); the earliest of several is kept.
 */
export const DoorCheckInBodySchema = z.object({
  trainId: checkInTrainId,
  signUpId: checkInSignUpId,
  checkInTime: z.string({ error: '签到时间格式应为 yyyy-MM-dd HH:mm:ss' }).pipe(dateTimeText).optional(),
  idempotencyKey: idempotencyKey.optional(),
})
export type DoorCheckInBody = z.infer<typeof DoorCheckInBodySchema>

/** 补签: an office user records a check-in that did not happen at the door, saying why. */
export const ManualCheckInBodySchema = z.object({
  trainId: checkInTrainId,
  signUpId: checkInSignUpId,
  checkInTime: z.string({ error: '请选择签到时间' }).pipe(dateTimeText),
  reason: requiredText('请填写补签原因', 200),
})

export const DoorCheckInResultSchema = z.object({
  signUpId: z.number().int(),
  name: z.string(),
  checkInTime: z.string(),
  /** True when the person had checked in before (the time is then that earlier one). */
  already: z.boolean(),
})
export type DoorCheckInResult = z.infer<typeof DoorCheckInResultSchema>

/** What the venue screen shows: the check-in link of the current 30-second slot. */
export const CheckInCodeSchema = z.object({
  trainId: z.number().int(),
  code: z.string(),
  /** Absolute URL of the public check-in page for this code (what the venue QR code encodes). */
  link: z.string(),
  /** Seconds the code stays current; show the next one after this. */
  expiresInSeconds: z.number().int(),
  slotSeconds: z.number().int(),
  /** The sign-in window open now, or null when none is (then nobody can check in). */
  window: z.object({ signInStartTime: z.string(), signInEndTime: z.string() }).nullable(),
})

// ---------------------------------------------------------------- member-facing pages

/** A sign-up QR code's parameters, as the page and the form's post check them. */
export const SignUpLinkSchema = z.object({
  trainId: intLike.pipe(z.number().int().positive('培训班不存在')),
  token: z.string().trim().min(1, '报名链接无效').max(100),
})

/**
 * A member page's query is taken as scanned and checked by the page itself (against
 * SignUpLinkSchema, CheckInLinkSchema): a damaged or truncated link then gets the
 * phone page saying so, not the API's JSON refusal.
 */
const scannedQuery = <K extends string>(...keys: K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.unknown().optional()])) as Record<K, z.ZodOptional<z.ZodUnknown>>)

export const SignUpPageQuerySchema = scannedQuery('trainId', 'token')

/** What the self sign-up route answers when the name is missing or blank. */
const SELF_NAME_MISSING = '请输入姓名'

/** Self sign-up from the mobile page: the member is found by telephone. */
export const SelfSignUpBodySchema = z
  .object({
    ...SignUpLinkSchema.shape,
    telephone: mobile,
    // Asked together with the number: a bare number identifies nobody (issue 16).
    name: requiredText(SELF_NAME_MISSING, 50),
    gender: optionalGender,
    company: optionalText(100),
    department: optionalText(100),
    jobs: optionalText(100),
    partyJobs: optionalText(100),
    cardsNumber: optionalResidentId,
  })
  .extend(conferenceShape.shape)
export type SelfSignUpBody = z.input<typeof SelfSignUpBodySchema>

/** Fields of the self sign-up page each identity option asks for, with their prompts (name is always asked). */
export const selfSignUpOptionFields = [
  { option: 2, field: 'gender', message: '请选择性别' },
  { option: 5, field: 'company', message: '请输入单位名称' },
  { option: 5, field: 'department', message: '请输入所在部门' },
  { option: 5, field: 'jobs', message: '请输入职务' },
  { option: 8, field: 'partyJobs', message: '请输入党内职务' },
  { option: 11, field: 'cardsNumber', message: '请输入身份证号' },
] as const

/**
 * Every answer the self sign-up requires for a training with these options, in the
 * form's order, each as the issue it gives when left empty. The handler checks them
 * after the route's schema; the page checks them all before posting, since the
 * schema stops at 姓名 and 手机号 before the training's own fields are looked at, and
 * a member would otherwise learn of the missing answers one round at a time.
 */
export function selfSignUpRequiredFields(options: readonly number[]): FieldIssue[] {
  return [
    { path: 'name', message: SELF_NAME_MISSING },
    { path: 'telephone', message: MOBILE_MISSING },
    ...[...selfSignUpOptionFields, ...conditionalSignUpFields].filter((f) => options.includes(f.option)).map((f) => ({ path: f.field, message: f.message })),
  ]
}

export const SelfSignUpResultSchema = z.object({ name: z.string(), trainName: z.string() })

/**
 * What the sign-up page fills in for a member signed in on the phone (the exam pages'
 * session): their own record, as an office sign-up would take it (company: the member's
 * top organisation), and whether they are signed up to this training already. Only the
 * member proven by their password sees it, so it may say what the public form never says.
 */
export const SignUpPrefillSchema = z.object({
  name: z.string(),
  telephone: z.string(),
  gender: z.number().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  jobs: z.string().nullable(),
  partyJobs: z.string().nullable(),
  cardsNumber: z.string().nullable(),
  signedUp: z.boolean(),
})
export type SignUpPrefill = z.infer<typeof SignUpPrefillSchema>

/** A check-in QR code's parameters (the code rotates every 30 seconds). */
export const CheckInLinkSchema = z.object({
  trainId: intLike.pipe(z.number().int().positive('培训班不存在')),
  code: z.string().trim().min(1, '签到码无效').max(64),
})
export const CheckInPageQuerySchema = scannedQuery('trainId', 'code')

/** The member checking in is the one signed in (route access 'member'): the body names no one. */
export const CheckInBodySchema = CheckInLinkSchema
export const CheckInResultSchema = z.object({
  name: z.string(),
  checkInTime: z.string(),
  /** True when this window already had a check-in of this person. */
  already: z.boolean(),
})
