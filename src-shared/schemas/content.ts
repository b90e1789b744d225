import { z } from 'zod'
import { createTimeColumn, field, fieldsSchema } from '../fields'
import { EnabledStatusSchema, type ResourceDescriptor } from '../resource'
import { idParam, intLike, pageOf, pageQuery, textFilter } from './common'

/**
 * News, home pages, carousels, notices and teachers (spec 001 §3, §5): each a standard
 * resource declared once here; its routes, handlers and screen come from the descriptor.
 */

/** What a carousel linked to no news item shows. */
export const NO_NEWS = '无'

const createTime = z.string()
const status = z.number().int()
/** A text filter matching anywhere; labelled like the field of its name unless told. */
const nameFilter = (label?: string) => ({ schema: textFilter, match: 'contains' as const, ...(label ? { label } : {}) })

const newsForm = {
  title: field.text('标题', { required: true, max: 50 }),
  comeFrom: field.text('来源', { required: true, max: 40, width: '160px' }),
  entryTime: field.date('发布日期', { message: '请选择日期', width: '120px' }),
  imagePath: field.image('缩略图', { width: '100px' }),
  content: field.richText('内容'),
}
const NewsFieldsSchema = fieldsSchema(newsForm)
export const NewsRowSchema = NewsFieldsSchema.extend({ id: z.number().int(), imagePath: z.string().nullable(), content: z.string(), status, createTime })
export type NewsRow = z.infer<typeof NewsRowSchema>

export const newsResource = {
  name: 'news', path: '/api/news', noun: '新闻', access: 'content:news', table: 'news', status: true, province: true,
  row: NewsRowSchema, form: newsForm, fields: NewsFieldsSchema,
  columns: ['title', 'imagePath', 'comeFrom', 'entryTime'],
  filters: { title: nameFilter() },
  sortable: ['title', 'entryTime'],
} as const satisfies ResourceDescriptor

const homeForm = { name: field.text('名称', { required: true, max: 50, message: '请输入首页名称' }) }
const HomeFieldsSchema = fieldsSchema(homeForm)
export const HomeRowSchema = HomeFieldsSchema.extend({ id: z.number().int(), status, createTime })
export type HomeRow = z.infer<typeof HomeRowSchema>

export const homeResource = {
  name: 'home', path: '/api/home', noun: '首页', access: 'content:home', table: 'home', province: true,
  row: HomeRowSchema, form: homeForm, fields: HomeFieldsSchema,
  columns: ['name', { key: 'status', title: '状态', width: '110px' }, createTimeColumn],
  filters: { name: nameFilter() },
} as const satisfies ResourceDescriptor

const carouselForm = {
  imagePath: field.image('图片', { required: true, width: '110px' }),
  newsId: field.reference('关联新闻', { to: 'news', text: 'title', none: NO_NEWS }),
}
const CarouselFieldsSchema = fieldsSchema(carouselForm)
export const CarouselRowSchema = z.object({
  id: z.number().int(),
  imagePath: z.string(),
  newsId: z.number().int().nullable(),
  news: z.object({ title: z.string() }).nullable(),
  status,
  createTime,
})
export type CarouselRow = z.infer<typeof CarouselRowSchema>

export const carouselResource = {
  name: 'carousel', path: '/api/carousel', noun: '轮播图', access: 'content:carousel', table: 'carousel', status: true, province: true,
  row: CarouselRowSchema, form: carouselForm, fields: CarouselFieldsSchema, filters: {},
  columns: ['imagePath', { key: 'news', title: '关联新闻' }, createTimeColumn],
} as const satisfies ResourceDescriptor

const noticeForm = {
  name: field.text('名称', { required: true, max: 20, fullRow: true }),
  content: field.richText('内容'),
  /** The members it is addressed to (GET /api/notice/member/{id} lists them); absent keeps them. */
  memberIdList: field.own(
    '发送对象',
    z.array(intLike.pipe(z.number().int().positive('请选择党员')), { error: '请选择党员' }).max(5000, '一次最多通知 5000 名党员').optional(),
    { fullRow: true, initial: [] },
  ),
}
const NoticeFieldsSchema = fieldsSchema(noticeForm)
export const NoticeRowSchema = NoticeFieldsSchema.omit({ memberIdList: true }).extend({ id: z.number().int(), status, createTime, memberCount: z.number().int() })
export type NoticeRow = z.infer<typeof NoticeRowSchema>

export const noticeResource = {
  name: 'notice', path: '/api/notice', noun: '通知', access: 'content:notice', table: 'notice', status: true, scope: 'notice',
  row: NoticeRowSchema, form: noticeForm, fields: NoticeFieldsSchema,
  columns: ['name', { key: 'memberCount', title: '发送对象', width: '100px' }, createTimeColumn],
  filters: { name: nameFilter() },
} as const satisfies ResourceDescriptor

/**
 * The same notices at the paths spec 001 §7 shows under /api/home/notice: list, save
 * (POST; with `id` it edits), delete, and send by SMS to the notice's members.
 */
export const homeNoticeResource = { ...noticeResource, name: 'homeNotice', path: '/api/home/notice' } as const satisfies ResourceDescriptor
export const NoticeSaveSchema = NoticeFieldsSchema.extend({ id: idParam.shape.id.optional() })

/** A member a notice was sent to (GET /api/notice/member/{id}). */
export const NoticeMemberSchema = z.object({ id: z.number().int(), name: z.string(), telephone: z.string(), department: z.string().nullable() })
export type NoticeMember = z.infer<typeof NoticeMemberSchema>
/** The member search of a notice (spec 001 §7: the notice, a name and paging); names match in part. */
export const NoticeMemberQuerySchema = pageQuery.extend({ name: textFilter })
export const NoticeMemberPageSchema = pageOf(NoticeMemberSchema)

const teacherForm = {
  name: field.text('姓名', { required: true, max: 50, message: '请输入教师姓名' }),
  avatarUrl: field.image('头像', { required: true }),
  content: field.longText('简介', { required: true, max: 2000 }),
}
const TeacherFieldsSchema = fieldsSchema(teacherForm)
export const TeacherRowSchema = TeacherFieldsSchema.extend({ id: z.number().int(), createTime })
export type TeacherRow = z.infer<typeof TeacherRowSchema>

export const teacherResource = {
  name: 'teacher', path: '/api/teacher', noun: '教师', access: 'course:teacher', table: 'teacher', province: true,
  row: TeacherRowSchema, form: teacherForm, fields: TeacherFieldsSchema,
  filters: { name: nameFilter('教师姓名') },
} as const satisfies ResourceDescriptor

/** Teacher page sizes (spec 001 §9): 8, 12, 16, default 8. */
export const TEACHER_PAGE_SIZES = [8, 12, 16] as const

export { EnabledStatusSchema }
