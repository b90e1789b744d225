import { AppError, ErrorKey } from '../../src-shared/errors'
import { checkUpload, uploadKinds, type UploadedFile, type UploadKind } from '../../src-shared/schemas/files'
import { call } from './bridge'

/** Opens the browser's file chooser; null when the user closes it without a choice. */
function chooseInBrowser(kind: UploadKind): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = uploadKinds[kind].extensions.map((ext) => `.${ext}`).join(',')
    input.style.display = 'none'
    const finish = (file: File | null) => {
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => finish(input.files?.[0] ?? null))
    input.addEventListener('cancel', () => finish(null))
    document.body.append(input)
    input.click()
  })
}

/** The bytes of a file or blob as base64 (without the data: prefix), as the core's file methods take them. */
export async function base64Of(file: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(new AppError(ErrorKey.FILE_REJECTED, '读取文件失败'))
    reader.readAsDataURL(file)
  })
  return dataUrl.slice(dataUrl.indexOf(',') + 1)
}

/**
 * Lets the user choose one file and uploads it: Electron through the native open dialog
 * (the core streams it from disk), the web host through the browser's file chooser. The
 * type and size are checked before sending (the server checks again). Null on cancel.
 */
export async function pickAndUploadOne(kind: UploadKind): Promise<UploadedFile | null> {
  const { nativeDialogs } = await call('app.info')
  if (nativeDialogs) return (await call('files.pickAndUpload', { kind }))?.[0] ?? null
  const file = await chooseInBrowser(kind)
  return file && uploadFile(kind, file)
}

/**
 * Uploads a file the page already holds (a pasted or dropped picture) by the same path
 * and limits as a chosen one: type and size checked before sending, and again by the server.
 */
export async function uploadFile(kind: UploadKind, file: File): Promise<UploadedFile | null> {
  const problem = checkUpload(kind, file.name, file.size)
  if (problem) throw new AppError(ErrorKey.FILE_REJECTED, problem)
  const [uploaded] = await call('files.uploadBytes', { kind, name: file.name, base64: await base64Of(file) })
  return uploaded ?? null
}
