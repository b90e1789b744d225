import { useEffect, useState } from 'react'
import { Badge, Button } from '@fluentui/react-components'
import { QrCodeRegular } from '@fluentui/react-icons'
import type { z } from 'zod'
import type { CheckInRecordSchema } from '../../../src-shared/schemas/signup'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../app/bridge'
import { ResourceTable, type Column } from '../../components/ResourceTable'
import { CheckInQrDialog } from './CheckInQrDialog'
import { TrainingHeader, TrainingPlaceholder } from './TrainingHeader'
import { useTrainingParam } from './useTrainingParam'
import { minutesOf } from '../../../src-shared/date-text'

type CheckInRecord = z.infer<typeof CheckInRecordSchema>

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
  const [version, setVersion] = useState(0)
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
          <Button appearance="primary" icon={<QrCodeRegular />} onClick={() => setShowingCode(true)}>
            签到二维码
          </Button>
        }
      />
      <CheckInQrDialog training={training} open={showingCode} onClose={() => setShowingCode(false)} />
    </>
  )
}
