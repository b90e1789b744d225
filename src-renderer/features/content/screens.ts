import { lazy } from 'react'
import type { FeatureScreens } from '../../lib/screen-registry'

/** 内容管理 and 课程管理 (spec 001 §2): each standard screen is a CrudScreen over its descriptor. */
export const contentScreens: FeatureScreens = {
  screens: {
    'content:news': lazy(() => import('./NewsScreen')),
    'content:home': lazy(() => import('./HomeScreen')),
    'content:carousel': lazy(() => import('./CarouselScreen')),
    'content:notice': lazy(() => import('./NoticeScreen')),
    'content:sms': lazy(() => import('./SmsLogScreen')),
    'course:course': lazy(() => import('../course/CourseScreen')),
    'course:teacher': lazy(() => import('../course/TeacherScreen')),
  },
}
