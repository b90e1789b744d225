import { useEffect, useState } from 'react'
import { Badge, Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import type { StatisticQuery, StatisticTrain, TrainMember } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { Chart } from '../../components/Chart'
import { useNotify } from '../../components/toast'
import { ViewDialog } from '../../components/ViewDialog'
import { FigureTable, type FigureColumn } from './FigureTable'
import { minutesOf } from '../../../src-shared/date-text'
import { classTypeLabel } from './labels'

/** What a detail dialog shows: a title and the statistics filter of its trainings. */
export interface StatDetail {
  title: string
  filter: StatisticQuery
}

/** The statistics fetch and the sign-up table's sizes (spec 000 §7, §9). */
const TRAINS_PAGE = 999
const MEMBERS_FETCH = 9999
const MEMBERS_PAGE = 6

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  members: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
})

// The name wraps and takes what the others leave: the fixed columns are as narrow as their texts.
const trainColumns: readonly FigureColumn<StatisticTrain>[] = [
  { key: 'name', title: '培训班名称', text: (r) => r.name, wrap: true },
  { key: 'depName', title: '主办单位', text: (r) => r.depName, width: '120px', wrap: true },
  { key: 'classType', title: '班次类别', text: (r) => classTypeLabel(r.classType, r.classTypeName), width: '112px', wrap: true },
  { key: 'start', title: '开始时间', text: (r) => minutesOf(r.trainStartTime), width: '124px' },
  { key: 'classHour', title: '学时', text: (r) => r.classHour, width: '40px', numeric: true },
  { key: 'allNum', title: '报名人数', text: (r) => r.allNum, width: '64px', numeric: true },
]

const memberColumns: readonly FigureColumn<TrainMember>[] = [
  { key: 'name', title: '姓名', text: (r) => r.name, width: '120px' },
  { key: 'org', title: '所在组织', text: (r) => r.orgName },
  {
    key: 'checkedIn',
    title: '签到',
    text: (r) => (r.checkedIn ? '已签到' : '未签到'),
    render: (r) => (
      <Badge appearance="tint" color={r.checkedIn ? 'success' : 'informative'}>
        {r.checkedIn ? '已签到' : '未签到'}
      </Badge>
    ),
    width: '90px',
  },
]

/** The members of one training, 6 to a page (spec 000 §9). */
function TrainMembers({ train }: { train: StatisticTrain }) {
  const styles = useStyles()
  const notify = useNotify()
  const [members, setMembers] = useState<TrainMember[] | null>(null)
  useEffect(() => {
    let current = true
    call('statistic.trainMembers', { id: train.id, pageNum: 1, pageSize: MEMBERS_FETCH }).then(
      (page) => current && setMembers(page.records),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [train.id, notify])
  return (
    <div className={styles.members}>
      <Text weight="semibold">{train.name} 的报名人员</Text>
      {members === null ? (
        <Spinner size="small" label="加载中..." />
      ) : (
        <FigureTable label="报名人员" columns={memberColumns} rows={members} rowKey={(r) => r.id} exportName={`${train.name}报名人员`} pageSize={MEMBERS_PAGE} />
      )}
    </div>
  )
}

/** The trainings of one detail: fetched when it opens (a new detail is a new body). */
function DetailBody({ detail }: { detail: StatDetail }) {
  const styles = useStyles()
  const notify = useNotify()
  const [trains, setTrains] = useState<StatisticTrain[] | null>(null)
  const [chosen, setChosen] = useState<StatisticTrain | null>(null)

  useEffect(() => {
    let current = true
    call('statistic.trains', { ...detail.filter, pageNum: 1, pageSize: TRAINS_PAGE }).then(
      (page) => current && setTrains(page.records),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [detail, notify])

  if (trains === null) return <Spinner label="加载中..." />
  return (
    <div className={styles.body}>
      <Chart
        kind="horizontalBar"
        title="各培训班报名人数"
        height={`${Math.min(360, 80 + trains.length * 28)}px`}
        categories={trains.map((t) => t.name)}
        series={[{ name: '报名人数', values: trains.map((t) => t.allNum) }]}
        onSelect={(index) => setChosen(index === null ? null : trains[index])}
      />
      <FigureTable
        label="培训班明细"
        columns={trainColumns}
        rows={trains}
        rowKey={(r) => r.id}
        exportName={detail.title}
        actionsWidth="90px"
        rowActions={(row) => (
          <Button size="small" appearance="transparent" onClick={() => setChosen(row)}>
            报名人员
          </Button>
        )}
      />
      {chosen && <TrainMembers key={chosen.id} train={chosen} />}
    </div>
  )
}

/** A department's or a class type's trainings: a chart of their sign-ups, the table, and a training's members. */
export function StatDetailDialog({ detail, onClose }: { detail: StatDetail | null; onClose(): void }) {
  return (
    <ViewDialog open={detail !== null} title={detail?.title ?? ''} onClose={onClose} width="wide">
      {detail && <DetailBody key={JSON.stringify(detail)} detail={detail} />}
    </ViewDialog>
  )
}
