import { z } from 'zod'
import { defineRoutes } from '../contract'
import { crudRoutes } from '../resource'
import { idParam, nullResponse, pageOf } from '../schemas/common'
import { CommentQuerySchema, CommentReviewSchema, CommentRowSchema, courseResource, courseResourceResource } from '../schemas/course'

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
})
