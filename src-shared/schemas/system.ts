import { z } from 'zod'
import { createTimeColumn, editSchemaOf, field, fieldsSchema } from '../fields'
import { permissionTree, type ModuleNode } from '../permissions'
import { listQueryOf, type ResourceDescriptor } from '../resource'
import { dateTimeText, intLike, pageQuery, textFilter } from './common'
import { isPublishedPassword, PUBLISHED_PASSWORD_MESSAGE } from '../published-passwords'

/** Accounts and roles (spec 001 §3, §5) and the operation log. */

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 12
/** The password input itself stops at 18 characters (spec 001 §9). */
export const PASSWORD_INPUT_CAP = 18
export const PASSWORD_RULE_MESSAGE = '必须包含大小写字母和数字的组合，可以使用特殊字符，长度在6-12之间'
export const ROLE_TITLE_MAX = 10
export const ROLE_REMARK_MAX = 100
/** Role 1 is the super role: neither editable nor deletable (spec 001 §2, §6). */
export const PROTECTED_ROLE_ID = 1

export const adminPassword = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .min(PASSWORD_MIN, '长度在 6 到 12 个字符')
  .max(PASSWORD_MAX, '长度在 6 到 12 个字符')
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[\x21-\x7e]+$/, PASSWORD_RULE_MESSAGE)

/**
 * The `admin` password of a real installation (首次设置, a production ADMIN_PASSWORD):
 * the account rules, and not one of the demo accounts' published passwords.
 */
export const ownAdminPassword = adminPassword.refine((password) => !isPublishedPassword(password), PUBLISHED_PASSWORD_MESSAGE)

const memberRef = z.number({ error: '请选择关联党员' }).int('请选择关联党员').positive('请选择关联党员').nullable().optional().default(null)

/** On edit an empty password keeps the old one. */
const keptPassword = z
  .string({ error: '请输入密码' })
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(adminPassword.optional())

/**
 * An account's fields, declared once (issue 29): the dialog, the list's columns and the
 * create and update bodies come from them. The password (required on add, left empty on
 * edit keeps the old one) and the linked member's picker are drawn by the screen.
 */
const accountForm = {
  name: field.text('账号', { required: true, max: 50, tooLong: '账号不能超过50个字符', autoComplete: 'off' }),
  password: field.own('密码', adminPassword, { required: true, initial: '', onEdit: keptPassword }),
  roleId: field.reference('角色', { required: true, to: 'role', text: 'title' }),
  memberId: field.own('关联用户', memberRef, { initial: null }),
}

export const AdminCreateSchema = fieldsSchema(accountForm)
export type AdminCreate = z.input<typeof AdminCreateSchema>

export const AdminUpdateSchema = editSchemaOf(accountForm).extend({ id: z.number().int().positive() })
export type AdminUpdate = z.input<typeof AdminUpdateSchema>

export const IdBodySchema = z.object({ id: z.number({ error: '编号无效' }).int().positive('编号无效') })


export const AdminRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  memberId: z.number().int().nullable(),
  memberDto: z.object({ id: z.number().int(), name: z.string(), orgName: z.string().nullable() }).nullable(),
  createTime: z.string(),
})
export type AdminRow = z.infer<typeof AdminRowSchema>

/**
 * Accounts as a resource: the screen (CrudScreen) and the list's filters come from it.
 * Routes are declared by hand (routes/system.ts): edit takes AdminUpdateSchema, where an
 * empty password keeps the old one, and delete its id in the body.
 */
export const adminResource = {
  name: 'admin', path: '/api/admin', noun: '账号', access: 'system:admin', table: 'admin',
  row: AdminRowSchema, form: accountForm, fields: AdminCreateSchema,
  columns: ['name', { key: 'roleName', title: '角色名称' }, { key: 'member', title: accountForm.memberId.label }],
  filters: {
    name: { schema: textFilter, match: 'contains', label: '账号名称' },
    roleId: { schema: intLike.pipe(z.number().int().positive()).optional(), match: 'equals', label: '角色' },
  },
} as const satisfies ResourceDescriptor

export const AdminQuerySchema = listQueryOf(adminResource.filters)

