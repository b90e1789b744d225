import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { screenByKey, type PermissionKey } from '../../src-shared/permissions'
import { organizationScreens } from '../features/organization/screens'
import { questionScreens, questionSubPages } from '../features/questions/screens'
import { statisticsScreens } from '../features/statistics/screens'
import { contentScreens } from '../features/content/screens'

type Page = LazyExoticComponent<ComponentType>

/**
 * The screens this build implements, by the permission that opens them. Navigation
 * and routes are built from this and the permission tree, so a screen appears only
 * once it exists.
 */
export const screens: Partial<Record<PermissionKey, Page>> = {
  ...statisticsScreens,
  'training:train': lazy(() => import('../features/training/TrainingListPage')),
  'training:signUpStatistics': lazy(() => import('../features/signups/SignUpStatisticsPage')),
  ...organizationScreens,
  'exam:exam': lazy(() => import('../features/exam/ExamListPage')),
  'questionnaire:result': lazy(() => import('../features/exam/QuestionnaireResultPage')),
  ...questionScreens,
  'system:admin': lazy(() => import('../features/system/AdminScreen')),
  'system:role': lazy(() => import('../features/system/RoleScreen')),
  'system:log': lazy(() => import('../features/system/LogScreen')),
  'system:sms': lazy(() => import('../features/system/SmsSettingScreen')),
  ...contentScreens,
}

/**
 * Pages opened from a screen rather than from the navigation (an editor, the people of
 * one training …): they need the permission of the screen they belong to, and the
 * navigation shows that screen as the current one while they are open.
 */
export interface SubPage {
  path: string
  /** The screen it belongs to. */
  screen: PermissionKey
  component: Page
}

const trainEditor = lazy(() => import('../features/training/editor/TrainEditorPage'))

export const subPages: readonly SubPage[] = [
  { path: '/trainingManagement/trainAdd', screen: 'training:train', component: trainEditor },
  { path: '/trainingManagement/trainEdit', screen: 'training:train', component: trainEditor },
  { path: '/trainingManagement/viewPeople', screen: 'training:train', component: lazy(() => import('../features/signups/SignUpListPage')) },
  { path: '/trainingManagement/checkIns', screen: 'training:train', component: lazy(() => import('../features/signups/CheckInListPage')) },
  { path: '/trainingManagement/checkInDesk', screen: 'training:train', component: lazy(() => import('../features/signups/DoorCheckInPage')) },
  { path: '/trainingManagement/fieldSeat', screen: 'training:train', component: lazy(() => import('../features/seating/FieldSeatPage')) },
  { path: '/comment/scoring', screen: 'exam:exam', component: lazy(() => import('../features/exam/ScoreListPage')) },
  { path: '/examList/examList', screen: 'exam:exam', component: lazy(() => import('../features/exam/ParticipantsPage')) },
  { path: '/examAnalysis/examAnalysis', screen: 'exam:exam', component: lazy(() => import('../features/exam/AnalysisPage')) },
  ...questionSubPages,
]

/** The navigation entry to highlight for an address: a screen's own path, or the screen a sub-page belongs to. */
export function navPathOf(pathname: string): string {
  const sub = subPages.find((page) => page.path === pathname)
  return sub ? (screenByKey.get(sub.screen)?.path ?? pathname) : pathname
}
