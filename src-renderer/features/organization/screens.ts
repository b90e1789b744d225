import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../../src-shared/permissions'

/** 组织管理: 部门管理 and 党员管理 (spec 000 §2). */
export const organizationScreens: Partial<Record<PermissionKey, LazyExoticComponent<ComponentType>>> = {
  'organization:department': lazy(() => import('./DepartmentPage')),
  'organization:member': lazy(() => import('./MemberPage')),
}
