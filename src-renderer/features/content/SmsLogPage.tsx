import { Badge, type BadgeProps } from '@fluentui/react-components'
import { smsStates, type SmsLogRow, type SmsState } from '../../../src-shared/schemas/sms'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { numbered } from '../../components/useResourcePage'
import { minutesOf } from '../../../src-shared/date-text'

const stateColor: Record<SmsState, BadgeProps['color']> = {
  pending: 'informative', sending: 'informative', sent: 'success', failed: 'danger', invalid: 'warning', unsent: 'warning',
}

/** What the state rests on (only an accepted message has a send time): when the provider accepted it and its message id once accepted, else the reason it was not (yet) sent and the attempts so far. */
function stateNote(row: SmsLogRow): string {
  if (row.state === 'sent') {
    const accepted = row.sentTime ? `${minutesOf(row.sentTime)} 服务商已接受` : '服务商已接受'
    return row.providerMessageId ? `${accepted}，消息编号 ${row.providerMessageId}` : accepted
  }
  if (row.lastError === null) return ''
  if (row.state === 'pending') return `上次失败：${row.lastError}，将重试（已尝试 ${row.attempts} 次）`
  return row.attempts > 1 ? `${row.lastError}（已尝试 ${row.attempts} 次）` : row.lastError
}

const columns: Column<SmsLogRow & { index: number }>[] = [
  { key: 'index', title: '序号', width: '50px', render: (row) => row.index },
  { key: 'name', title: '收件人', width: '80px', render: (row) => row.name },
  { key: 'telephone', title: '手机号', width: '110px', render: (row) => row.telephone },
  { key: 'title', title: '标题', width: '100px', render: (row) => row.title },
  { key: 'content', title: '短信内容', render: (row) => row.content },
  { key: 'createTime', title: '提交时间', width: '130px', render: (row) => minutesOf(row.createTime) },
  { key: 'state', title: '状态', width: '160px', render: (row) => <Badge color={stateColor[row.state]}>{smsStates[row.state]}</Badge> },
  { key: 'lastError', title: '说明', width: '190px', wrap: true, render: stateNote },
]

const stateOptions = (Object.keys(smsStates) as SmsState[]).map((value) => ({ value, label: smsStates[value] }))

/** 短信记录: the SMS outbox as a send log — recipient, time, state and failure reason. */
export default function SmsLogPage() {
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
