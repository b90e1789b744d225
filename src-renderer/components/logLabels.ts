import { routes } from '../../src-shared/api'
import type { RouteDef } from '../../src-shared/contract'
import { screenByKey } from '../../src-shared/permissions'

const routeTable = routes as Record<string, RouteDef>

/** Domains whose routes name no screen permission. */
const domainTitles: Record<string, string> = { auth: '登录认证', files: '文件', permission: '菜单权限' }

function firstPermission(domain: string): string | undefined {
  for (const [name, route] of Object.entries(routeTable)) {
    if (!name.startsWith(`${domain}.`)) continue
    const access = typeof route.access === 'string' ? route.access : route.access[0]
    if (access !== 'public' && access !== 'login') return access
  }
  return undefined
}

/** What a log entry's module is called: the screen its routes belong to (账号管理, 角色管理 …). */
export function moduleTitle(domain: string): string {
  const key = firstPermission(domain)
  return domainTitles[domain] ?? (key ? screenByKey.get(key)?.title : undefined) ?? domain
}

/** Every domain that writes, as options of the module filter. */
export function moduleOptions(): { value: string; label: string }[] {
  const domains = new Set(
    Object.entries(routeTable)
      .filter(([, route]) => route.method !== 'GET')
      .map(([name]) => name.split('.')[0]),
  )
  return [...domains].map((value) => ({ value, label: moduleTitle(value) }))
}

/** The action of a route in a few words: its summary up to the first bracket. */
export function actionTitle(routeName: string): string {
  const summary = routeTable[routeName]?.summary ?? routeName
  return summary.split(/[（(，,]/)[0]
}

/** Chinese names of the fields the log shows most; others show their own key. */
const fieldTitles: Record<string, string> = {
  id: '编号',
  name: '名称',
  title: '名称',
  remark: '备注',
  roleId: '角色编号',
  memberId: '关联用户编号',
  passwordHash: '密码',
  permissionIdList: '菜单权限',
  createdAt: '创建时间',
  updatedAt: '修改时间',
  createTime: '创建时间',
  failedCount: '连续登录失败次数',
  lockedUntil: '锁定至',
}

export function fieldTitle(key: string): string {
  return fieldTitles[key] ?? key
}

/** What a log entry's record is, e.g. `账号 #4`. */
const tableTitles: Record<string, string> = { admin: '账号', role: '角色', org: '组织', member: '党员', upload: '文件' }

export function recordTitle(table: string | null, id: number | null): string {
  if (!table) return '—'
  return `${tableTitles[table] ?? table} #${id ?? ''}`
}
