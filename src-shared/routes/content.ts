import { defineRoutes } from '../contract'
import { crudRoutes, statusRoute } from '../resource'
import { idParam, nullResponse } from '../schemas/common'
import {
  carouselResource,
  homeNoticeResource,
  homeResource,
  newsResource,
  NoticeMemberPageSchema,
  NoticeMemberQuerySchema,
  noticeResource,
  NoticeRowSchema,
  NoticeSaveSchema,
  teacherResource,
} from '../schemas/content'
import { PortalNewsDetailSchema, PortalSchema } from '../schemas/portal'
import { SmsSendResultSchema } from '../schemas/sms'

const homeNotice = crudRoutes(homeNoticeResource)

/** News, home pages, carousels, notices, teachers (spec 001 §7) and the members' portal. */
export const contentRoutes = defineRoutes({
  ...crudRoutes(newsResource),
  ...statusRoute(newsResource),
  ...crudRoutes(homeResource),
  'home.enable': {
    method: 'POST', path: '/api/home/enable/{id}', access: 'content:home', record: 'home', province: true,
    summary: '开启首页（同一时间只开启一个首页）',
    params: idParam,
    response: nullResponse,
  },
  ...crudRoutes(carouselResource),
  ...statusRoute(carouselResource),
  ...crudRoutes(noticeResource),
  ...statusRoute(noticeResource),
  'notice.members': {
    method: 'GET', path: '/api/notice/member/{id}', access: 'content:notice', scope: { id: 'notice' },
    summary: '通知的发送对象（本数据范围内的党员），按姓名筛选，分页',
    params: idParam,
    query: NoticeMemberQuerySchema,
    response: NoticeMemberPageSchema,
  },
  'homeNotice.list': homeNotice['homeNotice.list'],
  'homeNotice.save': {
    method: 'POST', path: '/api/home/notice', access: 'content:notice', record: 'notice', scope: { id: 'notice' },
    summary: '保存通知（带 id 为修改，不带 id 为新增；memberIdList 为发送对象）',
    body: NoticeSaveSchema,
    response: NoticeRowSchema,
  },
  'homeNotice.delete': homeNotice['homeNotice.delete'],
  'homeNotice.send': {
    method: 'POST', path: '/api/home/notice/send/{id}', access: 'content:notice', scope: { id: 'notice' },
    summary: '短信发送通知（发给通知的发送对象；标题为通知名称，内容为通知正文的文字，超过 200 字截断并加“…”）；经发件箱发送、失败重试，手机号无效或不在本数据范围的党员逐个报告',
    params: idParam,
    response: SmsSendResultSchema,
  },
  ...crudRoutes(teacherResource),
  'portal.get': {
    method: 'GET', path: '/api/portal', access: 'public',
    summary: '党员门户内容：已开启的首页、启用的轮播图与新闻（只读，缓存 30 秒）',
    response: PortalSchema,
  },
  'portal.news': {
    method: 'GET', path: '/api/portal/news/{id}', access: 'public',
    summary: '门户新闻正文（仅启用的新闻）',
    params: idParam,
    response: PortalNewsDetailSchema,
  },
})
