import type { z } from 'zod'
import type { SignUpStatisticsDownloadQuerySchema, SignUpStatisticsRecord } from '../../../src-shared/schemas/signup'
import { genderLabel } from '../../../src-shared/schemas/training-codes'
import type { DataScope } from '../../auth/scope'
import { scopeIds } from '../../scope/kinds'
import type { Db } from '../../db/types'
import type { SheetColumn } from '../../files/xlsx-stream'
import { containsText } from '../../db/sql-text'

type Filters = z.output<typeof SignUpStatisticsDownloadQuerySchema>

/** A bare date as a bound: from its first second, or up to its last. */
const fromBound = (v: string) => (v.length === 10 ? `${v} 00:00:00` : v)
const toBound = (v: string) => (v.length === 10 ? `${v} 23:59:59` : v)

/**
 * Sign-ups of the members inside the scope (an account counts its own people,
 * whichever unit hosted the training, so the training filter is not a scoped input),
 * with the filters of spec 000 §7.
 */
export function statisticsQuery(db: Db, scope: DataScope, f: Filters) {
  return db
    .selectFrom('trainSignUp as s')
    .innerJoin('train as t', 't.id', 's.trainId')
    .innerJoin('org as o', 'o.id', 's.orgId')
    .where('s.orgId', 'in', scopeIds.org(db, scope))
    .where((eb) => {
      const parts = []
      if (f.name) parts.push(containsText('s.name', f.name))
      if (f.gender !== undefined) parts.push(eb('s.gender', '=', f.gender))
      if (f.telephone) parts.push(containsText('s.telephone', f.telephone))
      if (f.cardsNumber) parts.push(containsText('s.cardsNumber', f.cardsNumber))
      if (f.trainId !== undefined) parts.push(eb('s.trainId', '=', f.trainId))
      if (f.startTime) parts.push(eb('t.trainStartTime', '>=', fromBound(f.startTime)))
      if (f.endTime) parts.push(eb('t.trainEndTime', '<=', toBound(f.endTime)))
      if (f.orgAndJob) {
        const text = f.orgAndJob
        parts.push(eb.or(['s.company', 'o.name', 's.department', 's.jobs'].map((column) => containsText(column, text))))
      }
      return eb.and(parts)
    })
}

export function statisticsRows(query: ReturnType<typeof statisticsQuery>) {
  return query.select([
    's.id', 's.name', 's.telephone', 's.gender', 's.company', 's.department', 's.jobs', 'o.name as orgName',
    't.depName', 't.name as trainName', 't.trainStartTime', 't.trainEndTime', 't.classHour',
  ])
}

type Row = Awaited<ReturnType<ReturnType<typeof statisticsRows>['execute']>>[number]

export function toStatisticsRecord(r: Row): SignUpStatisticsRecord {
  return {
    id: r.id,
    name: r.name,
    telephone: r.telephone,
    gender: r.gender,
    depName: r.depName,
    orgAndJob: [r.company ?? r.orgName, r.department, r.jobs].filter(Boolean).join(' '),
    trainName: r.trainName,
    trainDate: `${r.trainStartTime.slice(0, 10)} ~ ${r.trainEndTime.slice(0, 10)}`,
    classHour: r.classHour,
  }
}

export const statisticsColumns: readonly SheetColumn<SignUpStatisticsRecord>[] = [
  { header: '姓名', width: 10, value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.telephone },
  { header: '性别', width: 6, value: (r) => genderLabel(r.gender) },
  { header: '主办单位', width: 22, value: (r) => r.depName },
  { header: '单位及职务', width: 30, value: (r) => r.orgAndJob },
  { header: '培训班名称', width: 30, value: (r) => r.trainName },
  { header: '培训时间', width: 24, value: (r) => r.trainDate },
  { header: '学时', width: 6, value: (r) => r.classHour },
]
