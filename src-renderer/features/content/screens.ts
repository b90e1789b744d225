import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PermissionKey } from '../../../src-shared/permissions'

/** 内容管理 and 课程管理 (spec 001 §2): each standard screen is a CrudScreen over its descriptor. */
export const contentScreens: Partial<Record<PermissionKey, LazyExoticComponent<ComponentType>>> = {
  'content:news': lazy(() => import('./NewsScreen')),
  'content:home': lazy(() => import('./HomeScreen')),
  'content:carousel': lazy(() => import('./CarouselScreen')),
  'content:notice': lazy(() => import('./NoticeScreen')),
  'content:sms': lazy(() => import('./SmsLogScreen')),
  'course:course': lazy(() => import('../course/CourseScreen')),
  'course:teacher': lazy(() => import('../course/TeacherScreen')),
}
