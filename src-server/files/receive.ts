import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type {} from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { uploadKinds, wrongTypeMessage, type UploadKind } from '../../src-shared/schemas/files'
import { extensionOf, fileTypeOf } from './file-types'
import { sniffFile } from './sniff'
import { absoluteStoredPath, displayName, newStoredPath } from './storage'

export const UPLOAD_FIELD = 'files'

export interface ReceivedFile {
  path: string
  name: string
  size: number
  mime: string
}

const rejected = (message: string) => new AppError(ErrorKey.FILE_REJECTED, message)

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() })

/**
 * Streams the multipart field `files` to disk, checking each file's extension
 * against the kind, its size against the kind's limit while it arrives, and then
 * its content. All or nothing: when one file is refused, those already written
 * by this request are removed again.
 */
export async function receiveUploads(req: FastifyRequest, kind: UploadKind, uploadDir: string): Promise<ReceivedFile[]> {
  if (!req.isMultipart()) throw rejected('请以 multipart/form-data 方式上传，文件字段名为 files')
  const spec = uploadKinds[kind]
  const written: string[] = []
  const received: ReceivedFile[] = []
  try {
    for await (const part of req.files({ limits: { fileSize: spec.maxBytes }, throwFileSizeLimit: false })) {
      if (part.fieldname !== UPLOAD_FIELD) {
        await pipeline(part.file, discard())
        continue
      }
      const name = displayName(part.filename)
      const extension = extensionOf(name)
      const type = fileTypeOf(extension)
      if (!type || !(spec.extensions as readonly string[]).includes(extension)) {
        await pipeline(part.file, discard())
        throw rejected(wrongTypeMessage(kind))
      }
      const path = newStoredPath(extension)
      const absolute = absoluteStoredPath(uploadDir, path)
      await mkdir(dirname(absolute), { recursive: true })
      written.push(absolute)
      await pipeline(part.file, createWriteStream(absolute))
      if (part.file.truncated) throw rejected(spec.tooLarge)
      const { size } = await stat(absolute)
      if (size === 0) throw rejected(`文件 ${name} 是空文件`)
      if (!type.content.includes(await sniffFile(absolute))) throw rejected(`文件 ${name} 的内容不是有效的 ${extension} 文件`)
      received.push({ path, name, size, mime: type.mime })
    }
  } catch (err) {
    await Promise.all(written.map((file) => rm(file, { force: true })))
    // The client went away mid-file (a cancelled upload): a refusal, not a server fault to log.
    if (req.raw.readableAborted) throw rejected('上传已中断')
    throw err
  }
  if (received.length === 0) throw rejected('请选择要上传的文件')
  return received
}
