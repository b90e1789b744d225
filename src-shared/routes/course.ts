import { z } from 'zod'
import { defineRoutes } from '../contract'
import { crudRoutes } from '../resource'
import { idParam, nullResponse, pageOf } from '../schemas/common'
import { CommentQuerySchema, CommentReviewSchema, CommentRowSchema, courseResource, courseResourceResource, MemberCommentBodySchema, MemberCommentResultSchema, MemberCourseSchema } from '../schemas/course'

/** Courses, their resources and comments (spec 001 §7). */
export const courseRoutes = defineRoutes({
  ...crudRoutes(courseResource),
  ...crudRoutes(courseResourceResource),
  'courseComment.list': {
    method: 'GET', path: '/api/course/comment', access: 'course:course',
    summary: '课程评论（分页）',
    query: CommentQuerySchema,
    response: pageOf(CommentRowSchema),
  },
  'courseComment.review': {
    method: 'PATCH', path: '/api/course/comment', access: 'course:course', record: 'courseComment', province: true,
    summary: '审核评论（status 1 通过，-1 驳回）',
    body: CommentReviewSchema,
    response: z.null(),
  },
  'courseComment.delete': {
    method: 'DELETE', path: '/api/course/comment/{id}', access: 'course:course', record: 'courseComment', province: true,
    summary: '删除评论',
    params: idParam,
    response: nullResponse,
  },
  'memberCourse.list': {
    method: 'GET', path: '/api/m/courses', access: 'member', rpc: false,
    summary: '党员可见的课程（已启用）',
    response: z.array(MemberCourseSchema),
  },
  'memberCourse.comment': {
    method: 'POST', path: '/api/m/course/comment', access: 'member', rpc: false, record: 'courseComment',
    summary: '党员评论课程（纯文本，1–5 星），待审核后显示',
    body: MemberCommentBodySchema,
    response: MemberCommentResultSchema,
  },
})
