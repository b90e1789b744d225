import { AppError, ErrorKey } from '../../src-shared/errors'
import { uploadKinds, wrongTypeMessage, type UploadKind } from '../../src-shared/schemas/files'
import type { Db } from '../db/types'
import { extensionOf } from './file-types'

/**
 * A stored path a record points at must be an upload of the kind the field takes,
 * within its size limit (checked on the upload's record, whoever sent the path).
 * The problem is reported on `field`.
 */
export async function assertUploaded(db: Db, path: string | null | undefined, kind: UploadKind, field: string): Promise<void> {
  if (!path) return
  const upload = await db.selectFrom('upload').select(['size']).where('path', '=', path).executeTakeFirst()
  const { extensions, maxBytes, tooLarge } = uploadKinds[kind]
  const problem = !upload
    ? '文件不存在，请重新上传'
    : !(extensions as readonly string[]).includes(extensionOf(path))
      ? wrongTypeMessage(kind)
      : upload.size > maxBytes
        ? tooLarge
        : null
  if (problem) throw new AppError(ErrorKey.VALIDATION, problem, [{ path: field, message: problem }])
}
