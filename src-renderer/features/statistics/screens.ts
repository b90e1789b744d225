import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 首页: 培训大数据 (the home page) and 培训统计 with the learning-hours ledger (spec 000 §2). */
export const statisticsScreens: FeatureScreens = {
  screens: {
    'dashboard:index': lazy(() => import('./DashboardPage')),
    'dashboard:statistic': lazy(() => import('./StatisticPage')),
  },
}
