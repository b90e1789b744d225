import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { ScopeKind } from '../../../src-shared/contract'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { AuthUser } from '../../auth/auth-user'
import { dataScopeOf, type DataScope } from '../../auth/scope'
import type { Database, Db } from '../../db/types'
import { scopeIds } from '../../scope/kinds'

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

/** Where a row sits: in the tree of the record of a scope kind that one of its columns names, or province-wide. */
type Placed = 'province' | { kind: ScopeKind; via: string }

const ownTree = (kind: ScopeKind) => ({ kind, via: 'id' }) as const
const inTraining = { kind: 'train', via: 'trainId' } as const

/**
 * Every column holding a stored path (what the upload route issued), by table, with
 * where such a row sits: in a tree (its own record's, or the training's it belongs to) or
 * province-wide (content and question banks, which every role sees). A new stored-path
 * column is added here, or its files can be read only by their uploader.
 */
export const storedPathColumns = {
  train: { columns: ['weChatCodes', 'wordPath', 'resourceUrl', 'pdfUrl'], placed: ownTree('train') },
  trainResource: { columns: ['resourceUrl'], placed: inTraining },
  trainLocationPicture: { columns: ['imagePath'], placed: inTraining },
  member: { columns: ['avatarUrl'], placed: ownTree('member') },
  news: { columns: ['imagePath'], placed: 'province' },
  carousel: { columns: ['imagePath'], placed: 'province' },
  teacher: { columns: ['avatarUrl'], placed: 'province' },
  course: { columns: ['imagePath', 'videoPath'], placed: 'province' },
  courseResource: { columns: ['resourcePath'], placed: 'province' },
  question: { columns: ['imagePath'], placed: 'province' },
  paperQuestion: { columns: ['imagePath'], placed: 'province' },
} as const satisfies { [T in keyof Database]?: { columns: readonly (keyof Database[T] & string)[]; placed: Placed } }

/**
 * Rich-text columns, whose pictures (`<img src="yyyy/mm/….png">`, the only pictures the
 * sanitiser keeps) are read by whoever may see the record, like a stored-path column.
 */
export const richTextColumns = {
  train: { columns: ['description', 'content', 'requirement'], placed: ownTree('train') },
  news: { columns: ['content'], placed: 'province' },
  notice: { columns: ['content'], placed: ownTree('notice') },
  teacher: { columns: ['content'], placed: 'province' },
  course: { columns: ['content'], placed: 'province' },
} as const satisfies { [T in keyof Database]?: { columns: readonly (keyof Database[T] & string)[]; placed: Placed } }

/** The tables above seen without their row types: one query shape serves them all. */
type AnyTables = Record<string, { id: number }>

/** Whether a record the caller may see (its tree, by the scope kinds' predicates, or province-wide) names this stored file. */
async function referencedInScope(db: Db, scope: DataScope, path: string): Promise<boolean> {
  const loose = db as unknown as Kysely<AnyTables>
  const quoted = `%"${path}"%`
  const lookups: { table: string; placed: Placed; columns: readonly string[]; names: (column: string) => RawBuilder<unknown> }[] = [
    ...Object.entries(storedPathColumns).map(([table, { columns, placed }]) => ({ table, placed, columns, names: (column: string) => sql`${sql.ref(`${table}.${column}`)} = ${path}` })),
    // A stored path holds no LIKE wildcard (digits, hex, '/' and '.'), so it is matched as it is.
    ...Object.entries(richTextColumns).map(([table, { columns, placed }]) => ({ table, placed, columns, names: (column: string) => sql`${sql.ref(`${table}.${column}`)} like ${quoted}` })),
  ]
  const checks = lookups.map(({ table, placed, columns, names: nameOf }) => {
    // In brackets: the tree's condition is joined to it with `and`.
    const names = sql<SqlBool>`(${sql.join(columns.map(nameOf), sql` or `)})`
    const rows = loose.selectFrom(table).select(sql.lit(1).as('hit')).where(names)
    const placedRows = placed === 'province' ? rows : rows.where(sql.ref(`${table}.${placed.via}`), 'in', scopeIds[placed.kind](db, scope))
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
