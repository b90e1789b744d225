import { useEffect, useState } from 'react'
import { Badge, Button, Spinner } from '@fluentui/react-components'
import type { LedgerMember, LedgerTrain } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { ViewDialog } from '../../components/ViewDialog'
import { FigureTable, type FigureColumn } from './FigureTable'
import { minutesOf } from '../../../src-shared/date-text'

const shortfall = (r: LedgerMember) => Math.max(r.target - r.hours, 0)

const memberColumns: readonly Column<LedgerMember>[] = [
  { key: 'name', title: '姓名', render: (r) => r.name, width: '100px' },
  { key: 'org', title: '所在组织', render: (r) => r.orgName },
  { key: 'partyJobs', title: '党内职务', render: (r) => r.partyJobs ?? '', width: '120px' },
  { key: 'hours', title: '年度学时', render: (r) => r.hours, width: '80px' },
  { key: 'target', title: '目标学时', render: (r) => r.target, width: '80px' },
  {
    key: 'state',
    title: '差距',
    render: (r) => (r.hours >= r.target ? <Badge color="success" appearance="tint">已达标</Badge> : <Badge color="danger" appearance="tint">差 {shortfall(r)} 学时</Badge>),
    width: '110px',
  },
]

const trainColumns: readonly FigureColumn<LedgerTrain>[] = [
  { key: 'name', title: '培训班名称', text: (r) => r.name },
  { key: 'time', title: '培训时间', text: (r) => `${minutesOf(r.trainStartTime)} ~ ${minutesOf(r.trainEndTime)}`, width: '260px' },
  { key: 'classHour', title: '学时', text: (r) => r.classHour, width: '56px', numeric: true },
  {
    key: 'checkedIn',
    title: '计入学时',
    text: (r) => (r.checkedIn ? '已签到，计入' : '未签到，不计'),
    render: (r) => <Badge appearance="tint" color={r.checkedIn ? 'success' : 'informative'}>{r.checkedIn ? '已签到，计入' : '未签到，不计'}</Badge>,
    width: '120px',
  },
]

/** The trainings one member signed up for in the year. */
function MemberTrainsTable({ member, year }: { member: LedgerMember; year: number }) {
  const notify = useNotify()
  const [trains, setTrains] = useState<LedgerTrain[] | null>(null)
  useEffect(() => {
    let current = true
    call('ledger.memberTrains', { id: member.id, year }).then(
      (rows) => current && setTrains(rows),
      (error: unknown) => current && notify.error(error),
    )
    return () => {
      current = false
    }
  }, [member, year, notify])
  if (trains === null) return <Spinner size="small" label="加载中..." />
  return <FigureTable label="培训记录" columns={trainColumns} rows={trains} rowKey={(r) => r.id} exportName={`${member.name}${year}年培训记录`} />
}

function MemberTrains({ member, year, onClose }: { member: LedgerMember | null; year: number; onClose(): void }) {
  return (
    <ViewDialog open={member !== null} title={member ? `${member.name} · ${year}年培训记录（${member.hours} / ${member.target} 学时）` : ''} onClose={onClose} width="wide">
      {member && <MemberTrainsTable key={member.id} member={member} year={year} />}
    </ViewDialog>
  )
}

/** The members of an organisation's subtree, furthest behind first, each opening its trainings. */
export function LedgerMembers({ orgId, year }: { orgId: number; year: number }) {
  const [member, setMember] = useState<LedgerMember | null>(null)
  return (
    <>
      <ResourceTable<LedgerMember>
        key={`${orgId}-${year}`}
        label="党员学时"
        columns={memberColumns}
        rowKey={(r) => r.id}
        load={({ pageNum, pageSize }) => call('ledger.members', { year, orgId, pageNum, pageSize })}
        actionsWidth="100px"
        rowActions={(row) => (
          <Button size="small" appearance="transparent" onClick={() => setMember(row)}>
            培训记录
          </Button>
        )}
      />
      <MemberTrains member={member} year={year} onClose={() => setMember(null)} />
    </>
  )
}
