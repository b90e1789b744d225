import type { z } from 'zod'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import { uploadKinds } from '../../../src-shared/schemas/files'
import type { MemberCreateSchema, MemberUpdateSchema } from '../../../src-shared/schemas/member'
import { hashPassword } from '../../auth/passwords'
import type { DataScope } from '../../auth/scope'
import { isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { extensionOf } from '../../files/file-types'
import { orgInScope } from '../org/queries'
import { storedMember } from './queries'

type MemberCreate = z.output<typeof MemberCreateSchema>
type MemberUpdate = z.output<typeof MemberUpdateSchema>

export const TELEPHONE_TAKEN = '该手机号已存在'

function telephoneTaken(): AppError {
  return new AppError(ErrorKey.CONFLICT, TELEPHONE_TAKEN, [{ path: 'telephone', message: TELEPHONE_TAKEN }])
}

async function assertTelephoneFree(db: Db, telephone: string, exceptId?: number): Promise<void> {
  const other = await db.selectFrom('member').select('id').where('telephone', '=', telephone).executeTakeFirst()
  if (other && other.id !== exceptId) throw telephoneTaken()
}

/** Where a member of this organisation sits: its path and top organisation. */
export async function placementIn(db: Db, scope: DataScope, orgId: number) {
  const org = await orgInScope(db, scope, orgId).catch((err: unknown) => {
    if (err instanceof AppError && err.key === ErrorKey.NOT_FOUND) {
      throw new AppError(ErrorKey.NOT_FOUND, '所选组织不存在', [{ path: 'orgId', message: '所选组织不存在' }])
    }
    throw err
  })
  return { orgId, orgPath: org.path, topOrgId: org.topOrgId ?? org.id }
}

const IMAGE_MIMES = ['image/jpeg', 'image/png']

/** The avatar must be an uploaded jpg/jpeg/png within the image limit (spec 000 §5), checked on the stored record. */
async function assertAvatar(db: Db, path: string | null | undefined): Promise<void> {
  if (!path) return
  const upload = await db.selectFrom('upload').select(['size', 'mime']).where('path', '=', path).executeTakeFirst()
  const { extensions, maxBytes, tooLarge } = uploadKinds.image
  const problem = !upload
    ? '头像文件不存在，请重新上传'
    : !(extensions as readonly string[]).includes(extensionOf(path)) || !IMAGE_MIMES.includes(upload.mime)
      ? `头像只能是 ${extensions.join('、')} 格式`
      : upload.size > maxBytes
        ? tooLarge
        : null
  if (problem) throw new AppError(ErrorKey.VALIDATION, problem, [{ path: 'avatarUrl', message: problem }])
}

async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    // Two saves of one number at the same moment: the index decides, the message is the same.
    if (isUniqueViolation(err)) throw telephoneTaken()
    throw err
  }
}

export async function createMember(db: Db, scope: DataScope, input: MemberCreate): Promise<number> {
  const { pwd, orgId, ...fields } = input
  const placement = await placementIn(db, scope, orgId)
  await assertTelephoneFree(db, fields.telephone)
  await assertAvatar(db, fields.avatarUrl)
  const pwdHash = await hashPassword(pwd)
  const now = nowText()
  const { id } = await uniquely(() =>
    db
      .insertInto('member')
      .values({ ...fields, ...placement, pwdHash, enabled: 1, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return id
}

export async function updateMember(db: Db, scope: DataScope, input: MemberUpdate): Promise<void> {
  const { id, pwd, orgId, ...fields } = input
  const member = await storedMember(db, id)
  const placement = orgId !== undefined && orgId !== member.orgId ? await placementIn(db, scope, orgId) : {}
  if (fields.telephone !== undefined && fields.telephone !== member.telephone) await assertTelephoneFree(db, fields.telephone, id)
  await assertAvatar(db, fields.avatarUrl)
  const pwdHash = pwd === undefined ? {} : { pwdHash: await hashPassword(pwd) }
  await uniquely(() =>
    db
      .updateTable('member')
      .set({ ...fields, ...placement, ...pwdHash, updatedAt: nowText() })
      .where('id', '=', id)
      .execute(),
  )
}

/**
 * Deletes a member with their sign-ups, exam records and notice receipts; one linked to
 * a sign-in account is refused (src-shared/references.ts): the account would lose its
 * member and with it its data scope (an account without a member is the super user).
 */
export async function deleteMember(db: Db, id: number): Promise<void> {
  await deleteRecords(db, 'member', [id])
}

export async function setMemberEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  await storedMember(db, id)
  await db.updateTable('member').set({ enabled: enabled ? 1 : 0, updatedAt: nowText() }).where('id', '=', id).execute()
}
