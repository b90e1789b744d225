import { z } from 'zod'
import type { ResourceDescriptor } from '../resource'
import { idParam, intLike, numberLike, pageQuery, requiredText, textFilter } from './common'
import { EnabledStatusField, richText } from './content'
import { optionalStoredPath, storedPath } from './files'

/** Courses, their resources and moderated comments (spec 001 §3, §5). */

const positiveId = (message: string) => numberLike(z.number().int(message).positive(message), message)

export const CourseFieldsSchema = z.object({
  name: requiredText('请输入课程名称', 100),
  teacherId: positiveId('请选择主讲教师'),
  content: richText('请输入简介'),
  status: EnabledStatusField,
  /** jpg, jpeg, png under 1 MB. */
  imagePath: optionalStoredPath,
  /** A video up to 500 MB. */
  videoPath: optionalStoredPath,
})
export const CourseRowSchema = CourseFieldsSchema.extend({
  id: z.number().int(),
  teacherId: z.number().int(),
  status: z.number().int(),
  teacherName: z.string().nullable(),
  createTime: z.string(),
})
export type CourseRow = z.infer<typeof CourseRowSchema>

export const courseResource = {
  name: 'course', path: '/api/course', noun: '课程', access: 'course:course', table: 'course', province: true,
  row: CourseRowSchema, fields: CourseFieldsSchema,
  filters: { name: { schema: textFilter, match: 'contains', label: '课程名称' } },
  sortable: ['name', 'createTime'],
} as const satisfies ResourceDescriptor

/** 1 video, 2 other (spec 001 §3). */
export const resourceTypeLabels = { 1: '视频', 2: '其他' } as const

export const CourseResourceFieldsSchema = z.object({
  courseId: positiveId('请选择课程'),
  name: requiredText('请输入资源名称', 100),
  sortOrder: numberLike(z.number({ error: '请输入权重' }).int('权重必须是整数').min(0, '权重不能小于 0'), '请输入权重'),
  type: numberLike(z.union([z.literal(1), z.literal(2)], { error: '资源类型不能为空' }), '资源类型不能为空'),
  resourcePath: storedPath('请上传文件'),
})
export const CourseResourceRowSchema = CourseResourceFieldsSchema.extend({
  id: z.number().int(),
  courseId: z.number().int(),
  sortOrder: z.number().int(),
  type: z.number().int(),
  createTime: z.string(),
})
export type CourseResourceRow = z.infer<typeof CourseResourceRowSchema>

export const courseResourceResource = {
  name: 'courseResource', path: '/api/course/resource', noun: '课程资源', access: 'course:course', table: 'courseResource', province: true,
  row: CourseResourceRowSchema, fields: CourseResourceFieldsSchema, order: 'oldest',
  filters: { courseId: { schema: intLike.pipe(z.number().int().positive()).optional(), match: 'equals', label: '课程' } },
} as const satisfies ResourceDescriptor

/** Comment status: 0 pending, 1 passed, -1 rejected. */
export const CommentRowSchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  content: z.string(),
  grade: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
})
export type CommentRow = z.infer<typeof CommentRowSchema>

export const CommentQuerySchema = pageQuery.extend({ courseId: idParam.shape.id })
export const CommentReviewSchema = z.object({
  id: idParam.shape.id,
  status: numberLike(z.union([z.literal(1), z.literal(-1)], { error: '状态无效' }), '状态无效'),
})

// ---------------------------------------------------------------- members' comments (the phone page)

/** Longest comment a member may leave. */
export const COMMENT_MAX = 500
/** A course as members see it: enabled courses only. */
export const MemberCourseSchema = z.object({ id: z.number().int(), name: z.string(), teacherName: z.string().nullable() })
export type MemberCourse = z.infer<typeof MemberCourseSchema>
/**
 * A member's comment on a course: plain text (the server strips any markup before it is
 * stored) and a rating of 1 to 5 stars. It waits for the office's review (status 0).
 */
export const MemberCommentBodySchema = z.object({
  courseId: positiveId('请选择课程'),
  content: requiredText('请输入评论内容', COMMENT_MAX),
  grade: numberLike(z.number().int('请选择评分').min(1, '请选择评分').max(5, '评分为 1 到 5 星'), '请选择评分'),
})
export const MemberCommentResultSchema = z.object({ id: z.number().int(), status: z.number().int() })
