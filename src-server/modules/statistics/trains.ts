import type { DataScope } from '../../auth/scope'
import { scopeIds } from '../../scope/kinds'
import type { Db } from '../../db/types'

/**
 * Trainings hosted inside the scope. Hosts are top organisations or the root (其他),
 * so the super user's scope holds every training and needs no condition at all:
 * the aggregates then read only the statistics indexes of migration 0010.
 */
export function trainsInScope(db: Db, scope: DataScope) {
  const all = db.selectFrom('train')
  // The train kind's own condition (scope/kinds.ts) on the host column, which the statistics indexes of migration 0010 carry.
  return scope.superUser ? all : all.where('train.orgId', 'in', scopeIds.org(db, scope))
}

/** The half-open range of start times of a year, as stored text. */
export function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01 00:00:00`, to: `${year + 1}-01-01 00:00:00` }
}

export interface TrainFilters {
  year?: number
  classType?: number
  orgId?: number
}

/** Trainings in the scope narrowed by the statistics filters. */
export function filteredTrains(db: Db, scope: DataScope, f: TrainFilters) {
  let query = trainsInScope(db, scope)
  if (f.year !== undefined) {
    const { from, to } = yearRange(f.year)
    query = query.where('train.trainStartTime', '>=', from).where('train.trainStartTime', '<', to)
  }
  if (f.classType !== undefined) query = query.where('train.classType', '=', f.classType)
  if (f.orgId !== undefined) query = query.where('train.orgId', '=', f.orgId)
  return query
}
