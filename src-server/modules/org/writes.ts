import { sql } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { z } from 'zod'
import type { OrgCreateSchema, OrgUpdateSchema } from '../../../src-shared/schemas/org'
import type { DataScope } from '../../auth/scope'
import { startsWith } from '../../db/prefix'
import { isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { orgInScope, orgPlace, type OrgPlace } from './queries'

type OrgCreate = z.output<typeof OrgCreateSchema>
type OrgUpdate = z.output<typeof OrgUpdateSchema>

const PARENT_NOT_FOUND = '上级组织不存在'
const CODE_TAKEN = '组织编码已存在'

function codeTaken(): AppError {
  return new AppError(ErrorKey.CONFLICT, CODE_TAKEN, [{ path: 'orgCode', message: CODE_TAKEN }])
}

const sequenceCode = (parentCode: string, seq: number) => parentCode + String(seq).padStart(3, '0')

/** The parent's code followed by the next free three-digit (or longer) sequence number. */
async function nextChildCode(db: Db, parent: Pick<OrgPlace, 'id' | 'orgCode'>): Promise<string> {
  const { n } = await db
    .selectFrom('org')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parentId', '=', parent.id)
    .executeTakeFirstOrThrow()
  for (let seq = Number(n) + 1; ; seq++) {
    const code = sequenceCode(parent.orgCode, seq)
    if (!(await db.selectFrom('org').select('id').where('orgCode', '=', code).executeTakeFirst())) return code
  }
}

/**
 * Gives an organisation a new code and its whole subtree codes under it (decisions:
 * "An organisation's code follows its parent"). A descendant whose code is its parent's
 * code plus a suffix keeps the suffix under the parent's new code; one whose code never
 * followed its parent, or whose new code is taken, gets its new parent code's next free
 * sequence number. Every new code is checked free against the whole table first, so no
 * update meets an old code still in place. Runs inside the caller's transaction.
 */
async function recodeSubtree(trx: Db, org: Pick<OrgPlace, 'id' | 'orgCode'>, path: string, code: string): Promise<void> {
  const below = await trx
    .selectFrom('org')
    .select(['id', 'parentId', 'orgCode', 'path'])
    .where((eb) => startsWith(eb, 'org.path', path))
    .where('id', '<>', org.id)
    .execute()
  // Every new code starts with `code`: the codes already there that do too are all that can clash.
  const taken = new Set((await trx.selectFrom('org').select('orgCode').where((eb) => startsWith(eb, 'orgCode', code)).execute()).map((o) => o.orgCode))
  const oldCode = new Map([[org.id, org.orgCode], ...below.map((o) => [o.id, o.orgCode] as const)])
  const newCode = new Map([[org.id, code]])
  taken.add(code)
  // Parents before their children: a path is longer than its parent's.
  for (const o of below.sort((a, b) => a.path.length - b.path.length)) {
    const parentOld = oldCode.get(o.parentId ?? 0) ?? ''
    const parentNew = newCode.get(o.parentId ?? 0) ?? code
    const followed = o.orgCode.length > parentOld.length && o.orgCode.startsWith(parentOld)
    let next = followed ? parentNew + o.orgCode.slice(parentOld.length) : undefined
    for (let seq = 1; next === undefined || taken.has(next); seq++) next = sequenceCode(parentNew, seq)
    taken.add(next)
    newCode.set(o.id, next)
  }
  for (const [id, value] of newCode) await trx.updateTable('org').set({ orgCode: value }).where('id', '=', id).execute()
}

/** A child of the root is a top organisation (its own top); deeper ones share their parent's. */
function topOrgIdUnder(parent: OrgPlace, id: number): number | null {
  return parent.parentId === null ? id : parent.topOrgId
}

export async function createOrg(db: Db, scope: DataScope, input: OrgCreate): Promise<number> {
  const { parentId, orgCode, ...fields } = input
  return db.transaction().execute(async (trx) => {
    const parent = await orgInScope(trx, scope, parentId, PARENT_NOT_FOUND)
    const code = orgCode ?? (await nextChildCode(trx, parent))
    const now = nowText()
    try {
      const { id } = await trx
        .insertInto('org')
        .values({ ...fields, orgCode: code, parentId, path: '/', topOrgId: null, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The path ends in the generated id, so it is written once the id is known.
      await trx.updateTable('org').set({ path: `${parent.path}${id}/`, topOrgId: topOrgIdUnder(parent, id) }).where('id', '=', id).execute()
      return id
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken()
      throw err
    }
  })
}

/**
 * Moves an organisation under a new parent: its subtree's paths and top organisation
 * change with it, and so do those of every member inside (members keep their
 * organisation's path for fast subtree queries). Both are single range updates.
 */
async function moveSubtree(trx: Db, org: OrgPlace, parent: OrgPlace): Promise<string> {
  if (parent.path.startsWith(org.path)) {
    throw new AppError(ErrorKey.VALIDATION, '不能把组织移到它自己或它的下级组织之下', [
      { path: 'parentId', message: '不能选择本组织或它的下级组织作为上级组织' },
    ])
  }
  const oldPath = org.path
  const newPath = `${parent.path}${org.id}/`
  const topOrgId = topOrgIdUnder(parent, org.id)
  const rest = oldPath.length + 1
  await trx
    .updateTable('org')
    .set((eb) => ({ path: sql<string>`${newPath} || substr(${eb.ref('path')}, ${rest})`, topOrgId }))
    .where((eb) => startsWith(eb, 'org.path', oldPath))
    .execute()
  await trx
    .updateTable('member')
    .set((eb) => ({ orgPath: sql<string>`${newPath} || substr(${eb.ref('orgPath')}, ${rest})`, topOrgId }))
    .where((eb) => startsWith(eb, 'member.orgPath', oldPath))
    .execute()
  return newPath
}

const ROOT_CODE_FIXED = '根组织的编码不能修改'

/**
 * `org.update` (its route's scope marker has checked the organisation; the new parent is
 * checked here). A move gives the organisation the next free code under its new parent
 * unless the same edit types a new code; either way its subtree's codes follow.
 */
export async function updateOrg(db: Db, scope: DataScope, input: OrgUpdate): Promise<void> {
  const { id, parentId, orgCode, ...fields } = input
  await db.transaction().execute(async (trx) => {
    const org = await orgPlace(trx, id)
    // Every account's scope hangs from the root's code (ROOT_ORG_CODE): it is fixed.
    if (org.parentId === null && orgCode && orgCode !== org.orgCode) {
      throw new AppError(ErrorKey.VALIDATION, ROOT_CODE_FIXED, [{ path: 'orgCode', message: ROOT_CODE_FIXED }])
    }
    let path = org.path
    let code = orgCode && orgCode !== org.orgCode ? orgCode : org.orgCode
    if (parentId !== undefined && parentId !== org.parentId) {
      if (org.parentId === null) throw new AppError(ErrorKey.VALIDATION, '根组织不能移动', [{ path: 'parentId', message: '根组织没有上级组织' }])
      const parent = await orgInScope(trx, scope, parentId, PARENT_NOT_FOUND)
      path = await moveSubtree(trx, org, parent)
      if (code === org.orgCode) code = await nextChildCode(trx, parent)
    }
    try {
      if (code !== org.orgCode) await recodeSubtree(trx, org, path, code)
      await trx
        .updateTable('org')
        .set({ ...fields, ...(parentId !== undefined ? { parentId } : {}), updatedAt: nowText() })
        .where('id', '=', id)
        .execute()
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken()
      throw err
    }
  })
}

/** Only the super user deletes, and only an organisation nothing refers to (no children, members, trainings …: src-shared/references.ts). */
export async function deleteOrg(db: Db, scope: DataScope, id: number): Promise<void> {
  if (!scope.superUser) throw new AppError(ErrorKey.FORBIDDEN, '只有超级管理员可以删除组织')
  await db.transaction().execute(async (trx) => {
    const org = await orgPlace(trx, id)
    if (org.parentId === null) throw new AppError(ErrorKey.CONFLICT, '根组织不能删除')
    await deleteRecords(trx, 'org', [id])
  })
}
