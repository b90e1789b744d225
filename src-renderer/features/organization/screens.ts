import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 组织管理: 部门管理 and 党员管理 (spec 000 §2). */
export const organizationScreens: FeatureScreens = {
  screens: {
    'organization:department': lazy(() => import('./DepartmentPage')),
    'organization:member': lazy(() => import('./MemberPage')),
  },
}
