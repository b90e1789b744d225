import { useEffect, useRef, useState } from 'react'
import { Badge, Button } from '@fluentui/react-components'
import { ArrowDownloadRegular, DoorArrowLeftRegular, PersonClockRegular, QrCodeRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { checkInSourceLabel, type CheckInRecord } from '../../../src-shared/schemas/signup'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../lib/bridge'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useDownload } from '../../components/useDownload'
import { useSyncStatus } from '../../components/SyncStatus'
import { CheckInQrDialog } from './CheckInQrDialog'
import { ManualCheckInDialog } from './ManualCheckInDialog'
import { DOOR_PATH, TrainingHeader, TrainingPlaceholder } from './TrainingHeader'
import { useTrainingParam } from './useTrainingParam'
import { minutesOf } from '../../../src-shared/date-text'

/** `2026-11-22 08:30 – 09:00` style label of the sign-in window a check-in falls into. */
function windowOf(training: TrainDetail, time: string): string {
  const hit = training.trainSignIns.find((w) => w.signInStartTime <= time && time <= w.signInEndTime)
  return hit ? `${minutesOf(hit.signInStartTime)} – ${hit.signInEndTime.slice(11, 16)}` : '签到时间外'
}

function columnsFor(training: TrainDetail): readonly Column<CheckInRecord>[] {
  return [
    { key: 'name', title: '姓名', render: (r) => r.name, width: '110px' },
    { key: 'telephone', title: '手机号', render: (r) => r.telephone, width: '130px' },
    { key: 'org', title: '所在组织', render: (r) => r.orgName ?? '' },
    { key: 'window', title: '签到时段', render: (r) => windowOf(training, r.checkInTime), width: '220px' },
    { key: 'time', title: '签到时间', render: (r) => minutesOf(r.checkInTime), width: '136px' },
    { key: 'source', title: '签到方式', render: (r) => (r.reason ? `${checkInSourceLabel[r.source]}：${r.reason}` : checkInSourceLabel[r.source]), width: '200px' },
  ]
}

/** How many signed up and how many of them have checked in at least once. */
function useCounts(trainId: number | null, version: number) {
  const [counts, setCounts] = useState<{ signedUp: number; checkedIn: number } | null>(null)
  useEffect(() => {
    // Counted after each load of the list, so both show the same moment.
    if (trainId === null || version === 0) return
    let current = true
    call('signup.all', { trainId }).then(
      (all) => current && setCounts({ signedUp: all.length, checkedIn: all.filter((s) => s.checkInTime !== null).length }),
      () => current && setCounts(null),
    )
    return () => {
      current = false
    }
  }, [trainId, version])
  return counts
}

/** /trainingManagement/checkIns?id=: who checked in when, and the venue's rotating check-in QR code. */
export default function CheckInListPage() {
  const { trainId, training, state, reload } = useTrainingParam()
  const [showingCode, setShowingCode] = useState(false)
  const [manual, setManual] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [version, setVersion] = useState(0)
  const table = useRef<ResourceTableHandle<CheckInRecord>>(null)
  const navigate = useNavigate()
  const runDownload = useDownload()
  // 补签 and 导出 need the server: offline the buttons say so by being off.
  const online = useSyncStatus().status?.online !== false
  const counts = useCounts(trainId, version)

  if (trainId === null || !training) return <TrainingPlaceholder state={state} onRetry={reload} />

  return (
    <>
      <TrainingHeader
        title="签到情况"
        training={training}
        facts={
          counts && (
            <>
              <Badge appearance="tint" size="large" color="brand">
                已报名 {counts.signedUp} 人
              </Badge>
              <Badge appearance="tint" size="large" color="success">
                已签到 {counts.checkedIn} 人
              </Badge>
            </>
          )
        }
      />
      <ResourceTable<CheckInRecord, 'name'>
        ref={table}
        label="签到记录"
        columns={columnsFor(training)}
        rowKey={(r) => r.id}
        filters={[{ name: 'name', label: '姓名' }]}
        load={async ({ pageNum, pageSize, filters }) => {
          const page = await call('checkin.list', { trainId, pageNum, pageSize, name: filters.name })
          setVersion((v) => v + 1)
          return page
        }}
        toolbar={
          <>
            <Button appearance="primary" icon={<DoorArrowLeftRegular />} onClick={() => navigate(`${DOOR_PATH}?id=${trainId}`)}>
              签到台
            </Button>
            <Button icon={<QrCodeRegular />} onClick={() => setShowingCode(true)}>
              签到二维码
            </Button>
            <Button icon={<PersonClockRegular />} disabled={!online} title={online ? undefined : '补签需要连接服务器'} onClick={() => setManual(true)}>
              补签
            </Button>
            <Button
              icon={<ArrowDownloadRegular />}
              disabled={!online || exporting}
              title={online ? undefined : '导出需要连接服务器'}
              onClick={async () => {
                setExporting(true)
                await runDownload('checkin.download', { trainId })
                setExporting(false)
              }}
            >
              导出
            </Button>
          </>
        }
      />
      <CheckInQrDialog training={training} open={showingCode} onClose={() => setShowingCode(false)} />
      <ManualCheckInDialog trainId={trainId} open={manual} onClose={() => setManual(false)} onDone={() => table.current?.reload()} />
    </>
  )
}
