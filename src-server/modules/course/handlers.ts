import { AppError, ErrorKey } from '../../../src-shared/errors'
import { courseResource, courseResourceResource } from '../../../src-shared/schemas/course'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { assertUploaded } from '../../files/uploaded'
import { cleanPlainText, cleanRequiredRichText } from '../../files/rich-text'
import { signedInMember, type DomainHandlers } from '../../http/context'
import { resourceHandlers } from '../../http/resource-handlers'
import { onePage } from '../../db/paging'

async function assertExists(db: Db, table: 'teacher' | 'course', id: unknown, field: string, message: string): Promise<void> {
  if (typeof id !== 'number') return
  if (!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())) {
    throw new AppError(ErrorKey.VALIDATION, message, [{ path: field, message }])
  }
}

const course = resourceHandlers(courseResource, {
  rows: (db) =>
    db
      .selectFrom('course')
      .leftJoin('teacher', 'teacher.id', 'course.teacherId')
      .select(['course.id', 'course.name', 'course.teacherId', 'course.content', 'course.status', 'course.imagePath', 'course.videoPath', 'course.createTime', 'teacher.name as teacherName']),
  values: async (fields, { db }) => {
    await assertExists(db, 'teacher', fields.teacherId, 'teacherId', '所选教师不存在')
    await assertUploaded(db, fields.imagePath as string | null, 'image', 'imagePath')
    await assertUploaded(db, fields.videoPath as string | null, 'video', 'videoPath')
    return typeof fields.content === 'string' ? { ...fields, content: cleanRequiredRichText(fields.content, 'content', '请输入简介') } : fields
  },
})

const resources = resourceHandlers(courseResourceResource, {
  values: async (fields, { db }) => {
    await assertExists(db, 'course', fields.courseId, 'courseId', '课程不存在')
    // A video resource (type 1) must be a video; another may be a document or a video.
    await assertUploaded(db, fields.resourcePath as string, fields.type === 1 ? 'video' : 'courseware', 'resourcePath')
    return fields
  },
})

/** Courses with their resources and moderated comments (spec 001 §7). */
export const courseHandlers = {
  ...course,
  ...resources,
  'courseComment.list': async ({ courseId, pageNum, pageSize }, { db }) =>
    onePage(
      db.selectFrom('courseComment').select(['id', 'courseId', 'content', 'grade', 'status', 'createTime']).where('courseId', '=', courseId).orderBy('id', 'desc'),
      db.selectFrom('courseComment').where('courseId', '=', courseId),
      { pageNum, pageSize },
    ),
  'courseComment.review': async ({ id, status }, { db }) => {
    const { numUpdatedRows } = await db.updateTable('courseComment').set({ status, updatedAt: nowText() }).where('id', '=', id).executeTakeFirst()
    if (numUpdatedRows === 0n) throw new AppError(ErrorKey.NOT_FOUND, '评论不存在')
    return null
  },
  'courseComment.delete': async ({ id }, { db }) => {
    if ((await deleteRecords(db, 'course_comment', [id])) === 0) throw new AppError(ErrorKey.NOT_FOUND, '评论不存在')
    return null
  },

  // Members see the enabled courses, and comment on one of them; the office reviews each comment.
  'memberCourse.list': async (_input, { db }) =>
    db
      .selectFrom('course')
      .leftJoin('teacher', 'teacher.id', 'course.teacherId')
      .select(['course.id', 'course.name', 'teacher.name as teacherName'])
      .where('course.status', '=', 1)
      .orderBy('course.id', 'desc')
      .execute(),
  'memberCourse.comment': async ({ courseId, content, grade }, ctx) => {
    const memberId = signedInMember(ctx)
    const course = await ctx.db.selectFrom('course').select('id').where('id', '=', courseId).where('status', '=', 1).executeTakeFirst()
    if (!course) throw new AppError(ErrorKey.NOT_FOUND, '课程不存在')
    const clean = cleanPlainText(content)
    if (clean === '') throw new AppError(ErrorKey.VALIDATION, '请输入评论内容', [{ path: 'content', message: '请输入评论内容' }])
    const now = nowText()
    return ctx.db
      .insertInto('courseComment')
      .values({ courseId, memberId, content: clean, grade, status: 0, createTime: now, updatedAt: now })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow()
  },
} satisfies DomainHandlers<'course' | 'courseResource' | 'courseComment' | 'memberCourse'>
