import type { UploadKind, uploadKinds } from '../../src-shared/schemas/files'
import type { ContentFamily } from './sniff'

type UploadExtension = (typeof uploadKinds)[UploadKind]['extensions'][number]
interface FileType {
  mime: string
  /** What the bytes must be for a file with this extension to be accepted. */
  content: readonly ContentFamily[]
}

/** Every extension an upload kind may allow (a missing one does not compile). */
const fileTypes = {
  png: { mime: 'image/png', content: ['png'] },
  jpg: { mime: 'image/jpeg', content: ['jpeg'] },
  jpeg: { mime: 'image/jpeg', content: ['jpeg'] },
  pdf: { mime: 'application/pdf', content: ['pdf'] },
  doc: { mime: 'application/msword', content: ['ole2'] },
  xls: { mime: 'application/vnd.ms-excel', content: ['ole2'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', content: ['ole2'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', content: ['pptx'] },
  mp4: { mime: 'video/mp4', content: ['isoMedia'] },
  mov: { mime: 'video/quicktime', content: ['isoMedia'] },
  webm: { mime: 'video/webm', content: ['webm'] },
} satisfies Record<UploadExtension, FileType>

export function fileTypeOf(extension: string): FileType | undefined {
  return Object.hasOwn(fileTypes, extension) ? fileTypes[extension as UploadExtension] : undefined
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
}