const moduleIds = new Set<number>(permissionTree.map((m) => m.id))
const screenIds = new Set<number>(permissionTree.flatMap((m) => m.children.map((s) => s.id)))

/**
 * Ids of the tree a role grants, as sent by the dialog (modules and/or screens); a
 * module id stands for all its screens.
 */
export const permissionIdList = z
  .array(z.number().int(), { error: '请至少选择一个菜单!' })
  .min(1, '请至少选择一个菜单!')
  .refine((ids) => ids.every((id) => moduleIds.has(id) || screenIds.has(id)), '菜单不存在')

const roleForm = {
  title: field.text('角色名称', { required: true, max: ROLE_TITLE_MAX, tooLong: `角色名称不能超过${ROLE_TITLE_MAX}个字符`, width: '180px' }),
  remark: field.longText('备注', { required: true, max: ROLE_REMARK_MAX, tooLong: `备注不能超过${ROLE_REMARK_MAX}个字符` }),
  permissionIdList: field.own('菜单权限', permissionIdList, { required: true, initial: [] }),
}
export const RoleCreateSchema = fieldsSchema(roleForm)
export const RoleUpdateSchema = z.object({ id: z.number().int().positive(), ...RoleCreateSchema.shape })
export type RoleCreate = z.input<typeof RoleCreateSchema>


export const RoleRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  remark: z.string().nullable(),
  createTime: z.string(),
  /** Screen ids only (a fully granted module is listed as its screens). */
  permissionIdList: z.array(z.number().int()),
})
export type RoleRow = z.infer<typeof RoleRowSchema>

/**
 * Roles as a resource: the screen (CrudScreen), its fields and the list's filter come from it. The
 * routes are declared by hand (routes/system.ts) for the spec's paths, where delete
 * takes its id in the body; their names and inputs are the standard ones.
 */
export const roleResource = {
  name: 'role', path: '/api/role', noun: '角色', access: 'system:role', table: 'role',
  row: RoleRowSchema, form: roleForm, fields: RoleCreateSchema,
  columns: ['title', 'remark', createTimeColumn],
  filters: { title: { schema: textFilter, match: 'contains' } },
} as const satisfies ResourceDescriptor

export const RoleQuerySchema = listQueryOf(roleResource.filters)

export const RoleOptionSchema = z.object({ id: z.number().int(), title: z.string() })

/** Screen ids of a list of tree ids: module ids expand to all their screens. */
export function screenIdsOf(ids: readonly number[]): number[] {
  const wanted = new Set(ids)
  return (permissionTree as readonly ModuleNode[]).flatMap((m) =>
    m.children.filter((s) => wanted.has(s.id) || wanted.has(m.id)).map((s) => s.id),
  )
}

export const PermissionNodeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  children: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string(), path: z.string() })),
})

export const PermissionItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  parentId: z.number().int().nullable(),
})

export const MyPermissionsSchema = z.object({
  /** Screen ids granted by the signed-in account's role. */
  permissionIdList: z.array(z.number().int()),
  permissions: z.array(z.string()),
})

export const LogQuerySchema = pageQuery.extend({
  /** Account name, matched as a part. */
  adminName: textFilter,
  /** Domain of the route, e.g. `admin`, or several comma-separated (`train,signup`: one module name). */
  module: textFilter,
  startTime: dateTimeText.optional(),
  endTime: dateTimeText.optional(),
  recordTable: textFilter,
  recordId: intLike.pipe(z.number().int().positive()).optional(),
})

export const LogEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable(),
  adminName: z.string().nullable(),
  /** Name of the route in the table, e.g. `admin.update`. */
  route: z.string(),
  module: z.string(),
  recordTable: z.string().nullable(),
  recordId: z.number().int().nullable(),
  /** The record as it was before and after (secrets redacted); null when there was none. */
  before: z.unknown(),
  after: z.unknown(),
  ok: z.boolean(),
  /** The failure's message when the call was refused. */
  message: z.string().nullable(),
  ip: z.string(),
  createTime: z.string(),
})
export type LogEntry = z.infer<typeof LogEntrySchema>
