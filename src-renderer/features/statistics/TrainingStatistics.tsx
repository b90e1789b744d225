import { useEffect, useState } from 'react'
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components'
import { HatGraduationRegular, PeopleRegular } from '@fluentui/react-icons'
import type { ClassTypeStat, DepartmentStat } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { Chart } from '../../components/Chart'
import { useNotify } from '../../components/toast'
import { FigureTable, type FigureColumn } from './FigureTable'
import { classTypeLabel } from './labels'
import { StatDetailDialog, type StatDetail } from './StatDetailDialog'
import { SummaryCards } from './SummaryCards'
import { YearPicker } from './YearPicker'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalL },
  tables: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
})

const departmentColumns: readonly FigureColumn<DepartmentStat>[] = [
  { key: 'depName', title: '主办单位', text: (r) => r.depName },
  { key: 'trainsCount', title: '培训班次', text: (r) => r.trainsCount, width: '90px', numeric: true },
  { key: 'peopleNum', title: '培训人次', text: (r) => r.peopleNum, width: '90px', numeric: true },
]

const classTypeColumns: readonly FigureColumn<ClassTypeStat>[] = [
  { key: 'classType', title: '班次类别', text: (r) => classTypeLabel(r.classType) },
  { key: 'trainsCount', title: '培训班次', text: (r) => r.trainsCount, width: '90px', numeric: true },
  { key: 'peopleNum', title: '培训人次', text: (r) => r.peopleNum, width: '90px', numeric: true },
]

interface Figures {
  departments: DepartmentStat[]
  classTypes: ClassTypeStat[]
}

const yearText = (year: number | null) => (year === null ? '全部年度' : `${year}年`)

/** 培训统计: trained people per host unit and per class type for a year, with their detail dialogs (spec 000 §2). */
export function TrainingStatistics({ years }: { years: readonly number[] }) {
  const styles = useStyles()
  const notify = useNotify()
  const [year, setYear] = useState<number | null>(null)
  const [figures, setFigures] = useState<Figures | null>(null)
  const [detail, setDetail] = useState<StatDetail | null>(null)

  useEffect(() => {
    let current = true
    const filter = { year: year ?? undefined }
    Promise.all([call('statistic.department', filter), call('statistic.classType', filter)]).then(
      ([departments, classTypes]) => current && setFigures({ departments, classTypes }),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [year, notify])

  const trains = figures?.classTypes.reduce((sum, t) => sum + t.trainsCount, 0) ?? null
  const people = figures?.classTypes.reduce((sum, t) => sum + t.peopleNum, 0) ?? null
  const showDepartment = (d: DepartmentStat) => setDetail({ title: `${d.depName} · ${yearText(year)}培训明细`, filter: { year: year ?? undefined, orgId: d.orgId } })
  const showClassType = (t: ClassTypeStat) =>
    setDetail({ title: `${classTypeLabel(t.classType)} · ${yearText(year)}培训明细`, filter: { year: year ?? undefined, classType: t.classType } })
  const detailButton = (open: () => void) => (
    <Button size="small" appearance="transparent" onClick={open}>
      详情
    </Button>
  )

  return (
    <div className={styles.root}>
      <YearPicker years={years} value={year} onChange={setYear} allowAll />
      <SummaryCards
        cards={[
          { title: '培训总班次', value: trains, unit: '班次', icon: <HatGraduationRegular />, screen: 'training:train' },
          { title: '培训总人次', value: people, unit: '人次', icon: <PeopleRegular />, screen: 'dashboard:statistic' },
        ]}
      />
      {figures === null ? (
        <Spinner label="加载中..." />
      ) : (
        <>
          <div className={styles.charts}>
            <Chart
              kind="line"
              title={`各单位培训人次（${yearText(year)}）`}
              categories={figures.departments.map((d) => d.simpleName)}
              series={[{ name: '培训人次', values: figures.departments.map((d) => d.peopleNum) }]}
              onSelect={(index) => index !== null && showDepartment(figures.departments[index])}
            />
            <Chart
              kind="bar"
              title={`各班次类别培训情况（合计 ${trains ?? 0} 班次、${people ?? 0} 人次）`}
              categories={figures.classTypes.map((t) => classTypeLabel(t.classType))}
              series={[
                { name: '培训班次', values: figures.classTypes.map((t) => t.trainsCount) },
                { name: '培训人次', values: figures.classTypes.map((t) => t.peopleNum) },
              ]}
              onSelect={(index) => index !== null && showClassType(figures.classTypes[index])}
            />
          </div>
          <div className={styles.tables}>
            <FigureTable
              label="各单位培训情况"
              columns={departmentColumns}
              rows={figures.departments}
              rowKey={(r) => r.orgId}
              exportName={`各单位培训情况${yearText(year)}`}
              rowActions={(row) => detailButton(() => showDepartment(row))}
            />
            <FigureTable
              label="各班次类别培训情况"
              columns={classTypeColumns}
              rows={figures.classTypes}
              rowKey={(r) => r.classType}
              exportName={`各班次类别培训情况${yearText(year)}`}
              rowActions={(row) => detailButton(() => showClassType(row))}
            />
          </div>
        </>
      )}
      <StatDetailDialog detail={detail} onClose={() => setDetail(null)} />
    </div>
  )
}
