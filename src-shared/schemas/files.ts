import { z } from 'zod'

export const UploadedFileSchema = z.object({
  /** Server-generated stored path, e.g. `2026/11/3f9a….png`; never the client's name. */
  path: z.string(),
  name: z.string(),
  size: z.number().int(),
})
export type UploadedFile = z.infer<typeof UploadedFileSchema>

/**
 * Upload kinds of spec 000 §5 / 001 §9: allowed extensions and size limits,
 * checked in the dialog before sending and again by the server on the content.
 */
export const uploadKinds = {
  image: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 1024 * 1024, tooLarge: '上传图片大小不能超过 1MB!' },
  attachment: {
    extensions: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'ppt', 'pptx'],
    maxBytes: 20 * 1024 * 1024,
    tooLarge: '上传附件大小不能超过 20MB!',
  },
  /** Scanned, stamped official document of a training (公文归档). */
  scan: { extensions: ['pdf', 'jpg', 'jpeg', 'png'], maxBytes: 20 * 1024 * 1024, tooLarge: '上传文件大小不能超过 20MB!' },
  pdf: { extensions: ['pdf'], maxBytes: 500 * 1024 * 1024, tooLarge: '上传文件大小不能超过 500MB!' },
  roster: { extensions: ['xls', 'xlsx'], maxBytes: 500 * 1024 * 1024, tooLarge: '上传文件大小不能超过 500MB!' },
  video: { extensions: ['mp4', 'webm', 'mov'], maxBytes: 500 * 1024 * 1024, tooLarge: '上传文件大小不能超过 500MB!' },
  /** A course resource: a video or a document, one file up to 500 MB (spec 001 §5). */
  courseware: {
    extensions: ['mp4', 'webm', 'mov', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'],
    maxBytes: 500 * 1024 * 1024,
    tooLarge: '上传文件大小不能超过 500MB!',
  },
} as const satisfies Record<string, { extensions: readonly string[]; maxBytes: number; tooLarge: string }>

export type UploadKind = keyof typeof uploadKinds
export const UploadKindSchema = z.enum(Object.keys(uploadKinds) as [UploadKind, ...UploadKind[]])

export function wrongTypeMessage(kind: UploadKind): string {
  return `只能上传 ${uploadKinds[kind].extensions.join('、')} 格式的文件!`
}

/** Client-side pre-check (the server checks again by content). Returns a message or null. */
export function checkUpload(kind: UploadKind, fileName: string, size: number): string | null {
  const spec = uploadKinds[kind]
  const ext = fileName.split('.').pop()?.toLowerCase() ?? ''
  if (!(spec.extensions as readonly string[]).includes(ext)) return wrongTypeMessage(kind)
  if (size > spec.maxBytes) return spec.tooLarge
  return null
}

export const UploadQuerySchema = z.object({ kind: UploadKindSchema.optional().default('image') })

/** The form of a path the upload route issues (files/storage.ts): nothing else is stored. */
const STORED_PATH = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/

/** Whether a text has the form of a stored path (the route mechanism checks every such input was issued). */
export function isStoredPath(value: string): boolean {
  return STORED_PATH.test(value)
}

/** A required stored-path field (group QR code, attachment …): `message` when missing. */
export function storedPath(message: string) {
  return z.string({ error: message }).trim().min(1, { message, abort: true }).regex(STORED_PATH, '文件路径无效，请重新上传')
}

/** An optional stored-path field: absent, null or empty is stored as null. */
export const optionalStoredPath = z
  .string()
  .trim()
  .regex(STORED_PATH, '文件路径无效，请重新上传')
  .or(z.literal(''))
  .nullish()
  .transform((v) => v || null)

export const StoredPathSchema = z.object({
  path: z.string().regex(STORED_PATH, '文件路径无效'),
})

/**
 * Most bytes one `files.readRange` call returns: base64 of it crosses the bridge in one
 * message, so a viewer reads a large file in pieces of at most this size.
 */
export const MAX_READ_RANGE_BYTES = 8 * 1024 * 1024

/** A slice `[start, end)` of a stored upload. */
export const ReadRangeSchema = StoredPathSchema.extend({
  start: z.number().int().min(0, '读取范围的起点不能为负数'),
  end: z.number().int(),
}).refine((r) => r.end > r.start && r.end - r.start <= MAX_READ_RANGE_BYTES, {
  message: `读取范围须为 1 字节到 ${MAX_READ_RANGE_BYTES / 1024 / 1024}MB`,
  path: ['end'],
})
export type ReadRange = z.infer<typeof ReadRangeSchema>

/** The bytes of a range and the size of the whole file. */
export const FileRangeSchema = z.object({ total: z.number().int().min(0), base64: z.string() })
export type FileRange = z.infer<typeof FileRangeSchema>
