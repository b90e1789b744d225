import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { AppError, ErrorKey, toFailure } from '../../../src-shared/errors'
import { parseByteRange } from '../../files/byte-range'
import { receiveUploads } from '../../files/receive'
import { contentDisposition } from '../../files/download'
import { absoluteStoredPath } from '../../files/storage'
import { signedIn, type DomainHandlers } from '../../http/context'
import { assertMayRead, assertWithinQuota } from './access'
import { findUpload, recordUploads } from './queries'

export const fileHandlers = {
  'files.upload': async ({ kind }, ctx) => {
    const { adminId } = signedIn(ctx)
    await assertWithinQuota(ctx.db, adminId, Number(ctx.req.headers['content-length'] ?? 0))
    const files = await receiveUploads(ctx.req, kind, ctx.options.uploadDir)
    await recordUploads(ctx.db, files, adminId)
    return files.map(({ path, name, size }) => ({ path, name, size }))
  },

  'files.get': async ({ path }, ctx) => {
    const { db, options, reply } = ctx
    const upload = await findUpload(db, path)
    if (upload) await assertMayRead(db, signedIn(ctx), upload, path)
    const absolute = absoluteStoredPath(options.uploadDir, path)
    const info = upload ? await stat(absolute).catch(() => null) : null
    if (!upload || !info?.isFile()) throw new AppError(ErrorKey.NOT_FOUND, '文件不存在')
    // Ranges let a viewer read only the pages it draws (a seat-chart PDF may be 500 MB).
    reply.header('Accept-Ranges', 'bytes')
    const range = parseByteRange(ctx.req.headers.range, info.size)
    if (range === 'unsatisfiable') {
      const failure = toFailure(new AppError(ErrorKey.VALIDATION, `请求的读取范围超出文件大小（文件共 ${info.size} 字节）`))
      return reply.code(416).header('Content-Range', `bytes */${info.size}`).send({ ...failure, code: 416 })
    }
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
    return reply
      .header('Content-Type', upload.mime)
      .header('Content-Length', range ? range.end - range.start + 1 : info.size)
      .header('Content-Disposition', contentDisposition(upload.originalName, 'inline'))
      // Uploaded bytes are served as their checked type only, never re-interpreted.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=3600')
      .send(createReadStream(absolute, range ?? {}))
  },
} satisfies DomainHandlers<'files'>
