import { useEffect, useId, useState } from 'react'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { RouteInput } from '../../src-shared/contract'
import type { Routes } from '../../src-shared/api'
import type { DownloadResult, DownloadRouteName } from '../../src-shared/ipc'
import { onEvent } from '../lib/bridge'
import { download, saveBytes } from '../lib/download'
import { printDocument, saveDocument } from '../lib/documents'
import type { DocumentSpec } from '../../src-shared/schemas/documents'
import { useNotify } from './toast'

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A file the renderer made, to be saved. */
export interface MadeFile {
  name: string
  contentType: string
  bytes: Uint8Array
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
  /** Makes a file in the renderer (a seat list, a PDF report) and saves it as `run` saves a route's file. */
  save(make: () => Promise<MadeFile>): Promise<void>
  /** Saves a document the core draws as a PDF (a report, the seat chart, a venue paper). */
  saveDocument(make: () => DocumentSpec | Promise<DocumentSpec>): Promise<void>
  /** 打印 the same document: the desktop's print dialog, or the browser's PDF viewer in the web host. */
  print(make: () => DocumentSpec | Promise<DocumentSpec>): Promise<void>
} {
  const taskId = useId()
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [received, setReceived] = useState(0)

  useEffect(() => onEvent('progress', (event) => event.taskId === taskId && setReceived(event.done)), [taskId])

  /** Says what happened only once it has: the saved path, 下载成功 in the browser, nothing on cancel. */
  const track = async (work: () => Promise<DownloadResult>) => {
    setBusy(true)
    setReceived(0)
    try {
      const result = await work()
      if (result.kind === 'saved') notify.success(`下载成功，已保存到 ${result.path}`)
      else if (result.kind === 'data') notify.success('下载成功')
    } catch (error) {
      // A refusal says why (the server's 文件不存在); anything else — a disk that would not take
      // the file, a report that could not be drawn — is the spec's 下载失败，请重试.
      notify.error(error instanceof AppError && error.key !== ErrorKey.INTERNAL ? error.message : '下载失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  const run = <K extends DownloadRouteName>(route: K, input?: RouteInput<Routes[K]>) => track(() => download(route, input, taskId))
  const save = (make: () => Promise<MadeFile>) =>
    track(async () => {
      const { name, contentType, bytes } = await make()
      return saveBytes(name, contentType, bytes)
    })

  const saveMade = (make: () => DocumentSpec | Promise<DocumentSpec>) => track(async () => saveDocument(await make()))
  const print = async (make: () => DocumentSpec | Promise<DocumentSpec>) => {
    setBusy(true)
    try {
      await printDocument(make)
    } catch (error) {
      notify.error(error instanceof AppError && error.key !== ErrorKey.INTERNAL ? error.message : '打印失败，请重试')
    } finally {
      setBusy(false)
    }
  }

  return { busy, progress: busy && received > 0 ? `已下载 ${sizeText(received)}` : '', run, save, saveDocument: saveMade, print }
}
