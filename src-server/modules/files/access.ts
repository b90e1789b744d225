import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { startsWith } from '../../db/prefix'
import type { Db } from '../../db/types'

/** Bytes one account may keep uploaded (issue 16): rosters and videos run to 500 MB each. */
export const UPLOAD_QUOTA_BYTES = 2 * 1024 ** 3

/** Refuses an upload that would take the account beyond its quota (judged by the request's size). */
export async function assertWithinQuota(db: Db, adminId: number, incomingBytes: number): Promise<void> {
  const { used } = await db
    .selectFrom('upload')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('createdBy', '=', adminId)
    .executeTakeFirstOrThrow()
  if (Number(used) + incomingBytes > UPLOAD_QUOTA_BYTES) {
    throw new AppError(ErrorKey.FILE_REJECTED, `上传空间不足：每个账号最多保存 ${UPLOAD_QUOTA_BYTES / 1024 ** 3}GB 文件`)
  }
}

/**
 * Whether a record inside the caller's tree names this stored file: a training hosted
 * there (group QR code, notice, archive, PDF, attachments) or a member of it (photo).
 */
async function referencedInScope(db: Db, scope: { path: string }, path: string): Promise<boolean> {
  const train = db
    .selectFrom('train')
    .innerJoin('org as host', 'host.id', 'train.orgId')
    .select('train.id')
    .where((eb) => startsWith(eb, 'host.path', scope.path))
  const checks = [
    train
      .where((eb) => eb.or([eb('train.weChatCodes', '=', path), eb('train.wordPath', '=', path), eb('train.resourceUrl', '=', path), eb('train.pdfUrl', '=', path)]))
      .executeTakeFirst(),
    train.innerJoin('trainResource as r', 'r.trainId', 'train.id').where('r.resourceUrl', '=', path).executeTakeFirst(),
    db.selectFrom('member').select('id').where('avatarUrl', '=', path).where((eb) => startsWith(eb, 'member.orgPath', scope.path)).executeTakeFirst(),
  ]
  return (await Promise.all(checks)).some((row) => row !== undefined)
}

/**
 * A stored file is read only by the account that uploaded it or by one whose tree holds
 * a record naming it; to anyone else it does not exist.
 */
export async function assertMayRead(db: Db, user: AuthUser, upload: { createdBy: number | null }, path: string): Promise<void> {
  if (upload.createdBy === user.adminId) return
  if (await referencedInScope(db, dataScopeOf(user), path)) return
  throw new AppError(ErrorKey.NOT_FOUND, '文件不存在')
}
