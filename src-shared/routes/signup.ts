import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { idParam } from '../schemas/common'
import { ImportCheckSchema, ImportResultSchema } from '../schemas/imports'
import {
  CheckInDownloadQuerySchema,
  DoorCheckInBodySchema,
  DoorCheckInResultSchema,
  ManualCheckInBodySchema,
  CheckInCodeSchema,
  CheckInListQuerySchema,
  CheckInPageSchema,
  RosterImportQuerySchema,
  SignUpAllQuerySchema,
  SignUpCreateBodySchema,
  SignUpListQuerySchema,
  SignUpMemberSchema,
  SignUpPageSchema,
  SignUpStatisticsDownloadQuerySchema,
  SignUpStatisticsPageSchema,
  SignUpStatisticsQuerySchema,
  SignUpUpdateBodySchema,
} from '../schemas/signup'
import { TrainIdQuerySchema } from '../schemas/training'

const TRAIN = 'training:train'
const STATISTICS = 'training:signUpStatistics'
const BASE = '/api/train/sign/up/member'

/** Sign-ups, rosters, statistics and check-in (spec 000 §7 Sign-ups, Downloads). */
export const signUpRoutes = defineRoutes({
  'signup.all': {
    method: 'GET', path: `${BASE}/all`, access: TRAIN, scope: { trainId: 'train' },
    summary: '某培训班的全部报名人员（不分页）',
    query: SignUpAllQuerySchema,
    response: z.array(SignUpMemberSchema),
  },
  'signup.list': {
    method: 'GET', path: BASE, access: TRAIN, scope: { trainId: 'train' },
    summary: '报名人员列表（trainId，按组织、姓名筛选，分页）',
    query: SignUpListQuerySchema,
    response: SignUpPageSchema,
  },
  'signup.get': {
    method: 'GET', path: `${BASE}/{id}`, access: TRAIN, scope: { id: 'signUp' },
    summary: '报名人员详情',
    params: idParam,
    response: SignUpMemberSchema,
  },
  'signup.create': {
    method: 'POST', path: BASE, access: TRAIN, scope: { trainId: 'train', memberId: 'member' }, record: 'trainSignUp',
    summary: '添加报名人员（toSign）：管理员可在报名时间外添加，但不超过最大人数',
    body: SignUpCreateBodySchema,
    response: SignUpMemberSchema,
  },
  'signup.update': {
    method: 'PATCH', path: BASE, access: TRAIN, scope: { id: 'signUp' },
    summary: '修改报名信息（必填项及按报名选项 12–20 必填的会务项）',
    body: SignUpUpdateBodySchema,
    response: SignUpMemberSchema,
  },
  'signup.delete': {
    method: 'DELETE', path: `${BASE}/{id}`, access: TRAIN, scope: { id: 'signUp' },
    summary: '删除报名人员',
    params: idParam,
    response: z.null(),
  },
  'signup.downloadAll': {
    method: 'GET', path: `${BASE}/downloadAll`, access: TRAIN, kind: 'download', rpc: false, scope: { trainId: 'train' },
    summary: '导出报名名单（xlsx，流式）',
    query: TrainIdQuerySchema,
    response: z.unknown(),
  },
  'signup.uploadCheck': {
    method: 'POST', path: `${BASE}/upload/check`, access: TRAIN, scope: { trainId: 'train' }, outsideTransaction: outsideTransaction.workbook, unrecorded: unrecorded.dryRun,
    summary: '导入名单预检（trainId、已上传文件的路径）：逐行列出有误的人员与原因及行数（另生成错误工作簿），不写入数据',
    body: RosterImportQuerySchema,
    response: ImportCheckSchema,
  },
  'signup.upload': {
    method: 'GET', path: `${BASE}/upload`, access: TRAIN, scope: { trainId: 'train' }, log: true, unrecorded: unrecorded.bulkImport,
    summary: '导入报名名单（已上传文件的路径）：再次校验后在一个事务中导入全部正确的人员，有误的行跳过',
    query: RosterImportQuerySchema,
    response: ImportResultSchema,
  },
  'signup.statistics': {
    method: 'GET', path: `${BASE}/statistics`, access: STATISTICS,
    summary: '报名统计列表（姓名、性别、单位职务、手机号、培训班、身份证号、培训起止时间）',
    query: SignUpStatisticsQuerySchema,
    response: SignUpStatisticsPageSchema,
  },
  'signup.statisticsDownload': {
    method: 'GET', path: `${BASE}/statistics/download`, access: STATISTICS, kind: 'download', rpc: false,
    summary: '导出报名统计（xlsx，流式，筛选同列表）',
    query: SignUpStatisticsDownloadQuerySchema,
    response: z.unknown(),
  },
  'checkin.list': {
    method: 'GET', path: '/api/train/checkin', access: TRAIN, scope: { trainId: 'train' },
    summary: '签到记录列表（trainId，按姓名筛选，分页）',
    query: CheckInListQuerySchema,
    response: CheckInPageSchema,
  },
  'checkin.door': {
    method: 'POST', path: '/api/train/checkin/door', access: TRAIN, rpc: false, scope: { trainId: 'train', signUpId: 'signUp' }, record: 'trainCheckIn',
    summary: '签到台签到（联网或离线队列重放）：每人每培训班只计一次，保留最早的签到时间；再次签到答复已签到及其时间',
    body: DoorCheckInBodySchema,
    response: DoorCheckInResultSchema,
  },
  'checkin.manual': {
    method: 'POST', path: '/api/train/checkin/manual', access: TRAIN, scope: { trainId: 'train', signUpId: 'signUp' }, record: 'trainCheckIn',
    summary: '补签（须填写原因，记入操作日志）：已签到的人员保留最早的签到时间',
    body: ManualCheckInBodySchema,
    response: DoorCheckInResultSchema,
  },
  'checkin.download': {
    method: 'GET', path: '/api/train/checkin/download', access: TRAIN, kind: 'download', rpc: false, scope: { trainId: 'train' },
    summary: '导出签到记录（xlsx，流式，筛选同列表）',
    query: CheckInDownloadQuerySchema,
    response: z.unknown(),
  },
  'checkin.code': {
    method: 'GET', path: '/api/train/checkin/code', access: TRAIN, scope: { trainId: 'train' },
    summary: '会场大屏的当前签到码与链接（每 30 秒更换）',
    query: TrainIdQuerySchema,
    response: CheckInCodeSchema,
  },
})
