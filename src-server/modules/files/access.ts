import { sql, type Kysely, type SqlBool } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf } from '../../auth/scope'
import { startsWith } from '../../db/prefix'
import type { Database, Db } from '../../db/types'

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
 * Every column holding a stored path (what the upload route issued), by table, with
 * where such a row sits: in the tree of the training it belongs to, in its member's
 * organisation, or province-wide (content and question banks, which every role sees).
 * A new stored-path column is added here, or its files can be read only by their uploader.
 */
export const storedPathColumns = {
  train: { columns: ['weChatCodes', 'wordPath', 'resourceUrl', 'pdfUrl'], placed: 'hostOrg' },
  trainResource: { columns: ['resourceUrl'], placed: 'training' },
  trainLocationPicture: { columns: ['imagePath'], placed: 'training' },
  member: { columns: ['avatarUrl'], placed: 'memberOrg' },
  news: { columns: ['imagePath'], placed: 'province' },
  carousel: { columns: ['imagePath'], placed: 'province' },
  teacher: { columns: ['avatarUrl'], placed: 'province' },
  course: { columns: ['imagePath', 'videoPath'], placed: 'province' },
  courseResource: { columns: ['resourcePath'], placed: 'province' },
  question: { columns: ['imagePath'], placed: 'province' },
  paperQuestion: { columns: ['imagePath'], placed: 'province' },
} as const satisfies { [T in keyof Database]?: { columns: readonly (keyof Database[T] & string)[]; placed: 'hostOrg' | 'training' | 'memberOrg' | 'province' } }

/**
 * Rich-text columns, whose pictures (`<img src="yyyy/mm/….png">`, the only pictures the
 * sanitiser keeps) are read by whoever may see the record, like a stored-path column.
 */
export const richTextColumns = {
  train: { columns: ['description', 'content', 'requirement'], placed: 'hostOrg' },
  news: { columns: ['content'], placed: 'province' },
  notice: { columns: ['content'], placed: 'province' },
  teacher: { columns: ['content'], placed: 'province' },
  course: { columns: ['content'], placed: 'province' },
} as const satisfies { [T in keyof Database]?: { columns: readonly (keyof Database[T] & string)[]; placed: 'hostOrg' | 'province' } }

/** The tables above seen without their row types: one query shape serves them all. */
type AnyTables = Record<string, { id: number; trainId: number; orgId: number; orgPath: string; path: string }>

/** Whether a record the caller may see (its tree, or province-wide) names this stored file. */
async function referencedInScope(db: Db, scope: { path: string }, path: string): Promise<boolean> {
  const loose = db as unknown as Kysely<AnyTables>
  const quoted = `%"${path}"%`
  const lookups = [
    ...Object.entries(storedPathColumns).map(([table, { columns, placed }]) => ({ table, placed, columns, names: (column: string) => sql`${sql.ref(`${table}.${column}`)} = ${path}` })),
    // A stored path holds no LIKE wildcard (digits, hex, '/' and '.'), so it is matched as it is.
    ...Object.entries(richTextColumns).map(([table, { columns, placed }]) => ({ table, placed, columns, names: (column: string) => sql`${sql.ref(`${table}.${column}`)} like ${quoted}` })),
  ]
  const checks = lookups.map(({ table, placed, columns, names: nameOf }) => {
    // In brackets: the tree's condition is joined to it with `and`.
    const names = sql<SqlBool>`(${sql.join(columns.map(nameOf), sql` or `)})`
    const rows = loose.selectFrom(table).select(sql.lit(1).as('hit')).where(names)
    const placedRows =
      placed === 'province'
        ? rows
        : placed === 'memberOrg'
          ? rows.where((eb) => startsWith(eb, `${table}.orgPath`, scope.path))
          : rows
              .innerJoin('train as owner', 'owner.id', placed === 'hostOrg' ? `${table}.id` : `${table}.trainId`)
              .innerJoin('org as host', 'host.id', 'owner.orgId')
              .where((eb) => startsWith(eb, 'host.path', scope.path))
    return placedRows.executeTakeFirst()
  })
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
