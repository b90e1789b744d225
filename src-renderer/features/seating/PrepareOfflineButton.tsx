import { useEffect, useState } from 'react'
import { Button, Spinner } from '@fluentui/react-components'
import { CloudArrowDownRegular } from '@fluentui/react-icons'
import { call, onEvent } from '../../lib/bridge'
import { useNotify } from '../../components/toast'

/** 准备离线: the core downloads everything this training's venue needs, with progress on the button. */
export function PrepareOfflineButton({ trainId }: { trainId: number }) {
  const notify = useNotify()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [taskId] = useState(() => `prepare-${trainId}-${crypto.randomUUID()}`)

  useEffect(() => onEvent('progress', (p) => p.taskId === taskId && setProgress({ done: p.done, total: p.total })), [taskId])

  const run = async () => {
    setProgress({ done: 0, total: 1 })
    try {
      const result = await call('offline.prepare', { trainId, taskId })
      notify.success(`离线数据已准备好（${result.items} 项数据，${result.files} 个文件）`)
    } catch (error) {
      notify.error(error)
    } finally {
      setProgress(null)
    }
  }

  return (
    <Button icon={progress ? <Spinner size="tiny" /> : <CloudArrowDownRegular />} disabled={progress !== null} onClick={() => void run()}>
      {progress ? `准备离线 ${progress.done}/${progress.total}` : '准备离线'}
    </Button>
  )
}
