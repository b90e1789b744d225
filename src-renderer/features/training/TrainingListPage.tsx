import { useCallback, useRef, useState } from 'react'
import {
  Badge,
  Caption1,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components'
import { AddRegular, MoreHorizontalRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { z } from 'zod'
import { routes } from '../../../src-shared/api'
import { sortableColumns, sortFields } from '../../../src-shared/list-sort'
import type { TotalResultSchema, TrainListQuery, TrainListRow } from '../../../src-shared/schemas/training'
import { classTypeLabel, classTypes, hostTypes } from '../../../src-shared/schemas/training-codes'
import { trainStatusLabel, trainStatuses } from '../../../src-shared/training-status'
import { call } from '../../lib/bridge'
import { useUser } from '../../components/session'
import type { FilterField } from '../../components/FilterBar'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import type { PageRequest } from '../../components/useResourcePage'
import { AuditDialog } from './AuditDialog'
import { VenuePapersDialog } from '../venue/VenuePapersDialog'
import { CopyTrainingDialog, type CopySource } from './CopyTrainingDialog'
import { minutesOf } from '../../../src-shared/date-text'

type Filter = 'name' | 'depName' | 'isTrainCenter' | 'status' | 'classType'
type Totals = z.infer<typeof TotalResultSchema>

const filters: readonly FilterField<Filter>[] = [
  { name: 'name', label: '培训名称' },
  { name: 'depName', label: '主办单位' },
  { name: 'isTrainCenter', label: '主办类型', options: hostTypes.map((t) => ({ value: String(t.code), label: t.label })) },
  { name: 'status', label: '状态', options: trainStatuses.map((s) => ({ value: String(s.code), label: s.label })) },
  { name: 'classType', label: '班次类别', options: classTypes.map((t) => ({ value: String(t.code), label: t.label })) },
]

// The theme's brand colour is red, which reads as an error here: none of the states uses it.
const statusColours: Record<number, BadgeProps['color']> = {
  0: 'subtle',
  10: 'informative',
  30: 'success',
  40: 'warning',
  50: 'severe',
  60: 'important',
  99: 'subtle',
}


/** A time span on two lines, so both ends show in a narrow column. */
function span(start: string, end: string) {
  return (
    <>
      <div>{minutesOf(start)}</div>
      <div>至 {minutesOf(end)}</div>
    </>
  )
}

const rejectReasonStyle = { color: tokens.colorPaletteRedForeground1, marginTop: tokens.spacingVerticalXXS }

const columns: readonly Column<TrainListRow>[] = [
  { key: 'name', title: '培训名称', render: (row) => row.name, wrap: true },
  { key: 'depName', title: '主办单位', render: (row) => row.depName, width: '104px', wrap: true },
  { key: 'classType', title: '班次类别', render: (row) => classTypeLabel(row.classType, row.classTypeName), width: '90px', wrap: true },
  { key: 'trainStartTime', title: '培训时间', render: (row) => span(row.trainStartTime, row.trainEndTime), width: '136px', wrap: true },
  { key: 'signUpTime', title: '报名时间', render: (row) => span(row.signUpStartTime, row.signUpEndTime), width: '136px', wrap: true },
  { key: 'allNum', title: '报名人数', render: (row) => `${row.allNum} / ${row.maxNum > 0 ? row.maxNum : '不限'}`, width: '64px' },
  {
    key: 'status',
    title: '状态',
    width: '136px',
    text: (row) => [trainStatusLabel(row.status), row.rejectReason && `驳回原因：${row.rejectReason}`].filter(Boolean).join('\n'),
    render: (row) => (
      <>
        <Badge appearance="tint" color={statusColours[row.status] ?? 'danger'}>
          {trainStatusLabel(row.status)}
        </Badge>
        {/* The host unit reads why it was rejected where it sees the status (issue 32). */}
        {row.rejectReason && (
          <Caption1 block style={rejectReasonStyle} title={row.rejectReason}>
            驳回原因：{row.rejectReason}
          </Caption1>
        )}
      </>
    ),
  },
]

const useStyles = makeStyles({
  totals: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
})

/** The list's call; its sort is one of the route's declared columns, the only headers the table lets sort. */
function queryOf(request: PageRequest<Filter>): TrainListQuery {
  return { pageNum: request.pageNum, pageSize: request.pageSize, ...request.filters, ...(sortFields(request.sort) as Pick<TrainListQuery, 'orderBy' | 'order'>) }
}

/** 培训班管理 (spec 000 §2): filters, totals, the list and each training's actions. */
export default function TrainingListPage() {
  const styles = useStyles()
  const navigate = useNavigate()
  const confirmedDelete = useConfirmedDelete()
  const table = useRef<ResourceTableHandle>(null)
  const [totals, setTotals] = useState<Totals | null>(null)
  const [auditing, setAuditing] = useState<number | null>(null)
  const [papersOf, setPapersOf] = useState<number | null>(null)
  const [copying, setCopying] = useState<CopySource | null>(null)
  // 审核 is a permission of its own (author and approver apart): without it the server refuses, so no button.
  const canAudit = useUser().permissions.includes('training:audit')

  const load = useCallback(async (request: PageRequest<Filter>) => {
    const { pageNum: _pageNum, pageSize: _pageSize, orderBy: _orderBy, order: _order, ...filter } = queryOf(request)
    const [page, total] = await Promise.all([call('train.list', queryOf(request)), call('total.result', filter)])
    setTotals(total)
    return page
  }, [])

  // The confirmation counts what goes with it: sign-ups, check-ins, exams … (src-shared/references.ts).
  const remove = (row: TrainListRow) =>
    confirmedDelete(`确定要删除培训班“${row.name}”吗？`, () => call('train.delete', { id: row.id }), () => table.current?.reload(), { table: 'train', ids: [row.id] })
  const closeAudit = useCallback(() => setAuditing(null), [])
  const closeCopy = useCallback(() => setCopying(null), [])
  const reload = useCallback(() => table.current?.reload(), [])

  return (
    <>
      <ResourceTable
        ref={table}
        label="培训班列表"
        columns={columns}
        rowKey={(row) => row.id}
        load={load}
        sortable={sortableColumns(routes['train.list'].query)}
        filters={filters}
        actionsWidth="130px"
        toolbar={
          <>
            <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/trainingManagement/trainAdd')}>
              新增培训班
            </Button>
            {totals && (
              <div className={styles.totals} aria-label="合计">
                <Text>共 {totals.trainsCount} 个培训班</Text>
                <Text>报名 {totals.memberJoinCount} 人次</Text>
                {totals.statusCounts.map((s) => (
                  <Text key={s.status}>
                    {trainStatusLabel(s.status)} {s.count}
                  </Text>
                ))}
              </div>
            )}
          </>
        }
        rowActions={(row) => (
          <>
            <Button size="small" appearance="transparent" onClick={() => navigate(`/trainingManagement/trainEdit?trainId=${row.id}`)}>
              编辑
            </Button>
            {canAudit && (
              <Button size="small" appearance="transparent" onClick={() => setAuditing(row.id)}>
                审核
              </Button>
            )}
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button size="small" appearance="transparent" icon={<MoreHorizontalRegular />} aria-label={`更多操作：${row.name}`} />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem onClick={() => setCopying(row)}>复制培训班</MenuItem>
                  <MenuItem onClick={() => navigate(`/trainingManagement/fieldSeat?id=${row.id}`)}>会场安排</MenuItem>
                  <MenuItem onClick={() => navigate(`/trainingManagement/viewPeople?id=${row.id}`)}>报名人员</MenuItem>
                  <MenuItem onClick={() => navigate(`/trainingManagement/checkIns?id=${row.id}`)}>签到记录</MenuItem>
                  <MenuItem onClick={() => setPapersOf(row.id)}>场地材料</MenuItem>
                  <MenuItem onClick={() => navigate(`/questionnaireManagement/result?examId=${row.id}`)}>满意度反馈</MenuItem>
                  <MenuItem onClick={() => void remove(row)}>删除</MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          </>
        )}
      />
      <CopyTrainingDialog source={copying} onClose={closeCopy} />
      {canAudit && <AuditDialog trainId={auditing} onClose={closeAudit} onAudited={reload} />}
      {papersOf !== null && <VenuePapersDialog trainId={papersOf} open onClose={() => setPapersOf(null)} />}
    </>
  )
}
