import { z } from 'zod'
import { intLike, numberLike, pageOf, pageQuery, textFilter } from './common'
import { optionalContactPhone } from './identity'

/** Organisation types of spec 000 §9. */
export const orgTypes = ['党委', '党总支', '党支部'] as const
export const OrgTypeSchema = z.enum(orgTypes, { error: '请选择组织类型' })

/** Sort number 99999 means "no order": the name is shown without an order prefix (spec 000 §9). */
export const NO_SORT_NUMBER = 99999

/** 1–99999; empty (absent, null or blank text) becomes 99999 (spec 000 §5). */
export const sortNumber = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? NO_SORT_NUMBER : v),
  numberLike(
    z
      .number({ error: '排序号必须是整数' })
      .int('排序号必须是整数')
      .min(1, '排序号范围为 1–99999')
      .max(NO_SORT_NUMBER, '排序号范围为 1–99999'),
    '排序号必须是整数',
  ),
)

/** How an organisation is shown in lists and the tree: `12 名称`, or the bare name for 99999. */
export function orgDisplayName(org: { name: string; sortNumber: number }): string {
  return org.sortNumber === NO_SORT_NUMBER ? org.name : `${org.sortNumber} ${org.name}`
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字`)
    .nullish()
    .transform((v) => (v ? v : null))

/** Fields of the add / edit dialog (spec 000 §3, §5). */
export const OrgFieldsSchema = z.object({
  name: z.string({ error: '请输入组织全称' }).trim().min(1, '请输入组织全称').max(100, '组织全称不能超过100个字'),
  shortName: z.string({ error: '请输入组织简称' }).trim().min(1, '请输入组织简称').max(50, '组织简称不能超过50个字'),
  /** The parent organisation; must be inside the caller's data scope. */
  parentId: numberLike(z.number({ error: '请选择上级组织' }).int('请选择上级组织').positive('请选择上级组织'), '请选择上级组织'),
  /** Left empty, the server gives the parent's code plus a sequence number. */
  orgCode: z
    .string()
    .trim()
    .regex(/^\d{0,30}$/, '组织编码只能是数字')
    .nullish()
    .transform((v) => (v ? v : null)),
  orgType: OrgTypeSchema.nullish().transform((v) => v ?? null),
  areaName: optionalText(100, '所在地区'),
  secretary: optionalText(50, '书记'),
  /** 1 has a committee, 0 not (the default when adding). */
  hasCommittee: numberLike(z.union([z.literal(0), z.literal(1)], { error: '请选择是否成立党委' }), '请选择是否成立党委').optional(),
  committeeCreate: optionalText(50, '党委成立时间'),
  contacter: optionalText(50, '联系人'),
  contactPhone: optionalContactPhone('联系电话'),
  postAddress: optionalText(200, '通讯地址'),
  sortNumber,
})
export type OrgFields = z.input<typeof OrgFieldsSchema>

export const OrgCreateSchema = OrgFieldsSchema

/** PATCH: the id plus the fields that change (absent fields keep their value). */
export const OrgUpdateSchema = OrgFieldsSchema.partial().extend({
  id: intLike.pipe(z.number().int().positive('编号无效')),
})

/** One organisation as lists, the tree and the detail show it. */
export const OrgSchema = z.object({
  id: z.number().int(),
  orgCode: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  orgType: z.string().nullable(),
  areaName: z.string().nullable(),
  secretary: z.string().nullable(),
  hasCommittee: z.number().int(),
  committeeCreate: z.string().nullable(),
  contacter: z.string().nullable(),
  contactPhone: z.string().nullable(),
  postAddress: z.string().nullable(),
  sortNumber: z.number().int(),
  topOrgId: z.number().int().nullable(),
  topOrgName: z.string().nullable(),
  childrenCount: z.number().int(),
  hasChildren: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Org = z.infer<typeof OrgSchema>

/**
 * A node of the organisation tree (`GET /api/org/children`): what the tree and its
 * table show. Opening one for editing reads the whole record (`GET /api/org/{id}`): a
 * level of 5 000 branches is read a thousand at a time, and half the fields make that
 * twice as fast (docs/decisions.md).
 */
export const OrgNodeSchema = OrgSchema.pick({
  id: true,
  orgCode: true,
  name: true,
  shortName: true,
  parentId: true,
  orgType: true,
  secretary: true,
  contactPhone: true,
  sortNumber: true,
  topOrgId: true,
  childrenCount: true,
  hasChildren: true,
})
export type OrgNode = z.infer<typeof OrgNodeSchema>

/**
 * `GET /api/org`: the flat, paged list of the department screen. `parentId` limits it to
 * that organisation's whole subtree (the organisation itself excluded); `name` matches
 * any part of the full or short name.
 */
export const OrgListQuerySchema = pageQuery.extend({
  name: textFilter,
  parentId: intLike.pipe(z.number().int().positive()).optional(),
})

/** Children pages are larger than list pages: the tree shows a whole level at once. */
export const DEFAULT_CHILDREN_PAGE_SIZE = 200
export const MAX_CHILDREN_PAGE_SIZE = 1000

/**
 * `GET /api/org/children`: direct children of `parentId` or of the organisation with
 * `orgCode`. With neither, the top of the caller's tree: the root 320101 for the super
 * user, its own top organisation for a member-linked account.
 */
export const OrgChildrenQuerySchema = z.object({
  parentId: intLike.pipe(z.number().int().positive()).optional(),
  orgCode: textFilter,
  pageNum: intLike.pipe(z.number().int().min(1)).optional().default(1),
  pageSize: intLike
    .pipe(z.number().int().min(1).max(MAX_CHILDREN_PAGE_SIZE))
    .optional()
    .default(DEFAULT_CHILDREN_PAGE_SIZE),
})

export const OrgPageSchema = pageOf(OrgSchema)
export const OrgNodePageSchema = pageOf(OrgNodeSchema)

export const OrgPathNodeSchema = z.object({ id: z.number().int(), name: z.string() })

/** A search hit with the chain of organisations from the top of the caller's tree down to it (itself last). */
export const OrgSearchHitSchema = z.object({
  id: z.number().int(),
  orgCode: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  sortNumber: z.number().int(),
  hasChildren: z.boolean(),
  path: z.array(OrgPathNodeSchema),
})
export type OrgSearchHit = z.infer<typeof OrgSearchHitSchema>

export const MAX_ORG_SEARCH_HITS = 100

/** `GET /api/org/search`: organisations whose full or short name contains `name`. */
export const OrgSearchQuerySchema = z.object({
  name: z.string({ error: '请输入组织名称' }).trim().min(1, '请输入组织名称').max(100),
  limit: intLike.pipe(z.number().int().min(1).max(MAX_ORG_SEARCH_HITS)).optional().default(20),
})

/** `GET /api/department/all`: the top organisations the caller may pick (training host unit, statistics). */
export const DepartmentSchema = z.object({
  id: z.number().int(),
  orgCode: z.string(),
  name: z.string(),
  shortName: z.string().nullable(),
  sortNumber: z.number().int(),
})
export type Department = z.infer<typeof DepartmentSchema>

export const DepartmentQuerySchema = z.object({ name: textFilter })
