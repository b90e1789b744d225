import { useState } from 'react'
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { DocumentSearchRegular } from '@fluentui/react-icons'
import type { LogEntry } from '../../../src-shared/schemas/system'
import { call } from '../../lib/bridge'
import { LogChanges } from '../../components/LogChanges'
import { actionTitle, moduleOptions, moduleTitle, recordTitle } from '../../components/logLabels'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { numbered } from '../../components/useResourcePage'
import { ViewDialog } from '../../components/ViewDialog'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, marginBottom: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
})

type Row = LogEntry & { index: number }

/** `2026-11-22T09:30` (datetime-local) → `2026-11-22 09:30:00`, the API's format. */
function apiTime(value: string | undefined): string | undefined {
  if (!value) return undefined
  const text = value.replace('T', ' ')
  return text.length === 16 ? `${text}:00` : text
}

const recordOf = (row: LogEntry) => recordTitle(row.recordTable, row.recordId)

const columns: Column<Row>[] = [
  { key: 'index', title: '序号', width: '64px', render: (row) => row.index },
  { key: 'time', title: '时间', width: '170px', render: (row) => minutesOf(row.createTime) },
  { key: 'account', title: '账号', width: '120px', render: (row) => row.adminName ?? '—' },
  { key: 'module', title: '模块', width: '110px', render: (row) => moduleTitle(row.module) },
  { key: 'action', title: '操作', render: (row) => actionTitle(row.route) },
  { key: 'record', title: '记录', width: '100px', render: recordOf },
  {
    key: 'ok',
    title: '结果',
    width: '90px',
    render: (row) => (row.ok ? <Badge color="success">成功</Badge> : <Badge color="danger" title={row.message ?? ''}>失败</Badge>),
  },
  { key: 'ip', title: 'IP', width: '110px', render: (row) => row.ip },
]

function LogDetail({ entry, onClose }: { entry: LogEntry | null; onClose(): void }) {
  const styles = useStyles()
  const facts: [string, string][] = entry
    ? [
        ['时间', entry.createTime],
        ['账号', entry.adminName ?? '—'],
        ['模块', moduleTitle(entry.module)],
        ['操作', actionTitle(entry.route)],
        ['记录', recordOf(entry)],
        ['结果', entry.ok ? '成功' : `失败：${entry.message ?? ''}`],
        ['IP', entry.ip],
      ]
    : []
  return (
    <ViewDialog open={entry !== null} title="日志详情" onClose={onClose}>
      <div className={styles.facts}>
        {facts.map(([label, value]) => (
          <Text key={label}>
            <span className={styles.muted}>{label}：</span>
            {value}
          </Text>
        ))}
      </div>
      {entry && <LogChanges before={entry.before} after={entry.after} />}
    </ViewDialog>
  )
}

/** 操作日志: who did what to which record, with filters and each entry's before/after. */
export default function LogPage() {
  const [detail, setDetail] = useState<LogEntry | null>(null)
  return (
    <>
      <ResourceTable
        label="操作日志"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[
          { name: 'adminName', label: '账号' },
          { name: 'module', label: '模块', options: moduleOptions() },
          { name: 'startTime', label: '开始时间', type: 'datetime-local', width: '300px' },
          { name: 'endTime', label: '结束时间', type: 'datetime-local', width: '300px' },
          { name: 'recordId', label: '记录编号' },
        ]}
        load={async ({ pageNum, pageSize, filters }) => {
          const recordId = filters.recordId && /^\d+$/.test(filters.recordId) ? Number(filters.recordId) : undefined
          const page = await call('log.list', {
            pageNum,
            pageSize,
            adminName: filters.adminName,
            module: filters.module,
            startTime: apiTime(filters.startTime),
            endTime: apiTime(filters.endTime),
            recordId,
          })
          return numbered(page, pageNum, pageSize)
        }}
        rowActions={(row) => (
          <Button size="small" appearance="subtle" icon={<DocumentSearchRegular />} onClick={() => setDetail(row)}>
            详情
          </Button>
        )}
      />
      <LogDetail entry={detail} onClose={() => setDetail(null)} />
    </>
  )
}
