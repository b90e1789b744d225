import { z } from 'zod'
import { defineRoutes } from '../contract'
import { idParam } from '../schemas/common'
import {
  ClassTypeStatSchema,
  DashboardSummarySchema,
  DashboardTrainPageSchema,
  DashboardTrainQuerySchema,
  DepartmentStatSchema,
  HourTargetsSchema,
  LedgerDownloadQuerySchema,
  LedgerMemberPageSchema,
  LedgerMemberQuerySchema,
  LedgerOrgListSchema,
  LedgerOrgQuerySchema,
  LedgerTrainQuerySchema,
  LedgerTrainSchema,
  StatisticQuerySchema,
  StatisticTrainPageSchema,
  StatisticTrainQuerySchema,
  TrainMemberPageSchema,
  TrainMemberQuerySchema,
} from '../schemas/statistics'

const DASHBOARD = 'dashboard:index'
const STATISTIC = 'dashboard:statistic'
const BOTH = [DASHBOARD, STATISTIC] as const

/**
 * Dashboard, statistics and the learning-hours ledger (spec 000 §2, §3, §7). Trainings
 * count when their host lies in the caller's tree (as in the training list); the
 * ledger counts the members of the caller's tree.
 */
export const statisticsRoutes = defineRoutes({
  'dashboard.summary': {
    method: 'GET', path: '/api/dashboard/summary', access: BOTH,
    summary: '培训大数据汇总：培训班数、报名人次、培训资源数、教师数、各班次类别的培训班数',
    response: DashboardSummarySchema,
  },
  'dashboard.trains': {
    method: 'GET', path: '/api/dashboard/train', access: DASHBOARD,
    summary: '培训大数据的培训班表格（按开始时间倒序，可按班次类别筛选，分页）',
    query: DashboardTrainQuerySchema,
    response: DashboardTrainPageSchema,
  },
  'statistic.years': {
    method: 'GET', path: '/api/statistic/years', access: STATISTIC,
    summary: '有培训数据的年份（至今年为止，倒序）',
    response: z.array(z.number().int()),
  },
  'statistic.department': {
    method: 'GET', path: '/api/statistic/department', access: STATISTIC,
    summary: '各主办单位的培训班数与培训人次（GetNew：年份、班次类别筛选）',
    query: StatisticQuerySchema,
    response: z.array(DepartmentStatSchema),
  },
  'statistic.classType': {
    method: 'GET', path: '/api/statistic/classType', access: STATISTIC,
    summary: '各班次类别的培训班数与培训人次（getNewTrain：年份、主办单位筛选）',
    query: StatisticQuerySchema,
    response: z.array(ClassTypeStatSchema),
  },
  'statistic.trains': {
    method: 'GET', path: '/api/statistic/train', access: STATISTIC,
    summary: '统计明细：培训班及其报名、签到人数（getTrain/getList：年份、班次类别、主办单位筛选，分页）',
    query: StatisticTrainQuerySchema,
    response: StatisticTrainPageSchema,
  },
  'statistic.trainMembers': {
    method: 'GET', path: '/api/statistic/train/{id}/member', access: STATISTIC, scope: { id: 'train' },
    summary: '统计明细：某培训班的报名人员及是否签到（分页）',
    params: idParam,
    query: TrainMemberQuerySchema,
    response: TrainMemberPageSchema,
  },
  'ledger.targets': {
    method: 'GET', path: '/api/ledger/target', access: STATISTIC,
    summary: '学时档案的年度学时目标（党员；支部书记与委员）',
    response: HourTargetsSchema,
  },
  'ledger.setTargets': {
    method: 'PATCH', path: '/api/ledger/target', access: STATISTIC, province: true, record: 'hourTarget', recordBy: { row: 1 },
    summary: '设置年度学时目标',
    body: HourTargetsSchema,
    response: HourTargetsSchema,
  },
  'ledger.orgs': {
    method: 'GET', path: '/api/ledger/org', access: STATISTIC, scope: { parentId: 'org' },
    summary: '学时档案：某组织的下级组织的学时达标情况（达标率最低者在前）',
    query: LedgerOrgQuerySchema,
    response: LedgerOrgListSchema,
  },
  'ledger.members': {
    method: 'GET', path: '/api/ledger/member', access: STATISTIC, scope: { orgId: 'org' },
    summary: '学时档案：某组织（含下级）党员的年度学时与目标（差距最大者在前，分页）',
    query: LedgerMemberQuerySchema,
    response: LedgerMemberPageSchema,
  },
  'ledger.memberTrains': {
    method: 'GET', path: '/api/ledger/member/{id}/train', access: STATISTIC, scope: { id: 'member' },
    summary: '学时档案：某党员当年报名的培训班（签到后计学时）',
    params: idParam,
    query: LedgerTrainQuerySchema,
    response: z.array(LedgerTrainSchema),
  },
  'ledger.download': {
    method: 'GET', path: '/api/ledger/download', access: STATISTIC, kind: 'download', rpc: false, scope: { orgId: 'org' },
    summary: '导出学时档案（xlsx，流式：组织及下级全部党员的年度学时与目标）',
    query: LedgerDownloadQuerySchema,
    response: z.unknown(),
  },
})
