import { useEffect, useId, useState } from 'react'
import type { RouteInput } from '../../src-shared/contract'
import type { Routes } from '../../src-shared/api'
import type { DownloadRouteName } from '../../src-shared/ipc'
import { onEvent } from '../app/bridge'
import { download } from '../app/download'
import { useNotify } from './toast'

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * Runs downloads (exports, templates, reports) with a busy flag and the bytes received
 * so far, and says how it went in the spec's words (000 §8: 下载成功 / 下载失败，请重试).
 */
export function useDownloadTask(): {
  busy: boolean
  /** `已下载 1.2 MB` while bytes arrive, otherwise empty. */
  progress: string
  run<K extends DownloadRouteName>(route: K, input?: RouteInput<Routes[K]>): Promise<void>
} {
  const taskId = useId()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [received, setReceived] = useState(0)

  useEffect(() => onEvent('progress', (event) => event.taskId === taskId && setReceived(event.done)), [taskId])

  const run = async <K extends DownloadRouteName>(route: K, input?: RouteInput<Routes[K]>) => {
    setBusy(true)
    setReceived(0)
    try {
      const result = await download(route, input, taskId)
      if (result.kind === 'saved') notify.success(`下载成功，已保存到 ${result.path}`)
      else if (result.kind === 'data') notify.success('下载成功')
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : '下载失败，请重试')
    } finally {
      setBusy(false)
    }
  }

  return { busy, progress: busy && received > 0 ? `已下载 ${sizeText(received)}` : '', run }
}
