import { z } from 'zod'
import { listQueryOf, type ResourceDescriptor } from '../resource'
import { StoredPathSchema } from './files'
import { boolLike, idListText, intLike, numberLike, pageOf, textFilter } from './common'
import { mobile, optionalResidentId } from './identity'

/** 1 male, 0 female (spec 000 §3). */
export const GenderSchema = z.union([z.literal(0), z.literal(1)], { error: '请选择性别' })
export const genderLabels = { 1: '男', 0: '女' } as const

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .nullish()
    .transform((v) => (v ? v : null))

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

/** Fields of the party member dialog (spec 000 §3, §5). */
export const MemberFieldsSchema = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(50, '姓名不能超过50个字'),
  nation: z.string({ error: '请输入民族' }).trim().min(1, '请输入民族').max(30, '民族不能超过30个字'),
  gender: numberLike(GenderSchema, '请选择性别'),
  telephone: mobile,
  orgId: numberLike(z.number({ error: '请选择组织' }).int('请选择组织').positive('请选择组织'), '请选择组织'),
  idcard: optionalResidentId,
  /** Stored path of an uploaded jpg/jpeg/png under 1 MB (`POST /api/upload?kind=image`). */
  avatarUrl: StoredPathSchema.shape.path.nullish().transform((v) => v ?? null),
  department: optionalText(100, '部门'),
  jobs: optionalText(100, '职务'),
  partyJobs: optionalText(100, '党内职务'),
  tenureTime,
  sameTenureYear: z
    .preprocess(
      (v) => (v === '' ? null : v),
      numberLike(z.number({ error: '同职级年限必须是整数' }).int('同职级年限必须是整数').min(1, '同职级年限最小为 1'), '同职级年限必须是整数').nullish(),
    )
    .transform((v) => v ?? null),
})

/** Adding: the password is required (stored hashed). */
export const MemberCreateSchema = MemberFieldsSchema.extend({ pwd: memberPassword })
export type MemberCreate = z.input<typeof MemberCreateSchema>

/** PATCH: the id plus the fields that change; an empty password keeps the old one. */
export const MemberUpdateSchema = MemberFieldsSchema.partial().extend({
  id: intLike.pipe(z.number().int().positive('编号无效')),
  pwd: z.preprocess((v) => (v === '' || v === null ? undefined : v), memberPassword.optional()),
})
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

/**
 * Members as a resource: the screen (CrudScreen) and the list's filters come from it.
 * The routes are declared by hand (routes/member.ts): an edit may leave the password
 * empty, enable and disable are routes of their own, and the list is the member
 * module's own query (tuned for millions of members), which reads `orgId` as that
 * organisation's whole subtree rather than one organisation.
 */
export const memberResource = {
  name: 'member', path: '/api/member', noun: '党员', access: 'organization:member', table: 'member',
  row: MemberListItemSchema, fields: MemberCreateSchema,
  filters: {
    name: { schema: textFilter, match: 'prefix', label: '姓名' },
    telephone: { schema: textFilter, match: 'prefix', label: '手机号' },
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
