import { z } from 'zod'
import { intLike, numberLike, pageOf, pageQuery } from './common'

/**
 * The dashboard (培训大数据), the statistics page (/statistic) and the learning-hours
 * ledger (学时档案), spec 000 §2, §3, §7. Every figure is counted by the server in
 * SQL inside the caller's data scope.
 */

const count = z.number().int()

/** Spec 000 §3 Dashboard summary: totals and the trainings per class type 1–10. */
export const DashboardSummarySchema = z.object({
  trainsCount: count,
  memberJoinCount: count,
  courseSourcesCount: count,
  teacherNum: count,
  classType1: count, classType2: count, classType3: count, classType4: count, classType5: count,
  classType6: count, classType7: count, classType8: count, classType9: count, classType10: count,
})
export type DashboardSummary = z.output<typeof DashboardSummarySchema>

const classTypeFilter = intLike.pipe(z.number().int().min(1, '班次类别无效').max(10, '班次类别无效')).optional()
const yearFilter = intLike.pipe(z.number().int().min(1900, '年份无效').max(9999, '年份无效')).optional()

export const DashboardTrainQuerySchema = pageQuery.extend({ classType: classTypeFilter })

/** A row of the dashboard's training table. */
export const DashboardTrainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  classType: z.number().int(),
  classTypeName: z.string().nullable(),
  trainStartTime: z.string(),
  trainEndTime: z.string(),
  allNum: count,
  site: z.string(),
})
export type DashboardTrain = z.output<typeof DashboardTrainSchema>
export const DashboardTrainPageSchema = pageOf(DashboardTrainSchema)

/** Filters of the statistics calls: a year (absent: all years), a class type, a host unit. */
export const StatisticQuerySchema = z.object({
  year: yearFilter,
  classType: classTypeFilter,
  orgId: intLike.pipe(z.number().int().positive('组织无效')).optional(),
})
export type StatisticQuery = z.input<typeof StatisticQuerySchema>

/** Trained people (sign-ups) per host unit (department). */
export const DepartmentStatSchema = z.object({
  orgId: z.number().int(),
  depName: z.string(),
  simpleName: z.string(),
  trainsCount: count,
  peopleNum: count,
})
export type DepartmentStat = z.output<typeof DepartmentStatSchema>

export const ClassTypeStatSchema = z.object({
  classType: z.number().int(),
  trainsCount: count,
  peopleNum: count,
})
export type ClassTypeStat = z.output<typeof ClassTypeStatSchema>

export const StatisticTrainQuerySchema = pageQuery.extend(StatisticQuerySchema.shape)

export const StatisticTrainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  depName: z.string(),
  classType: z.number().int(),
  classTypeName: z.string().nullable(),
  trainStartTime: z.string(),
  classHour: z.number().int(),
  allNum: count,
})
export type StatisticTrain = z.output<typeof StatisticTrainSchema>
export const StatisticTrainPageSchema = pageOf(StatisticTrainSchema)

/** A training's signed-up members (the detail dialog's second table). */
export const TrainMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  orgName: z.string(),
  checkedIn: z.boolean(),
})
export type TrainMember = z.output<typeof TrainMemberSchema>
export const TrainMemberPageSchema = pageOf(TrainMemberSchema)
export const TrainMemberQuerySchema = pageQuery

const hourTarget = z.number().int('学时须为整数').min(1, '学时目标至少为 1').max(1000, '学时目标不超过 1000')

/** The yearly targets of the ledger, in class hours. */
export const HourTargetsSchema = z.object({
  // An emptied box says what to enter (not 必须是整数); 2.5 says it must be whole (issue 32).
  memberHours: numberLike(hourTarget, '请输入党员学时目标'),
  cadreHours: numberLike(hourTarget, '请输入书记、委员学时目标'),
})
export type HourTargets = z.output<typeof HourTargetsSchema>

const ledgerYear = intLike.pipe(z.number({ error: '请选择年度' }).int().min(1900, '年份无效').max(9999, '年份无效'))

export const LedgerOrgQuerySchema = z.object({
  year: ledgerYear,
  /** The organisation whose children are listed; absent: the top of the caller's tree. */
  parentId: intLike.pipe(z.number().int().positive('组织无效')).optional(),
})

/** One organisation of the ledger: its whole subtree's members against their targets. */
export const LedgerOrgSchema = z.object({
  orgId: z.number().int(),
  name: z.string(),
  hasChildren: z.boolean(),
  members: count,
  /** Members whose hours reach their target. */
  reached: count,
  totalHours: count,
  /** reached / members, 0–1 (0 without members). */
  rate: z.number(),
})
export type LedgerOrg = z.output<typeof LedgerOrgSchema>
export const LedgerOrgListSchema = z.object({
  /** The organisation listed: its own figures. */
  parent: LedgerOrgSchema,
  records: z.array(LedgerOrgSchema),
})

export const LedgerMemberQuerySchema = pageQuery.extend({
  year: ledgerYear,
  orgId: intLike.pipe(z.number({ error: '请选择组织' }).int().positive('组织无效')),
})
export const LedgerDownloadQuerySchema = LedgerMemberQuerySchema.omit({ pageNum: true, pageSize: true })

export const LedgerMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  orgName: z.string(),
  partyJobs: z.string().nullable(),
  hours: count,
  target: count,
})
export type LedgerMember = z.output<typeof LedgerMemberSchema>
export const LedgerMemberPageSchema = pageOf(LedgerMemberSchema)

export const LedgerTrainQuerySchema = z.object({ year: ledgerYear })
/** A training a member signed up for in the year; hours count only when checked in. */
export const LedgerTrainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  trainStartTime: z.string(),
  trainEndTime: z.string(),
  classHour: z.number().int(),
  checkedIn: z.boolean(),
})
export type LedgerTrain = z.output<typeof LedgerTrainSchema>
