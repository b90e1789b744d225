import { z } from 'zod'
import { EnabledStatusSchema, type ResourceDescriptor } from '../resource'
import { idParam, intLike, numberLike, pageOf, pageQuery, requiredText, textFilter } from './common'
import { optionalStoredPath, storedPath } from './files'

/**
 * News, home pages, carousels, notices and teachers (spec 001 §3, §5): each a standard
 * resource declared once here; its routes, handlers and screen come from the descriptor.
 */

/** Whether rich text shows anything: words (markup and non-breaking spaces aside) or a picture. */
export function hasVisibleContent(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '' || /<img\b/i.test(html)
}

/**
 * Rich text from the editor; the server sanitises it before storing and refuses it again
 * when nothing visible is left (src-server/files/rich-text.ts `cleanRequiredRichText`).
 */
export const richText = (message: string) => z.string({ error: message }).max(200_000, '内容过长').refine(hasVisibleContent, message)

const createTime = z.string()
const status = z.number().int()
const nameFilter = (label: string): { schema: typeof textFilter; match: 'contains'; label: string } => ({ schema: textFilter, match: 'contains', label })

export const NewsFieldsSchema = z.object({
  title: requiredText('请输入标题', 50),
  comeFrom: requiredText('请输入来源', 40),
  entryTime: z.string({ error: '请选择日期' }).trim().min(1, '请选择日期').regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd'),
  imagePath: optionalStoredPath,
  content: richText('请输入内容'),
})
export const NewsRowSchema = NewsFieldsSchema.extend({ id: z.number().int(), imagePath: z.string().nullable(), content: z.string(), status, createTime })
export type NewsRow = z.infer<typeof NewsRowSchema>

export const newsResource = {
  name: 'news', path: '/api/news', noun: '新闻', access: 'content:news', table: 'news', status: true, province: true,
  row: NewsRowSchema, fields: NewsFieldsSchema,
  filters: { title: nameFilter('标题') },
  sortable: ['title', 'entryTime'],
} as const satisfies ResourceDescriptor

export const HomeFieldsSchema = z.object({ name: requiredText('请输入首页名称', 50) })
export const HomeRowSchema = HomeFieldsSchema.extend({ id: z.number().int(), status, createTime })
export type HomeRow = z.infer<typeof HomeRowSchema>

export const homeResource = {
  name: 'home', path: '/api/home', noun: '首页', access: 'content:home', table: 'home', province: true,
  row: HomeRowSchema, fields: HomeFieldsSchema,
  filters: { name: nameFilter('名称') },
} as const satisfies ResourceDescriptor

export const CarouselFieldsSchema = z.object({
  imagePath: storedPath('请上传图片'),
  newsId: z.preprocess((v) => (v === '' || v === undefined ? null : v), intLike.pipe(z.number().int().positive('请选择关联新闻')).nullable()),
})
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
  row: CarouselRowSchema, fields: CarouselFieldsSchema, filters: {},
} as const satisfies ResourceDescriptor

export const NoticeFieldsSchema = z.object({
  name: requiredText('请输入名称', 20),
  content: richText('请输入内容'),
  /** The members it is addressed to (GET /api/notice/member/{id} lists them); absent keeps them. */
  memberIdList: z.array(intLike.pipe(z.number().int().positive('请选择党员')), { error: '请选择党员' }).max(5000, '一次最多通知 5000 名党员').optional(),
})
export const NoticeRowSchema = NoticeFieldsSchema.omit({ memberIdList: true }).extend({ id: z.number().int(), status, createTime, memberCount: z.number().int() })
export type NoticeRow = z.infer<typeof NoticeRowSchema>

export const noticeResource = {
  name: 'notice', path: '/api/notice', noun: '通知', access: 'content:notice', table: 'notice', status: true, scope: 'notice',
  row: NoticeRowSchema, fields: NoticeFieldsSchema,
  filters: { name: nameFilter('名称') },
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

export const TeacherFieldsSchema = z.object({
  name: requiredText('请输入教师姓名', 50),
  avatarUrl: storedPath('请上传头像'),
  content: requiredText('请输入简介', 2000),
})
export const TeacherRowSchema = TeacherFieldsSchema.extend({ id: z.number().int(), createTime })
export type TeacherRow = z.infer<typeof TeacherRowSchema>

export const teacherResource = {
  name: 'teacher', path: '/api/teacher', noun: '教师', access: 'course:teacher', table: 'teacher', province: true,
  row: TeacherRowSchema, fields: TeacherFieldsSchema,
  filters: { name: nameFilter('教师姓名') },
} as const satisfies ResourceDescriptor

/** Teacher page sizes (spec 001 §9): 8, 12, 16, default 8. */
export const TEACHER_PAGE_SIZES = [8, 12, 16] as const

export const EnabledStatusField = numberLike(z.union([z.literal(1), z.literal(-1)], { error: '状态不能为空' }), '状态不能为空')
export { EnabledStatusSchema }
