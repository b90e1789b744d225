import { z } from 'zod'
import { defineRoutes } from '../contract'
import { idParam } from '../schemas/common'
import {
  HostUnitSchema,
  NoticeResultSchema,
  TotalResultSchema,
  TrainArchiveBodySchema,
  TrainAuditBodySchema,
  TrainCreateBodySchema,
  TrainDetailSchema,
  TrainListQuerySchema,
  TrainOptionSchema,
  TrainPageSchema,
  TrainUpdateBodySchema,
} from '../schemas/training'

const TRAIN = 'training:train'

/** Training classes (spec 000 §7 Training). Only trainings hosted inside the caller's scope are visible. */
export const trainingRoutes = defineRoutes({
  'train.list': {
    method: 'GET', path: '/api/train', access: TRAIN,
    summary: '培训班列表（名称、主办单位、主办类型、状态、班次类别筛选；状态按时间实时推算；可按 name、trainStartTime 排序，默认培训开始时间从晚到早）',
    query: TrainListQuerySchema,
    response: TrainPageSchema,
  },
  'train.all': {
    method: 'GET', path: '/api/train/all', access: ['training:train', 'training:signUpStatistics'],
    summary: '培训班选项（id、名称），用于培训班与报名统计的筛选',
    response: z.array(TrainOptionSchema),
  },
  'train.hostUnits': {
    method: 'GET', path: '/api/train/hostUnits', access: TRAIN,
    summary: '可选的主办单位：党员账号为本单位；超级管理员为根组织的下级单位及“其他”',
    response: z.array(HostUnitSchema),
  },
  'train.get': {
    method: 'GET', path: '/api/train/{id}', access: TRAIN, scope: { id: 'train' },
    summary: '培训班详情（含签到时间、附件、日程）',
    params: idParam,
    response: TrainDetailSchema,
  },
  'train.create': {
    method: 'POST', path: '/api/train', access: TRAIN, record: 'train',
    summary: '新增培训班（合并后的向导表单；未给 status 时为 10）',
    body: TrainCreateBodySchema,
    response: TrainDetailSchema,
  },
  'train.update': {
    method: 'PATCH', path: '/api/train', access: TRAIN, scope: { id: 'train' },
    summary: '修改培训班（id 加合并后的向导表单；signUpOptions 为升序逗号串）',
    body: TrainUpdateBodySchema,
    response: TrainDetailSchema,
  },
  'train.audit': {
    method: 'PATCH', path: '/api/train/audit', access: 'training:audit', scope: { id: 'train' },
    summary: '审核：通过并发布（30）或驳回（-1）',
    body: TrainAuditBodySchema,
    response: TrainDetailSchema,
  },
  'train.archive': {
    method: 'PATCH', path: '/api/train/archive', access: TRAIN, scope: { id: 'train' },
    summary: '公文归档：保存盖章公文扫描件路径（resourceUrl）',
    body: TrainArchiveBodySchema,
    response: TrainDetailSchema,
  },
  'train.notice': {
    method: 'POST', path: '/api/train/notice', access: TRAIN, scope: { id: 'train' },
    summary: '生成培训通知（Word 文档，含报名二维码），保存为 wordPath',
    body: idParam,
    response: NoticeResultSchema,
  },
  'train.delete': {
    method: 'DELETE', path: '/api/train/{id}', access: TRAIN, scope: { id: 'train' },
    summary: '删除培训班（连同报名与签到记录）',
    params: idParam,
    response: z.null(),
  },
  'total.result': {
    method: 'GET', path: '/api/total/result', access: TRAIN,
    summary: '培训班列表合计：班次数、报名人次、按状态与班次类别计数（与列表同样的筛选）',
    query: TrainListQuerySchema.omit({ pageNum: true, pageSize: true, orderBy: true, order: true }),
    response: TotalResultSchema,
  },
})
