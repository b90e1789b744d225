import { useEffect, useState } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import {
  BookOpenRegular,
  DismissRegular,
  HatGraduationRegular,
  PeopleRegular,
  PersonBoardRegular,
} from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DashboardSummary, DashboardTrain } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { useUser } from '../../components/session'
import { Chart } from '../../components/Chart'
import type { ExportColumn } from '../../components/exportTable'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { CheckInDialog } from './CheckInDialog'
import { ExportAllButton } from './ExportAllButton'
import { minutesOf } from '../../../src-shared/date-text'
import { classTypeLabel, classTypesByCode } from './labels'
import { SatisfactionDialog } from './SatisfactionDialog'
import { StartGuide } from './StartGuide'
import { SummaryCards } from './SummaryCards'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // The table keeps its whole width (the columns below, 794 px with the panel's padding) and the pie takes
  // what is left, 220–360 px; where even that does not fit, the pie goes under the table instead of over it.
  main: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) clamp(220px, calc(100% - 810px), 360px)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 1330px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
  },
  time: { display: 'flex', flexDirection: 'column', lineHeight: tokens.lineHeightBase200 },
  filterNote: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

const exportColumns: readonly ExportColumn<DashboardTrain>[] = [
  { title: '班次类别', text: (r) => classTypeLabel(r.classType, r.classTypeName) },
  { title: '培训班名称', text: (r) => r.name },
  { title: '开始时间', text: (r) => minutesOf(r.trainStartTime) },
  { title: '结束时间', text: (r) => minutesOf(r.trainEndTime) },
  { title: '报名人数', text: (r) => r.allNum },
  { title: '培训地点', text: (r) => r.site },
]

function TimeSpan({ row }: { row: DashboardTrain }) {
  const styles = useStyles()
  return (
    <span className={styles.time}>
      <span>{minutesOf(row.trainStartTime)}</span>
      <span>{minutesOf(row.trainEndTime)}</span>
    </span>
  )
}

const columns: readonly Column<DashboardTrain>[] = [
  { key: 'classType', title: '班次类别', render: (r) => classTypeLabel(r.classType, r.classTypeName), width: '100px', wrap: true },
  { key: 'name', title: '培训班名称', render: (r) => r.name, wrap: true },
  { key: 'time', title: '培训时间', render: (r) => <TimeSpan row={r} />, text: (r) => `${minutesOf(r.trainStartTime)}\n${minutesOf(r.trainEndTime)}`, width: '130px', wrap: true },
  { key: 'allNum', title: '报名人数', render: (r) => r.allNum, width: '64px' },
  { key: 'site', title: '培训地点', render: (r) => r.site, width: '90px' },
]

/** /index 培训大数据: summary cards, the training table and the class-type pie that filters it (spec 000 §2). */
export default function DashboardPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const { permissions } = useUser()
  const [summary, setSummary] = useState<DashboardSummary | null>(null)
  const [summaryFailed, setSummaryFailed] = useState(false)
  /** Index of the chosen pie slice: the table shows class type index + 1. */
  const [slice, setSlice] = useState<number | null>(null)
  const [checkIns, setCheckIns] = useState<DashboardTrain | null>(null)
  const [satisfaction, setSatisfaction] = useState<DashboardTrain | null>(null)
  // The views answer to the screens that own them (sign-ups and check-ins: the training list; satisfaction: that or 问卷结果).
  const canOpenTrainings = permissions.includes('training:train')
  const canOpenSatisfaction = canOpenTrainings || permissions.includes('questionnaire:result')
  const classType = slice === null ? undefined : slice + 1
  const loadTrains = (pageNum: number, pageSize: number) => call('dashboard.trains', { pageNum, pageSize, classType })

  useEffect(() => {
    call('dashboard.summary').then(setSummary, (error: unknown) => {
      setSummaryFailed(true)
      // Offline with nothing cached: the table's first page, read with the summary whenever
      // this page opens (so cached with it or not at all), says so itself — one message, not two.
      if (!(error instanceof AppError && error.key === ErrorKey.OFFLINE)) notify.error(error)
    })
  }, [notify])

  return (
    <div className={styles.root}>
      <SummaryCards
        cards={[
          { title: '培训班总数', value: summary?.trainsCount ?? null, unit: '个', icon: <HatGraduationRegular />, screen: 'training:train' },
          { title: '报名人次', value: summary?.memberJoinCount ?? null, unit: '人次', icon: <PeopleRegular />, screen: 'dashboard:statistic' },
          { title: '培训资源', value: summary?.courseSourcesCount ?? null, unit: '个', icon: <BookOpenRegular />, screen: 'course:course' },
          { title: '教师', value: summary?.teacherNum ?? null, unit: '人', icon: <PersonBoardRegular />, screen: 'course:teacher' },
        ]}
      />
      {summary?.trainsCount === 0 && <StartGuide />}
      <div className={styles.main}>
        <div className={styles.panel}>
          <ResourceTable<DashboardTrain>
            // A new class type starts the table again from its first page.
            key={classType ?? 'all'}
            label="培训班列表"
            columns={columns}
            rowKey={(r) => r.id}
            bodyMaxHeight="max(240px, calc(100vh - 430px))"
            load={({ pageNum, pageSize }) => loadTrains(pageNum, pageSize)}
            toolbar={
              <>
                <ExportAllButton fileName="培训班列表" columns={exportColumns} load={loadTrains} />
                {classType !== undefined && (
                  <span className={styles.filterNote}>
                    <Text>班次类别：{classTypeLabel(classType)}</Text>
                    <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => setSlice(null)}>
                      全部类别
                    </Button>
                  </span>
                )}
              </>
            }
            actionsWidth="150px"
            rowActions={
              canOpenSatisfaction
                ? (row) => (
                    <>
                      {canOpenTrainings && (
                        <>
                          <Button size="small" appearance="transparent" onClick={() => navigate(`/trainingManagement/viewPeople?id=${row.id}`)}>
                            报名
                          </Button>
                          <Button size="small" appearance="transparent" onClick={() => setCheckIns(row)}>
                            签到
                          </Button>
                        </>
                      )}
                      <Button size="small" appearance="transparent" onClick={() => setSatisfaction(row)}>
                        满意度
                      </Button>
                    </>
                  )
                : undefined
            }
          />
        </div>
        <Chart
          kind="pie"
          title="班次类别占比"
          height="max(280px, calc(100vh - 430px))"
          loading={summary === null && !summaryFailed}
          categories={classTypesByCode.map((c) => c.label)}
          series={[{ name: '培训班数', values: classTypesByCode.map((c) => summary?.[`classType${c.code}`] ?? 0) }]}
          selectedIndex={slice}
          onSelect={setSlice}
        />
      </div>
      <CheckInDialog training={checkIns} onClose={() => setCheckIns(null)} />
      <SatisfactionDialog training={satisfaction} onClose={() => setSatisfaction(null)} />
    </div>
  )
}
