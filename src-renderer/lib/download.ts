import type { RouteInput } from '../../src-shared/contract'
import type { Routes } from '../../src-shared/api'
import type { DownloadResult, DownloadRouteName } from '../../src-shared/ipc'
import { call } from './bridge'
import { base64Of } from './upload'

/** Hands bytes to the browser's own download (web host). */
export function saveInBrowser(name: string, file: Blob): void {
  const url = URL.createObjectURL(file)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The click has handed the bytes to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Saves bytes made in the renderer (a seat chart, a list, a report) through the core, as
 * `download` saves a route's file: Electron's native save dialog, or the browser's
 * download in the web host. Resolves to what happened, once it has happened.
 */
export async function saveBytes(name: string, contentType: string, bytes: Uint8Array): Promise<DownloadResult> {
  const file = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType })
  const result = await call('files.saveBytes', { name, contentType, base64: await base64Of(file) })
  // The web host's answer carries the same bytes back: the blob already holds them.
  if (result.kind === 'data') saveInBrowser(result.name, file)
  return result
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
  if (result.kind === 'data') {
    const bytes = Uint8Array.from(atob(result.base64), (c) => c.charCodeAt(0))
    saveInBrowser(result.name, new Blob([bytes], { type: result.contentType }))
  }
  return result
}
