import type { z } from 'zod'
import type { CheckInRecordSchema } from '../../../src-shared/schemas/signup'
import { call } from '../../lib/bridge'
import type { ExportColumn } from '../../components/exportTable'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { ViewDialog } from '../../components/ViewDialog'
import { ExportAllButton } from './ExportAllButton'
import { minutesOf } from '../../../src-shared/date-text'

type CheckInRecord = z.infer<typeof CheckInRecordSchema>

const columns: readonly Column<CheckInRecord>[] = [
  { key: 'name', title: '姓名', render: (r) => r.name, width: '110px' },
  { key: 'telephone', title: '手机号', render: (r) => r.telephone, width: '130px' },
  { key: 'org', title: '所在组织', render: (r) => r.orgName ?? '' },
  { key: 'time', title: '签到时间', render: (r) => minutesOf(r.checkInTime), width: '150px' },
]

const exportColumns: readonly ExportColumn<CheckInRecord>[] = [
  { title: '姓名', text: (r) => r.name },
  { title: '手机号', text: (r) => r.telephone },
  { title: '所在组织', text: (r) => r.orgName },
  { title: '签到时间', text: (r) => minutesOf(r.checkInTime) },
]

/** The check-ins of one training, opened from the dashboard's 签到 button (spec 000 §2). */
export function CheckInDialog({ training, onClose }: { training: { id: number; name: string } | null; onClose(): void }) {
  return (
    <ViewDialog open={training !== null} title={training ? `签到情况：${training.name}` : ''} onClose={onClose} width="wide">
      {training && (
        <ResourceTable<CheckInRecord, 'name'>
          label="签到记录"
          columns={columns}
          rowKey={(r) => r.id}
          filters={[{ name: 'name', label: '姓名' }]}
          // The export holds every check-in of the training; the name filter only finds people on screen.
          toolbar={
            <ExportAllButton
              fileName={`${training.name}签到情况`}
              columns={exportColumns}
              load={(pageNum, pageSize) => call('checkin.list', { trainId: training.id, pageNum, pageSize })}
            />
          }
          load={({ pageNum, pageSize, filters }) => call('checkin.list', { trainId: training.id, pageNum, pageSize, ...filters })}
        />
      )}
    </ViewDialog>
  )
}
