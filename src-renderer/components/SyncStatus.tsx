import { useCallback, useEffect, useState } from 'react'
import { Badge, Button, Tooltip } from '@fluentui/react-components'
import { ArrowSyncRegular, CloudOffRegular, WarningRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { SyncStatus as Status } from '../../src-shared/schemas/sync'
import { call, onEvent } from '../lib/bridge'
import { RefusedWrites } from './RefusedWrites'

/** The parts of the state worth saying, most urgent first. */
export function syncTexts(s: Status): string[] {
  const texts: string[] = []
  if (!s.online) texts.push(s.dataAsOf ? `离线，数据截至 ${s.dataAsOf}` : '离线')
  if (s.conflicts > 0) texts.push('有冲突')
  if (s.syncing) texts.push('同步中')
  else if (s.pending > 0) texts.push(`待同步 ${s.pending} 项`)
  if (texts.length === 0) texts.push(s.lastSyncAt ? `已同步于 ${s.lastSyncAt}` : '在线')
  return texts
}

/**
 * The core's sync state, kept current by its `sync.status` events; null until the first
 * answer. `refresh` asks again: after a failure that just told the core it is offline, the
 * answer is sure to say so (its event may have gone out before this page listened).
 */
export function useSyncStatus(): { status: Status | null; refresh(): Promise<void> } {
  const [status, setStatus] = useState<Status | null>(null)
  const refresh = useCallback(() => call('sync.status').then(setStatus, () => undefined), [])
  useEffect(() => {
    const off = onEvent('sync.status', setStatus)
    void refresh()
    return off
  }, [refresh])
  return { status, refresh }
}

/**
 * Always in the title bar: offline (with how old the data is), 待同步 n 项, 同步中, 有冲突 or
 * 已同步于 …, and beside it the queued writes the server refused (n 项未被服务器接受).
 */
export function SyncStatus() {
  const { status } = useSyncStatus()
  if (!status) return null
  return (
    <>
      <SyncState status={status} />
      {status.refused > 0 && <RefusedWrites count={status.refused} />}
    </>
  )
}

/** The state itself; with a conflict it opens the seat screen of the training concerned. */
function SyncState({ status }: { status: Status }) {
  const navigate = useNavigate()
  const text = syncTexts(status).join(' · ')
  const color = status.conflicts > 0 ? 'danger' : !status.online ? 'warning' : status.pending > 0 || status.syncing ? 'informative' : 'success'
  const icon = status.conflicts > 0 ? <WarningRegular /> : !status.online ? <CloudOffRegular /> : <ArrowSyncRegular />
  if (status.conflicts > 0) {
    const openConflict = async () => {
      const [first] = await call('sync.conflicts')
      if (first) navigate(`/trainingManagement/fieldSeat?id=${first.trainId}`)
    }
    return (
      <Tooltip content="座位编排与服务器有冲突，点击处理" relationship="description">
        <Button size="small" appearance="secondary" icon={icon} aria-live="polite" onClick={() => void openConflict()}>
          {text}
        </Button>
      </Tooltip>
    )
  }
  return (
    <Badge size="large" appearance="filled" color={color} icon={icon} role="status" aria-live="polite">
      {text}
    </Badge>
  )
}
