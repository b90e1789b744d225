import { z } from 'zod'
import { createTimeColumn, field, fieldsSchema } from '../fields'
import type { ResourceDescriptor } from '../resource'
import { idParam, intLike, numberLike, pageQuery, positiveId, requiredText, textFilter } from './common'

/** Courses, their resources and moderated comments (spec 001 §3, §5). */

/** 1 video, 2 other (spec 001 §3). */
export const resourceTypeLabels = { 1: '视频', 2: '其他' } as const

const courseForm = {
  name: field.text('课程名称', { required: true, max: 100, width: '150px' }),
  teacherId: field.reference('主讲教师', { required: true, to: 'teacher', text: 'name' }),
  status: field.choice('状态', { options: [{ value: 1, label: '启用' }, { value: -1, label: '停用' }], message: '状态不能为空', initial: 1, width: '80px' }),
  imagePath: field.image('课程图片'),
  /** A video up to 500 MB. */
  videoPath: field.file('课程视频', { upload: 'video', fullRow: true }),
  content: field.richText('简介'),
}
const CourseFieldsSchema = fieldsSchema(courseForm)
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
  row: CourseRowSchema, form: courseForm, fields: CourseFieldsSchema,
  columns: ['name', 'content', { key: 'teacherName', title: '主讲教师', width: '110px' }, 'status', createTimeColumn],
  filters: { name: { schema: textFilter, match: 'contains' } },
  sortable: ['name', 'createTime'],
} as const satisfies ResourceDescriptor


const courseResourceForm = {
  courseId: field.reference('课程', { required: true, to: 'course', text: 'name', hidden: true }),
  name: field.text('资源名称', { required: true, max: 100 }),
  sortOrder: field.integer('权重', { min: 0, width: '80px' }),
  type: field.choice('资源类型', { options: [{ value: 1, label: resourceTypeLabels[1] }, { value: 2, label: resourceTypeLabels[2] }], message: '资源类型不能为空', width: '80px' }),
  resourcePath: field.file('资源文件', { required: true, upload: 'courseware', message: '请上传文件', hint: '一个文件' }),
}
const CourseResourceFieldsSchema = fieldsSchema(courseResourceForm)
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
  row: CourseResourceRowSchema, form: courseResourceForm, fields: CourseResourceFieldsSchema, order: 'oldest',
  columns: ['name', 'type', 'sortOrder', createTimeColumn],
  filters: { courseId: { schema: intLike.pipe(z.number().int().positive()).optional(), match: 'equals' } },
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
