import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 考试管理 and 问卷结果 (spec 001 §2), with the pages an exam's row opens. */
export const examScreens: FeatureScreens = {
  screens: {
    'exam:exam': lazy(() => import('./ExamListPage')),
    'questionnaire:result': lazy(() => import('./QuestionnaireResultPage')),
  },
  subPages: [
    { path: '/comment/scoring', screen: 'exam:exam', component: lazy(() => import('./ScoreListPage')) },
    { path: '/examList/examList', screen: 'exam:exam', component: lazy(() => import('./ParticipantsPage')) },
    { path: '/examAnalysis/examAnalysis', screen: 'exam:exam', component: lazy(() => import('./AnalysisPage')) },
  ],
}
