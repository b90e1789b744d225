import { z } from 'zod'
import { editSchemaOf, field, fieldsSchema } from '../fields'
import { listQueryOf, type ResourceDescriptor } from '../resource'
import { StoredPathSchema } from './files'
import { boolLike, idListText, intLike, pageOf, positiveId, textFilter } from './common'
import { mobile, optionalResidentId } from './identity'

/** 1 male, 0 female (spec 000 §3). */
export const genderLabels = { 1: '男', 0: '女' } as const
export const genderOptions = [
  { value: 1, label: genderLabels[1] },
  { value: 0, label: genderLabels[0] },
] as const

/** `yyyy-MM` */
export const tenureTime = z
  .string()
  .trim()
  .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, '任职时间格式应为 yyyy-MM')
  .nullish()
  .transform((v) => (v ? v : null))

export const memberPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .min(6, '密码不能少于6位')
  .max(64, '密码不能超过64位')

/** A password that may be left empty: on edit it keeps the old one, in an import the member has none yet. */
export const optionalMemberPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), memberPassword.optional())

const otherText = (label: string) => field.text(label, { max: 100, tooLong: `${label}不能超过100个字` })

/**
 * The party member's fields, declared once (spec 000 §3, §5; issue 29): the dialog (in this
 * order), the list's columns, the create and update bodies, the import template's and the
 * export's headers come from them. The organisation picker, 任职时间 (a month) and the
 * password (required on add, left empty on edit keeps the old one) are drawn by the screen.
 */
export const memberForm = {
  name: field.text('姓名', { required: true, max: 50, tooLong: '姓名不能超过50个字', width: '96px' }),
  gender: field.choice('性别', { options: genderOptions, width: '60px' }),
  telephone: field.checkedText('手机号', mobile, { required: true, width: '130px', autoComplete: 'off' }),
  nation: field.text('民族', { required: true, max: 30, tooLong: '民族不能超过30个字', initial: '汉族' }),
  orgId: field.own('所属组织', positiveId('请选择组织'), { required: true }),
  idcard: field.checkedText('身份证号', optionalResidentId),
  pwd: field.own('密码', memberPassword, { required: true, initial: '', onEdit: optionalMemberPassword }),
  department: otherText('部门'),
  jobs: otherText('职务'),
  partyJobs: otherText('党内职务'),
  tenureTime: field.own('任职时间', tenureTime, { initial: '' }),
  sameTenureYear: field.integer('同职级年限', { required: false, min: 1, message: '同职级年限必须是整数', tooSmall: '同职级年限最小为 1', placeholder: '最小为 1' }),
  avatarUrl: field.image('头像', { fullRow: true }),
}

/** Adding: the password is required (stored hashed). */
export const MemberCreateSchema = fieldsSchema(memberForm)
export type MemberCreate = z.input<typeof MemberCreateSchema>

/** PATCH: the id plus the fields that change; an empty password keeps the old one. */
export const MemberUpdateSchema = editSchemaOf(memberForm)
  .partial()
  .extend({ id: intLike.pipe(z.number().int().positive('编号无效')) })
export type MemberUpdate = z.input<typeof MemberUpdateSchema>

export const MemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.number().int().nullable(),
  telephone: z.string(),
  idcard: z.string().nullable(),
  nation: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  orgId: z.number().int(),
  orgName: z.string().nullable(),
  topOrgId: z.number().int().nullable(),
  topOrgName: z.string().nullable(),
  department: z.string().nullable(),
  jobs: z.string().nullable(),
  partyJobs: z.string().nullable(),
  tenureTime: z.string().nullable(),
  sameTenureYear: z.number().int().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Member = z.infer<typeof MemberSchema>

/**
 * A row of the member list: what lists show and pickers take. The whole record (ID
 * card, posts, avatar …) is `GET /api/member/{id}`, read when a member is opened for
 * editing: half the columns make a province-sized list page twice as fast, and ID-card
 * numbers are not shipped a page at a time (docs/decisions.md).
 */
export const MemberListItemSchema = MemberSchema.pick({
  id: true,
  name: true,
  gender: true,
  telephone: true,
  orgId: true,
  orgName: true,
  topOrgId: true,
  topOrgName: true,
  enabled: true,
})
export type MemberListItem = z.infer<typeof MemberListItemSchema>

const orgFilter = intLike.pipe(z.number().int().positive()).optional()

/** Headers of the member list's columns that are no field of the dialog: the list and its export say the same. */
export const memberColumnTitles = { topOrgName: '所属单位', enabled: '状态' } as const

/**
 * Members as a resource: the screen (CrudScreen) and the list's filters come from it.
 * The routes are declared by hand (routes/member.ts): an edit may leave the password
 * empty, enable and disable are routes of their own, and the list is the member
 * module's own query (tuned for millions of members), which reads `orgId` as that
 * organisation's whole subtree rather than one organisation.
 */
export const memberResource = {
  name: 'member', path: '/api/member', noun: '党员', access: 'organization:member', table: 'member',
  row: MemberListItemSchema, form: memberForm, fields: MemberCreateSchema,
  columns: [
    'name', 'gender', 'telephone',
    { key: 'orgName', title: memberForm.orgId.label },
    { key: 'topOrgName', title: memberColumnTitles.topOrgName },
    { key: 'enabled', title: memberColumnTitles.enabled, width: '80px' },
  ],
  filters: {
    name: { schema: textFilter, match: 'prefix' },
    telephone: { schema: textFilter, match: 'prefix' },
    orgId: { schema: orgFilter, match: 'equals', label: '组织' },
  },
  // Both have indexes of their own and under each top organisation (migration 0002).
  sortable: ['name', 'telephone'],
} as const satisfies ResourceDescriptor

/**
 * The member list's query: the screen's filters plus those the pickers and tests use
 * (a top organisation, enabled members only).
 */
export const MemberListQuerySchema = listQueryOf(memberResource.filters, memberResource.sortable).extend({
  topOrgId: orgFilter,
  enabled: boolLike.optional(),
})

/** Filters of the member list and export (the list's query without paging). */
export const MemberFilterSchema = MemberListQuerySchema.omit({ pageNum: true, pageSize: true })

/** The export takes the list's filters, or the selected members only (`ids`, comma-joined). */
export const MemberExportQuerySchema = MemberFilterSchema.extend({
  ids: idListText('选中的党员编号无效', 5000, '一次最多导出 5000 名选中的党员').optional(),
})

/**
 * The member list counts its matches only this many pages past the start of the page
 * asked for: `total` is exact when the matches end within them, else it is where the
 * count stopped and `totalCapped` is true (shown as 共 100+ 条; each page further on
 * counts further; see docs/decisions.md).
 */
export const MEMBER_COUNT_AHEAD_PAGES = 10
export const MemberPageSchema = pageOf(MemberListItemSchema).extend({ totalCapped: z.boolean().optional() })

/** Input of the import check and commit: the stored path of an uploaded `roster` workbook. */
export const MemberImportInputSchema = StoredPathSchema
