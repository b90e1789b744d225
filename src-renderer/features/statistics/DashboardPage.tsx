import { useEffect, useState } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  BookOpenRegular,
  DismissRegular,
  HatGraduationRegular,
  PeopleRegular,
  PersonBoardRegular,
} from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { DashboardSummary, DashboardTrain } from '../../../src-shared/schemas/statistics'
import { MAX_PAGE_SIZE } from '../../../src-shared/schemas/common'
import { call } from '../../app/bridge'
import { useUser } from '../../app/session'
import { Chart } from '../../components/Chart'
import { exportTable, type ExportColumn } from '../../components/exportTable'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { CheckInDialog } from './CheckInDialog'
import { classTypeLabel, classTypesByCode, minutes } from './labels'
import { SummaryCards } from './SummaryCards'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  main: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(320px, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
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
  { title: '开始时间', text: (r) => minutes(r.trainStartTime) },
  { title: '结束时间', text: (r) => minutes(r.trainEndTime) },
  { title: '报名人数', text: (r) => r.allNum },
  { title: '培训地点', text: (r) => r.site },
]

function TimeSpan({ row }: { row: DashboardTrain }) {
  const styles = useStyles()
  return (
    <span className={styles.time}>
      <span>{minutes(row.trainStartTime)}</span>
      <span>{minutes(row.trainEndTime)}</span>
    </span>
  )
}

const columns: readonly Column<DashboardTrain>[] = [
  { key: 'classType', title: '班次类别', render: (r) => classTypeLabel(r.classType, r.classTypeName), width: '120px', wrap: true },
  { key: 'name', title: '培训班名称', render: (r) => r.name, wrap: true },
  { key: 'time', title: '培训时间', render: (r) => <TimeSpan row={r} />, width: '140px', wrap: true },
  { key: 'allNum', title: '报名人数', render: (r) => r.allNum, width: '72px' },
  { key: 'site', title: '培训地点', render: (r) => r.site, width: '120px' },
]

/** Every training of the filter, read a full page at a time, for the export. */
async function allTrainings(classType: number | undefined): Promise<DashboardTrain[]> {
  const rows: DashboardTrain[] = []
  for (let pageNum = 1; ; pageNum++) {
    const page = await call('dashboard.trains', { pageNum, pageSize: MAX_PAGE_SIZE, classType })
    rows.push(...page.records)
    if (rows.length >= page.total || page.records.length === 0) return rows
  }
}

/** /index 培训大数据: summary cards, the training table and the class-type pie that filters it (spec 000 §2). */
export default function DashboardPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const notify = useNotify()
  const { permissions } = useUser()
  const [summary, setSummary] = useState<DashboardSummary | null>(null)
  /** Index of the chosen pie slice: the table shows class type index + 1. */
  const [slice, setSlice] = useState<number | null>(null)
  const [checkIns, setCheckIns] = useState<DashboardTrain | null>(null)
  const [exporting, setExporting] = useState(false)
  const canOpenTrainings = permissions.includes('training:train')
  const classType = slice === null ? undefined : slice + 1

  useEffect(() => {
    call('dashboard.summary').then(setSummary, (error: unknown) => notify.error(error))
  }, [notify])

  const exportRows = async () => {
    setExporting(true)
    try {
      exportTable('培训班列表', exportColumns, await allTrainings(classType))
    } catch (error) {
      notify.error(error)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className={styles.root}>
      <Text as="h1" size={500} weight="semibold">
        培训大数据
      </Text>
      <SummaryCards
        cards={[
          { title: '培训班总数', value: summary?.trainsCount ?? null, unit: '个', icon: <HatGraduationRegular />, screen: 'training:train' },
          { title: '报名人次', value: summary?.memberJoinCount ?? null, unit: '人次', icon: <PeopleRegular />, screen: 'dashboard:statistic' },
          { title: '培训资源', value: summary?.courseSourcesCount ?? null, unit: '个', icon: <BookOpenRegular />, screen: 'course:course' },
          { title: '教师', value: summary?.teacherNum ?? null, unit: '人', icon: <PersonBoardRegular />, screen: 'course:teacher' },
        ]}
      />
      <div className={styles.main}>
        <div className={styles.panel}>
          <ResourceTable<DashboardTrain>
            // A new class type starts the table again from its first page.
            key={classType ?? 'all'}
            label="培训班列表"
            columns={columns}
            rowKey={(r) => r.id}
            bodyMaxHeight="max(240px, calc(100vh - 430px))"
            load={({ pageNum, pageSize }) => call('dashboard.trains', { pageNum, pageSize, classType })}
            toolbar={
              <>
                <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportRows()}>
                  导出
                </Button>
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
            actionsWidth="104px"
            rowActions={
              canOpenTrainings
                ? (row) => (
                    <>
                      <Button size="small" appearance="transparent" onClick={() => navigate(`/trainingManagement/viewPeople?id=${row.id}`)}>
                        报名
                      </Button>
                      <Button size="small" appearance="transparent" onClick={() => setCheckIns(row)}>
                        签到
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
          categories={classTypesByCode.map((c) => c.label)}
          series={[{ name: '培训班数', values: classTypesByCode.map((c) => summary?.[`classType${c.code}`] ?? 0) }]}
          selectedIndex={slice}
          onSelect={setSlice}
        />
      </div>
      <CheckInDialog training={checkIns} onClose={() => setCheckIns(null)} />
    </div>
  )
}
