import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../../src-shared/permissions'

type Page = LazyExoticComponent<ComponentType>

const categories = lazy(() => import('./CategoryPage'))
const bank = lazy(() => import('./QuestionBankPage'))

/** 题库类别, 问卷类别 and 试卷管理 (spec 001 §2). */
export const questionScreens: Partial<Record<PermissionKey, Page>> = {
  'exam:category': categories,
  'questionnaire:category': categories,
  'exam:paper': lazy(() => import('../papers/PaperPage')),
}

/** The question banks, opened from their category lists. */
export const questionSubPages = [
  { path: '/comment/questionBanks', screen: 'exam:category', component: bank },
  { path: '/questionnaireManagement/questionBanks', screen: 'questionnaire:category', component: bank },
] as const satisfies readonly { path: string; screen: PermissionKey; component: Page }[]
