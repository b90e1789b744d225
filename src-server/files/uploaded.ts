import { AppError, ErrorKey } from '../../src-shared/errors'
import { isStoredPath, uploadKinds, wrongTypeMessage, type UploadKind } from '../../src-shared/schemas/files'
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

const NOT_ISSUED = '文件不存在，请重新上传'

/** Every text in a parsed input that has the form of a stored path, with its field path. */
function storedPathsIn(value: unknown, at: string, found: { path: string; value: string }[]): void {
  if (typeof value === 'string') {
    if (isStoredPath(value)) found.push({ path: at, value })
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) storedPathsIn(inner, at ? `${at}.${key}` : key, found)
  }
}

/**
 * A write may store only paths the upload route issued (any field, any route: a
 * forged or foreign-looking path would otherwise become readable through the record
 * that names it). Called by the route mechanism on every write's parsed input.
 */
export async function assertIssuedPaths(db: Db, input: Record<string, unknown>): Promise<void> {
  const found: { path: string; value: string }[] = []
  storedPathsIn(input, '', found)
  if (found.length === 0) return
  const values = [...new Set(found.map((f) => f.value))]
  const issued = new Set((await db.selectFrom('upload').select('path').where('path', 'in', values).execute()).map((row) => row.path))
  const missing = found.filter((f) => !issued.has(f.value))
  if (missing.length > 0) throw new AppError(ErrorKey.VALIDATION, NOT_ISSUED, missing.map((f) => ({ path: f.path, message: NOT_ISSUED })))
}
