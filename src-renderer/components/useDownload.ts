import { useCallback } from 'react'
import type { Routes } from '../../src-shared/api'
import type { RouteInput } from '../../src-shared/contract'
import type { DownloadRouteName } from '../../src-shared/ipc'
import { download } from '../lib/download'
import { useNotify } from './toast'

/**
 * Runs an export or other file download with the spec's messages (000 §8): 下载成功
 * when the file was saved or handed to the browser, 下载失败，请重试 when it failed,
 * nothing when the user cancelled the save dialog.
 */
export function useDownload() {
  const notify = useNotify()
  return useCallback(
    async <K extends DownloadRouteName>(route: K, input?: RouteInput<Routes[K]>): Promise<void> => {
      try {
        const result = await download(route, input)
        if (result.kind !== 'cancelled') notify.success('下载成功')
      } catch {
        notify.error('下载失败，请重试')
      }
    },
    [notify],
  )
}
