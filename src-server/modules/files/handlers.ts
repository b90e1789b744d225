import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { AppError, ErrorKey } from '../../../src-shared/errors'
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
    return reply
      .header('Content-Type', upload.mime)
      .header('Content-Length', info.size)
      .header('Content-Disposition', contentDisposition(upload.originalName, 'inline'))
      // Uploaded bytes are served as their checked type only, never re-interpreted.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=3600')
      .send(createReadStream(absolute))
  },
} satisfies DomainHandlers<'files'>
