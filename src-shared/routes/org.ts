import { z } from 'zod'
import { defineRoutes } from '../contract'
import { permissionTree, type PermissionKey } from '../permissions'
import { idParam } from '../schemas/common'
import {
  DepartmentQuerySchema,
  DepartmentSchema,
  OrgChildrenQuerySchema,
  OrgCreateSchema,
  OrgListQuerySchema,
  OrgNodePageSchema,
  OrgPageSchema,
  OrgSchema,
  OrgSearchHitSchema,
  OrgSearchQuerySchema,
  OrgUpdateSchema,
} from '../schemas/org'

/**
 * Any screen permission at all: reading the tree is open to every account with a role
 * — the training form, statistics, the member screen and the account dialog all pick
 * organisations — and always limited to the caller's data scope. A role-less account
 * (which would otherwise get the super user's scope) reads nothing.
 */
const anyScreen: readonly PermissionKey[] = permissionTree.flatMap((m) => m.children.map((s) => s.key))

/** Organisations (spec 000 §2 department list, §3, §7); changing them needs the department screen. */
export const orgRoutes = defineRoutes({
  'org.list': {
    method: 'GET', path: '/api/org', access: anyScreen,
    summary: '组织列表（分页；parentId 为其整个下级范围，name 匹配全称或简称）',
    query: OrgListQuerySchema,
    response: OrgPageSchema,
  },
  'org.children': {
    method: 'GET', path: '/api/org/children', access: anyScreen,
    summary: '直接下级组织（按 parentId 或 orgCode；都不传时为本账号可见的顶层组织），分页；每个节点为摘要，完整信息见组织详情',
    query: OrgChildrenQuerySchema,
    response: OrgNodePageSchema,
  },
  'org.search': {
    method: 'GET', path: '/api/org/search', access: anyScreen,
    summary: '按名称搜索组织，每条结果带从顶层到它的路径（用于在树中展开定位）',
    query: OrgSearchQuerySchema,
    response: z.array(OrgSearchHitSchema),
  },
  'org.get': {
    method: 'GET', path: '/api/org/{id}', access: anyScreen, scope: { id: 'org' },
    summary: '组织详情',
    params: idParam,
    response: OrgSchema,
  },
  'org.create': {
    method: 'POST', path: '/api/org', access: 'organization:department', record: 'org',
    summary: '新增组织',
    body: OrgCreateSchema,
    response: OrgSchema,
  },
  'org.update': {
    method: 'PATCH', path: '/api/org', access: 'organization:department', scope: { id: 'org' },
    summary: '修改组织（改变上级时连同下级组织与党员一起移动）',
    body: OrgUpdateSchema,
    response: OrgSchema,
  },
  'org.delete': {
    method: 'DELETE', path: '/api/org/{id}', access: 'organization:department', scope: { id: 'org' },
    summary: '删除组织（仅超级管理员；有下级组织或党员时拒绝）',
    params: idParam,
    response: z.null(),
  },
  'department.all': {
    method: 'GET', path: '/api/department/all', access: anyScreen,
    summary: '可选的单位（顶层组织）：超级管理员为根组织的下级，其他账号为本单位',
    query: DepartmentQuerySchema,
    response: z.array(DepartmentSchema),
  },
})
