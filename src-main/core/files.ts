import { createWriteStream, openAsBlob } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError, ErrorKey } from '../../src-shared/errors'
import type { DownloadResult, DownloadRouteName } from '../../src-shared/ipc'
import { checkUpload, uploadKinds, type FileRange, type ReadRange, type UploadKind, type UploadedFile } from '../../src-shared/schemas/files'
import type { ApiClient } from './api-client'
import type { CoreEvents } from './events'
import { saveAsXls } from './xls-copy'

/** Native open/save dialogs; only the Electron host has them. */
export interface FileDialogPort {
  /** Absolute paths of the chosen files, or null when the user cancels. */
  openFiles(options: { title: string; extensions: readonly string[]; multiple: boolean }): Promise<string[] | null>
  /** The chosen destination, or null when the user cancels (exports save through it). */
  saveFile(options: { title: string; defaultName: string; extensions: readonly string[] }): Promise<string | null>
}

export interface CoreFiles {
  pickAndUpload(input: { kind: UploadKind; multiple?: boolean; taskId?: string }): Promise<UploadedFile[] | null>
  uploadBytes(input: { kind: UploadKind; name: string; base64: string; taskId?: string }): Promise<UploadedFile[]>
  /** Stops the upload running under taskId (nothing when none is). */
  cancel(input: { taskId: string }): Promise<null>
  readAsDataUrl(input: { path: string }): Promise<string>
  readRange(input: ReadRange): Promise<FileRange>
  download(input: { route: DownloadRouteName; input?: Record<string, unknown>; taskId?: string }): Promise<DownloadResult>
  /** Saves a file the renderer made (a seat list, a PDF report) the way `download` saves a route's file. */
  saveBytes(input: { name: string; contentType: string; base64: string }): Promise<DownloadResult>
}

/** Progress events at most this often: a fast transfer would otherwise flood the bridge. */
const PROGRESS_INTERVAL_MS = 100

/** Passes the chunks on, reporting the bytes so far (throttled, and once at the end). */
function counting(report: ((done: number) => void) | null) {
  return async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let done = 0
    let last = 0
    for await (const chunk of source) {
      done += chunk.length
      if (report && Date.now() - last >= PROGRESS_INTERVAL_MS) {
        last = Date.now()
        report(done)
      }
      yield chunk
    }
    report?.(done)
  }
}

/** Streams to a temporary file next to the target, then renames: a failed transfer leaves no half file. */
async function saveTo(target: string, body: Readable, pass: ReturnType<typeof counting>): Promise<void> {
  const temp = `${target}.part`
  try {
    await pipeline(body, pass, createWriteStream(temp))
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/**
 * Asks the native save dialog where `name` goes and writes `body` there; a workbook may
 * also be saved in the 97–2003 format. `cancelled` (and the body dropped) when the user
 * closes the dialog.
 */
async function saveThroughDialog(dialogs: FileDialogPort, name: string, body: Readable, pass: ReturnType<typeof counting>): Promise<DownloadResult> {
  const extension = extname(name).slice(1).toLowerCase()
  const extensions = extension === 'xlsx' ? ['xlsx', 'xls'] : extension ? [extension] : []
  const target = await dialogs.saveFile({ title: '保存文件', defaultName: name, extensions })
  if (!target) {
    body.destroy()
    return { kind: 'cancelled' }
  }
  if (extension === 'xlsx' && extname(target).toLowerCase() === '.xls') {
    const download = `${target}.download.xlsx`
    try {
      await saveTo(download, body, pass)
      await saveAsXls(download, target)
    } finally {
      await rm(download, { force: true })
    }
  } else {
    await saveTo(target, body, pass)
  }
  return { kind: 'saved', name: basename(target), path: target }
}

/** The same pre-check as the upload dialog: type and size before anything is sent. */
function ensureAcceptable(kind: UploadKind, name: string, size: number): void {
  const problem = checkUpload(kind, name, size)
  if (problem) throw new AppError(ErrorKey.FILE_REJECTED, problem)
}

export function createCoreFiles(deps: { client: ApiClient; dialogs?: FileDialogPort; events?: CoreEvents }): CoreFiles {
  const { client, dialogs, events } = deps
  /** Uploads under way, by the renderer's taskId: `cancel` aborts one. */
  const uploads = new Map<string, AbortController>()

  /**
   * Runs the uploads of one call under its taskId: abortable, and reporting the bytes
   * sent as `progress` events (axios reports a few times a second, as downloads do).
   */
  async function tracked<T>(taskId: string | undefined, work: (upload: typeof client.upload) => Promise<T>): Promise<T> {
    if (!taskId) return work(client.upload)
    const controller = new AbortController()
    uploads.set(taskId, controller)
    try {
      return await work((kind, name, content) =>
        client.upload(kind, name, content, {
          signal: controller.signal,
          onProgress: events && ((done, total) => events.emit('progress', { taskId, done, total, label: name })),
        }),
      )
    } finally {
      uploads.delete(taskId)
    }
  }

  return {
    async pickAndUpload({ kind, multiple = false, taskId }) {
      if (!dialogs) throw new AppError(ErrorKey.VALIDATION, '当前运行方式没有系统文件对话框，请使用页面中的文件选择')
      const paths = await dialogs.openFiles({ title: '选择文件', extensions: uploadKinds[kind].extensions, multiple })
      if (!paths || paths.length === 0) return null
      // Every file is checked before the first one is sent.
      const files = await Promise.all(paths.map(async (path) => ({ path, name: basename(path), size: (await stat(path)).size })))
      for (const file of files) ensureAcceptable(kind, file.name, file.size)
      return tracked(taskId, async (upload) => {
        const uploaded: UploadedFile[] = []
        for (const file of files) {
          // Streamed from disk: a 500 MB video is never held in memory whole.
          uploaded.push(...(await upload(kind, file.name, await openAsBlob(file.path))))
        }
        return uploaded
      })
    },

    async uploadBytes({ kind, name, base64, taskId }) {
      ensureAcceptable(kind, name, Buffer.byteLength(base64, 'base64'))
      return tracked(taskId, (upload) => upload(kind, name, Buffer.from(base64, 'base64')))
    },

    async cancel({ taskId }) {
      uploads.get(taskId)?.abort()
      return null
    },

    async readAsDataUrl({ path }) {
      const file = await client.fetchFile(path)
      return `data:${file.contentType};base64,${file.bytes.toString('base64')}`
    },

    async readRange({ path, start, end }) {
      const { bytes, total } = await client.fetchRange(path, start, end)
      return { total, base64: bytes.toString('base64') }
    },

    async download({ route, input, taskId }) {
      const file = await client.openDownload(route, input)
      const report =
        taskId && events ? (done: number) => events.emit('progress', { taskId, done, total: file.size ?? 0, label: file.name }) : null
      const pass = counting(report)
      if (dialogs) return saveThroughDialog(dialogs, file.name, file.body, pass)
      const chunks: Buffer[] = []
      for await (const chunk of pass(file.body)) chunks.push(chunk)
      return { kind: 'data', name: file.name, contentType: file.contentType, base64: Buffer.concat(chunks).toString('base64') }
    },

    async saveBytes({ name, contentType, base64 }) {
      if (dialogs) return saveThroughDialog(dialogs, name, Readable.from([Buffer.from(base64, 'base64')]), counting(null))
      // Without a native dialog the browser saves them, as it saves a route's file.
      return { kind: 'data', name, contentType, base64 }
    },
  }
}
