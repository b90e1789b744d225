import { useCallback, useEffect, useRef, type ReactElement } from 'react'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { checkUpload, uploadKinds, type UploadedFile, type UploadKind } from '../../../src-shared/schemas/files'
import { call } from '../../lib/bridge'

let nativeDialogs: Promise<boolean> | null = null

/** Whether the host has the operating system's file dialogs (Electron); asked once. */
export function hasNativeDialogs(): Promise<boolean> {
  nativeDialogs ??= call('app.info').then(
    (info) => info.nativeDialogs,
    () => false,
  )
  return nativeDialogs
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(new AppError(ErrorKey.FILE_REJECTED, '读取文件失败'))
    reader.readAsDataURL(file)
  })
}

export interface FilePicker {
  /**
   * Lets the user choose a file and uploads it: the native dialog in Electron, the
   * page's file input otherwise. Type and size are checked before anything is sent
   * (and again by the server). Resolves null when the user cancels; throws AppError
   * (FILE_REJECTED with the spec's message, or the server's refusal).
   */
  pick(): Promise<UploadedFile | null>
  /** The hidden file input the web host needs; render it once. */
  input: ReactElement
}

/** Choosing and uploading one file of an upload kind (image, roster …). */
export function useFilePicker(kind: UploadKind): FilePicker {
  const inputRef = useRef<HTMLInputElement>(null)
  const settle = useRef<((file: File | null) => void) | null>(null)

  const chooseInPage = useCallback(
    () =>
      new Promise<File | null>((resolve) => {
        const input = inputRef.current
        if (!input) return resolve(null)
        settle.current = resolve
        input.value = ''
        input.click()
      }),
    [],
  )

  const pick = useCallback(async (): Promise<UploadedFile | null> => {
    if (await hasNativeDialogs()) return (await call('files.pickAndUpload', { kind }))?.[0] ?? null
    const file = await chooseInPage()
    if (!file) return null
    const problem = checkUpload(kind, file.name, file.size)
    if (problem) throw new AppError(ErrorKey.FILE_REJECTED, problem)
    const [uploaded] = await call('files.uploadBytes', { kind, name: file.name, base64: await base64Of(file) })
    return uploaded
  }, [kind, chooseInPage])

  const finish = (file: File | null) => {
    settle.current?.(file)
    settle.current = null
  }
  // Closing the browser's chooser without a file fires `cancel` (React has no prop for it).
  useEffect(() => {
    const input = inputRef.current
    const cancelled = () => {
      settle.current?.(null)
      settle.current = null
    }
    input?.addEventListener('cancel', cancelled)
    return () => input?.removeEventListener('cancel', cancelled)
  }, [])
  const input = (
    <input
      ref={inputRef}
      type="file"
      hidden
      accept={uploadKinds[kind].extensions.map((ext) => `.${ext}`).join(',')}
      data-upload-kind={kind}
      onChange={(event) => finish(event.currentTarget.files?.[0] ?? null)}
    />
  )
  return { pick, input }
}
