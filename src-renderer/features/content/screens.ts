import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 内容管理 and 课程管理 (spec 001 §2): each standard screen is a CrudScreen over its descriptor. */
export const contentScreens: FeatureScreens = {
  screens: {
    'content:news': lazy(() => import('./NewsPage')),
    'content:home': lazy(() => import('./HomeContentPage')),
    'content:carousel': lazy(() => import('./CarouselPage')),
    'content:notice': lazy(() => import('./NoticePage')),
    'content:sms': lazy(() => import('./SmsLogPage')),
    'course:course': lazy(() => import('../course/CoursePage')),
    'course:teacher': lazy(() => import('../course/TeacherPage')),
  },
}
