import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

const categories = lazy(() => import('./CategoryPage'))
const bank = lazy(() => import('./QuestionBankPage'))

/** 题库类别, 问卷类别 and 试卷管理 (spec 001 §2); the question banks are opened from their category lists. */
export const questionScreens: FeatureScreens = {
  screens: {
    'exam:category': categories,
    'questionnaire:category': categories,
    'exam:paper': lazy(() => import('../papers/PaperPage')),
  },
  subPages: [
    { path: '/comment/questionBanks', screen: 'exam:category', component: bank },
    { path: '/questionnaireManagement/questionBanks', screen: 'questionnaire:category', component: bank },
  ],
}
