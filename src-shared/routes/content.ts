import { z } from 'zod'
import { defineRoutes } from '../contract'
import { crudRoutes, statusRoute } from '../resource'
import { idParam, nullResponse } from '../schemas/common'
import { carouselResource, homeResource, newsResource, NoticeMemberSchema, noticeResource, teacherResource } from '../schemas/content'
import { PortalNewsDetailSchema, PortalSchema } from '../schemas/portal'

/** News, home pages, carousels, notices, teachers (spec 001 §7) and the members' portal. */
export const contentRoutes = defineRoutes({
  ...crudRoutes(newsResource),
  ...statusRoute(newsResource),
  ...crudRoutes(homeResource),
  'home.enable': {
    method: 'POST', path: '/api/home/enable/{id}', access: 'content:home', record: 'home',
    summary: '开启首页（同一时间只开启一个首页）',
    params: idParam,
    response: nullResponse,
  },
  ...crudRoutes(carouselResource),
  ...statusRoute(carouselResource),
  ...crudRoutes(noticeResource),
  ...statusRoute(noticeResource),
  'notice.members': {
    method: 'GET', path: '/api/notice/member/{id}', access: 'content:notice',
    summary: '通知的发送对象（短信记录中的党员）',
    params: idParam,
    response: z.array(NoticeMemberSchema),
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
