import { openAsBlob } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { checkUpload, uploadKinds, type UploadKind, type UploadedFile } from '../../src-shared/schemas/files'
import type { ApiClient } from './api-client'

/** Native open/save dialogs; only the Electron host has them. */
export interface FileDialogPort {
  /** Absolute paths of the chosen files, or null when the user cancels. */
  openFiles(options: { title: string; extensions: readonly string[]; multiple: boolean }): Promise<string[] | null>
  /** The chosen destination, or null when the user cancels (exports save through it). */
  saveFile(options: { title: string; defaultName: string; extensions: readonly string[] }): Promise<string | null>
}

export interface CoreFiles {
  pickAndUpload(input: { kind: UploadKind; multiple?: boolean }): Promise<UploadedFile[] | null>
  uploadBytes(input: { kind: UploadKind; name: string; base64: string }): Promise<UploadedFile[]>
  readAsDataUrl(input: { path: string }): Promise<string>
}

/** The same pre-check as the upload dialog: type and size before anything is sent. */
function ensureAcceptable(kind: UploadKind, name: string, size: number): void {
  const problem = checkUpload(kind, name, size)
  if (problem) throw new AppError(ErrorKey.FILE_REJECTED, problem)
}

export function createCoreFiles(deps: { client: ApiClient; dialogs?: FileDialogPort }): CoreFiles {
  const { client, dialogs } = deps
  return {
    async pickAndUpload({ kind, multiple = false }) {
      if (!dialogs) throw new AppError(ErrorKey.VALIDATION, '当前运行方式没有系统文件对话框，请使用页面中的文件选择')
      const paths = await dialogs.openFiles({ title: '选择文件', extensions: uploadKinds[kind].extensions, multiple })
      if (!paths || paths.length === 0) return null
      // Every file is checked before the first one is sent.
      const files = await Promise.all(paths.map(async (path) => ({ path, name: basename(path), size: (await stat(path)).size })))
      for (const file of files) ensureAcceptable(kind, file.name, file.size)
      const uploaded: UploadedFile[] = []
      for (const file of files) {
        // Streamed from disk: a 500 MB video is never held in memory whole.
        uploaded.push(...(await client.upload(kind, file.name, await openAsBlob(file.path))))
      }
      return uploaded
    },

    async uploadBytes({ kind, name, base64 }) {
      ensureAcceptable(kind, name, Buffer.byteLength(base64, 'base64'))
      return client.upload(kind, name, Buffer.from(base64, 'base64'))
    },

    async readAsDataUrl({ path }) {
      const file = await client.fetchFile(path)
      return `data:${file.contentType};base64,${file.bytes.toString('base64')}`
    },
  }
}
