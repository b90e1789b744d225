import { sql } from 'kysely'
import { classTypeCodes } from '../../../src-shared/schemas/training-codes'
import type { DashboardSummary } from '../../../src-shared/schemas/statistics'
import type { DataScope } from '../../auth/scope'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { contentCounts } from './content-counts'
import { filteredTrains, trainsInScope, yearRange } from './trains'
import { onePage } from '../../db/paging'

type ClassTypeKey = `classType${(typeof classTypeCodes)[number]}`

/** Trainings and sign-ups per class type, summed into the spec's summary fields. */
export async function dashboardSummary(db: Db, scope: DataScope): Promise<DashboardSummary> {
  const [byType, content] = await Promise.all([
    trainsInScope(db, scope)
      .select(['train.classType', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(train.all_num), 0)`.as('people')])
      .groupBy('train.classType')
      .execute(),
    contentCounts(db),
  ])
  const perType = Object.fromEntries(classTypeCodes.map((code) => [`classType${code}`, 0])) as Record<ClassTypeKey, number>
  let trainsCount = 0
  let memberJoinCount = 0
  for (const row of byType) {
    const n = Number(row.n)
    trainsCount += n
    memberJoinCount += Number(row.people)
    const key = `classType${row.classType}`
    if (key in perType) perType[key as ClassTypeKey] = n
  }
  return { trainsCount, memberJoinCount, ...content, ...perType }
}

/**
 * Years that have trainings, up to this year, newest first: the earliest start time,
 * then one indexed probe per year since (a distinct over every training's year read
 * all 20 000 of them on each call).
 */
export async function yearsWithData(db: Db, scope: DataScope): Promise<number[]> {
  const thisYear = Number(nowText().slice(0, 4))
  const first = await trainsInScope(db, scope).select(sql<string | null>`min(train.train_start_time)`.as('t')).executeTakeFirst()
  if (!first?.t) return []
  const years = Array.from({ length: Math.max(0, thisYear - Number(first.t.slice(0, 4)) + 1) }, (_, i) => thisYear - i)
  const found = await Promise.all(
    years.map(async (year) => {
      const { from, to } = yearRange(year)
      const hit = await trainsInScope(db, scope).select('train.id').where('train.trainStartTime', '>=', from).where('train.trainStartTime', '<', to).limit(1).executeTakeFirst()
      return hit ? year : null
    }),
  )
  return found.filter((y): y is number => y !== null)
}

/** The dashboard's training table: newest first, optionally one class type. */
export async function dashboardTrains(db: Db, scope: DataScope, classType: number | undefined, pageNum: number, pageSize: number) {
  const base = filteredTrains(db, scope, { classType })
  return onePage(
    base
      .select(['train.id', 'train.name', 'train.classType', 'train.classTypeName', 'train.trainStartTime', 'train.trainEndTime', 'train.allNum', 'train.site'])
      .orderBy('train.trainStartTime', 'desc')
      .orderBy('train.id', 'desc'),
    base,
    { pageNum, pageSize },
  )
}
