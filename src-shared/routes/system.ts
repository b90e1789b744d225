import { z } from 'zod'
import { defineRoutes } from '../contract'
import { nullResponse, pageOf } from '../schemas/common'
import {
  AdminCreateSchema,
  AdminQuerySchema,
  AdminRowSchema,
  AdminUpdateSchema,
  IdBodySchema,
  LogEntrySchema,
  LogQuerySchema,
  MyPermissionsSchema,
  PermissionItemSchema,
  PermissionNodeSchema,
  RoleCreateSchema,
  RoleOptionSchema,
  RoleQuerySchema,
  RoleRowSchema,
  RoleUpdateSchema,
} from '../schemas/system'

/** Accounts, roles, permissions (spec 001 §7) and the operation log. */
export const systemRoutes = defineRoutes({
  'admin.list': {
    method: 'GET', path: '/api/admin', access: 'system:admin',
    summary: '账号列表（账号名称、角色筛选，分页）',
    query: AdminQuerySchema,
    response: pageOf(AdminRowSchema),
  },
  'admin.create': {
    method: 'POST', path: '/api/admin', access: 'system:admin', record: 'admin',
    summary: '新增账号',
    body: AdminCreateSchema,
    response: AdminRowSchema,
  },
  'admin.update': {
    method: 'PATCH', path: '/api/admin', access: 'system:admin', scope: { id: 'admin' },
    summary: '修改账号（密码留空则不变；改角色或密码会结束该账号的登录）',
    body: AdminUpdateSchema,
    response: AdminRowSchema,
  },
  'admin.delete': {
    method: 'DELETE', path: '/api/admin', access: 'system:admin', scope: { id: 'admin' },
    summary: '删除账号',
    body: IdBodySchema,
    response: nullResponse,
  },
  'role.list': {
    method: 'GET', path: '/api/role', access: 'system:role',
    summary: '角色列表（角色名称筛选，分页）',
    query: RoleQuerySchema,
    response: pageOf(RoleRowSchema),
  },
  'role.all': {
    method: 'GET', path: '/api/role/all', access: 'system:admin',
    summary: '全部角色（账号的角色选项）',
    response: z.array(RoleOptionSchema),
  },
  'role.create': {
    method: 'POST', path: '/api/role', access: 'system:role', record: 'role', recordView: 'roleWithPermissions',
    summary: '新增角色',
    body: RoleCreateSchema,
    response: RoleRowSchema,
  },
  'role.update': {
    method: 'PATCH', path: '/api/role', access: 'system:role', scope: { id: 'role' }, record: 'role', recordView: 'roleWithPermissions',
    summary: '修改角色（角色 1 不可修改）',
    body: RoleUpdateSchema,
    response: RoleRowSchema,
  },
  'role.delete': {
    method: 'DELETE', path: '/api/role', access: 'system:role', scope: { id: 'role' }, record: 'role', recordView: 'roleWithPermissions',
    summary: '删除角色（角色 1 与使用中的角色不可删除）',
    body: IdBodySchema,
    response: nullResponse,
  },
  'permission.mine': {
    method: 'GET', path: '/api/permission', access: 'login',
    summary: '当前账号的菜单权限',
    response: MyPermissionsSchema,
  },
  'permission.tree': {
    method: 'GET', path: '/api/permission/tree', access: 'system:role',
    summary: '菜单权限树（模块 → 页面）',
    response: z.array(PermissionNodeSchema),
  },
  'permission.list': {
    method: 'GET', path: '/api/permission/list', access: 'system:role',
    summary: '菜单权限平铺列表',
    response: z.array(PermissionItemSchema),
  },
  'log.list': {
    method: 'GET', path: '/api/log', access: 'system:log',
    summary: '操作日志（账号、模块、时间段、记录筛选，分页）',
    query: LogQuerySchema,
    response: pageOf(LogEntrySchema),
  },
})
