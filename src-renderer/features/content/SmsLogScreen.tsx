import { Badge, type BadgeProps } from '@fluentui/react-components'
import { smsStates, type SmsLogRow, type SmsState } from '../../../src-shared/schemas/sms'
import { call } from '../../app/bridge'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { numbered } from '../../components/useResourcePage'
import { minutesOf } from '../../app/dateText'

const stateColor: Record<SmsState, BadgeProps['color']> = {
  pending: 'informative', sending: 'informative', sent: 'success', failed: 'danger', invalid: 'warning', unsent: 'warning',
}

/** What the state rests on: the provider's message id once accepted, else the reason it was not (yet) sent. */
const stateNote = (row: SmsLogRow) => (row.state === 'sent' ? (row.providerMessageId ? `消息编号 ${row.providerMessageId}` : '') : (row.lastError ?? ''))

const columns: Column<SmsLogRow & { index: number }>[] = [
  { key: 'index', title: '序号', width: '60px', render: (row) => row.index },
  { key: 'name', title: '收件人', width: '90px', render: (row) => row.name },
  { key: 'telephone', title: '手机号', width: '120px', render: (row) => row.telephone },
  { key: 'title', title: '标题', width: '120px', render: (row) => row.title },
  { key: 'content', title: '短信内容', render: (row) => row.content },
  { key: 'createTime', title: '提交时间', width: '136px', render: (row) => minutesOf(row.createTime) },
  // Only a message a provider accepted has a send time.
  { key: 'sentTime', title: '发送时间', width: '136px', render: (row) => (row.sentTime ? minutesOf(row.sentTime) : '') },
  { key: 'state', title: '状态', width: '170px', render: (row) => <Badge color={stateColor[row.state]}>{smsStates[row.state]}</Badge> },
  { key: 'attempts', title: '尝试次数', width: '80px', render: (row) => row.attempts },
  { key: 'lastError', title: '说明', width: '160px', wrap: true, render: stateNote },
]

const stateOptions = (Object.keys(smsStates) as SmsState[]).map((value) => ({ value, label: smsStates[value] }))

/** 短信记录: the SMS outbox as a send log — recipient, time, state and failure reason. */
export default function SmsLogScreen() {
  return (
    <ResourceTable<SmsLogRow & { index: number }, 'name' | 'telephone' | 'state'>
      label="短信发送记录"
      columns={columns}
      rowKey={(row) => row.id}
      filters={[
        { name: 'name', label: '收件人' },
        { name: 'telephone', label: '手机号' },
        { name: 'state', label: '状态', options: stateOptions },
      ]}
      load={async ({ pageNum, pageSize, filters }) =>
        numbered(await call('sms.list', { pageNum, pageSize, name: filters.name, telephone: filters.telephone, state: filters.state as SmsState | undefined }), pageNum, pageSize)
      }
    />
  )
}
