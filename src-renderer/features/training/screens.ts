import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

const editor = lazy(() => import('./editor/TrainEditorPage'))

/** 培训班管理 and 报名统计 (spec 000 §2), with the pages a training's row opens. */
export const trainingScreens: FeatureScreens = {
  screens: {
    'training:train': lazy(() => import('./TrainingListPage')),
    'training:signUpStatistics': lazy(() => import('../signups/SignUpStatisticsPage')),
  },
  subPages: [
    { path: '/trainingManagement/trainAdd', screen: 'training:train', component: editor },
    { path: '/trainingManagement/trainEdit', screen: 'training:train', component: editor },
    { path: '/trainingManagement/viewPeople', screen: 'training:train', component: lazy(() => import('../signups/SignUpListPage')) },
    { path: '/trainingManagement/checkIns', screen: 'training:train', component: lazy(() => import('../signups/CheckInListPage')) },
    { path: '/trainingManagement/checkInDesk', screen: 'training:train', component: lazy(() => import('../signups/DoorCheckInPage')) },
    { path: '/trainingManagement/fieldSeat', screen: 'training:train', component: lazy(() => import('../seating/FieldSeatPage')) },
  ],
}
