import { sql } from 'kysely'
import { classTypeCodes, OTHER_HOST_NAME } from '../../../src-shared/schemas/training-codes'
import type { ClassTypeStat, DepartmentStat, StatisticTrain, TrainMember } from '../../../src-shared/schemas/statistics'
import type { DataScope } from '../../auth/scope'
import type { Db } from '../../db/types'
import { filteredTrains, type TrainFilters } from './trains'
import { onePage } from '../../db/paging'

/**
 * Trainings and trained people (sign-ups) per host unit. The trainings are grouped
 * first (on the statistics index) and only the groups meet the organisation table.
 */
export async function departmentStats(db: Db, scope: DataScope, f: TrainFilters): Promise<DepartmentStat[]> {
  const groups = filteredTrains(db, scope, f)
    .select(['train.orgId', sql<number>`count(*)`.as('trainsCount'), sql<number>`coalesce(sum(train.all_num), 0)`.as('peopleNum')])
    .groupBy('train.orgId')
  const rows = await db
    .selectFrom(groups.as('g'))
    .innerJoin('org', 'org.id', 'g.orgId')
    .select(['g.orgId', 'g.trainsCount', 'g.peopleNum', 'org.name', 'org.shortName', 'org.parentId'])
    // 其他 (hosted by the root) last, the units in their sort order.
    .orderBy(sql`case when org.parent_id is null then 1 else 0 end`)
    .orderBy('org.sortNumber')
    .orderBy('org.id')
    .execute()
  return rows.map((r) => {
    const depName = r.parentId === null ? OTHER_HOST_NAME : r.name
    return {
      orgId: r.orgId,
      depName,
      simpleName: r.parentId === null ? depName : (r.shortName ?? r.name),
      trainsCount: Number(r.trainsCount),
      peopleNum: Number(r.peopleNum),
    }
  })
}

/** Trainings and trained people per class type: every type, zeros included, in code order. */
export async function classTypeStats(db: Db, scope: DataScope, f: TrainFilters): Promise<ClassTypeStat[]> {
  const rows = await filteredTrains(db, scope, f)
    .select(['train.classType', sql<number>`count(*)`.as('trainsCount'), sql<number>`coalesce(sum(train.all_num), 0)`.as('peopleNum')])
    .groupBy('train.classType')
    .execute()
  const byType = new Map(rows.map((r) => [r.classType, r]))
  return [...classTypeCodes].sort((a, b) => a - b).map((classType) => {
    const row = byType.get(classType)
    return { classType, trainsCount: Number(row?.trainsCount ?? 0), peopleNum: Number(row?.peopleNum ?? 0) }
  })
}

export async function statisticTrains(db: Db, scope: DataScope, f: TrainFilters, pageNum: number, pageSize: number) {
  const base = filteredTrains(db, scope, f)
  const { records, total } = await onePage(
    base
      .select(['train.id', 'train.name', 'train.depName', 'train.classType', 'train.classTypeName', 'train.trainStartTime', 'train.classHour', 'train.allNum'])
      .orderBy('train.trainStartTime', 'desc')
      .orderBy('train.id', 'desc'),
    base,
    { pageNum, pageSize },
  )
  return { records: records satisfies StatisticTrain[], total }
}

/** A training's sign-ups with whether each checked in at least once. */
export async function trainMembers(db: Db, trainId: number, pageNum: number, pageSize: number) {
  const base = db.selectFrom('trainSignUp as s').where('s.trainId', '=', trainId)
  const { records: rows, total } = await onePage(
    base
      .innerJoin('org as o', 'o.id', 's.orgId')
      .select(['s.id', 's.name', 'o.name as orgName'])
      .select((eb) => eb.exists(eb.selectFrom('trainCheckIn as c').select('c.id').whereRef('c.signUpId', '=', 's.id')).as('checkedIn'))
      .orderBy('s.id'),
    base,
    { pageNum, pageSize },
  )
  const records: TrainMember[] = rows.map((r) => ({ id: r.id, name: r.name, orgName: r.orgName, checkedIn: Boolean(r.checkedIn) }))
  return { records, total }
}
