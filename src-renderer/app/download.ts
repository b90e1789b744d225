import type { RouteInput } from '../../src-shared/contract'
import type { Routes } from '../../src-shared/api'
import type { DownloadResult, DownloadRouteName } from '../../src-shared/ipc'
import { call } from './bridge'

function saveInBrowser(name: string, contentType: string, base64: string): void {
  saveBytes(name, contentType, Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
}

/**
 * Saves bytes made in the renderer (a seat chart, a list): the browser's download in the
 * web host; Electron shows its native save dialog for it.
 */
export function saveBytes(name: string, contentType: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click has handed the bytes to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Downloads a file route (export, template, stored upload) with the session the core
 * holds: Electron saves it through the native dialog, the web host hands the bytes to
 * the browser's own download. Resolves to what happened; throws the server's refusal.
 */
export async function download<K extends DownloadRouteName>(
  route: K,
  input?: RouteInput<Routes[K]>,
  taskId?: string,
): Promise<DownloadResult> {
  const result = await call('files.download', { route, input: input as Record<string, unknown> | undefined, taskId })
  if (result.kind === 'data') saveInBrowser(result.name, result.contentType, result.base64)
  return result
}
