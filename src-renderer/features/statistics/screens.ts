import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../../src-shared/permissions'

/** 首页: 培训大数据 (the home page) and 培训统计 with the learning-hours ledger (spec 000 §2). */
export const statisticsScreens: Partial<Record<PermissionKey, LazyExoticComponent<ComponentType>>> = {
  'dashboard:index': lazy(() => import('./DashboardPage')),
  'dashboard:statistic': lazy(() => import('./StatisticPage')),
}
