import type { DataScope } from '../../auth/scope'
import { chunks } from '../../db/chunks'
import { startsWith } from '../../db/prefix'
import type { Db } from '../../db/types'
import { idsOfPath } from './queries'

/**
 * An organisation as a clerk names it in a workbook: its name, or its path of names from
 * the top of the clerk's tree (江苏省财政厅/预算处/预算处党支部), as the import templates'
 * 组织 sheet lists them. A name shared by several organisations needs enough of its path.
 */
export const ORG_PATH_SEPARATOR = '/'
const LOOKUP_CHUNK = 500

/** An organisation a workbook row names, ready for a member row. */
export interface OrgPlace {
  orgId: number
  orgPath: string
  topOrgId: number
}

/** What a typed name or path found: one organisation, several (the paths that tell them apart), or none. */
export type OrgMatch = { kind: 'one'; org: OrgPlace } | { kind: 'many'; paths: string[] } | { kind: 'none' }

const segmentsOf = (text: string) =>
  text
    .split(/[/／]/)
    .map((s) => s.trim())
    .filter(Boolean)

/** The first `limit` organisations of the caller's tree, parents first, each with its path of names and its code. */
export async function orgPaths(db: Db, scope: DataScope, limit: number): Promise<{ orgCode: string; path: string }[]> {
  const rows = await db
    .selectFrom('org')
    .select(['id', 'parentId', 'name', 'orgCode'])
    .where((eb) => startsWith(eb, 'path', scope.path))
    // A parent's path is a prefix of its children's: it sorts before them.
    .orderBy('path')
    .limit(limit)
    .execute()
  const pathOf = new Map<number, string>()
  return rows.map((o) => {
    const parent = o.parentId === null ? undefined : pathOf.get(o.parentId)
    const path = parent === undefined ? o.name : `${parent}${ORG_PATH_SEPARATOR}${o.name}`
    pathOf.set(o.id, path)
    return { orgCode: o.orgCode, path }
  })
}

/**
 * The organisations of the caller's tree the texts name, by name or by path (its last
 * names are enough when they tell it apart). Two queries per 500 names, whatever the
 * number of rows.
 */
export async function orgsByNameOrPath(db: Db, scope: DataScope, texts: readonly string[]): Promise<Map<string, OrgMatch>> {
  const names = [...new Set(texts.map((t) => segmentsOf(t).at(-1) ?? ''))].filter(Boolean)
  const candidates: { id: number; name: string; path: string; topOrgId: number | null }[] = []
  for (const part of chunks(names, LOOKUP_CHUNK)) {
    candidates.push(
      ...(await db
        .selectFrom('org')
        .select(['id', 'name', 'path', 'topOrgId'])
        .where((eb) => eb.and([eb('name', 'in', part), startsWith(eb, 'path', scope.path)]))
        .execute()),
    )
  }
  // Each candidate's chain of names from the top of the caller's tree.
  const depth = idsOfPath(scope.path).length - 1
  const chains = new Map(candidates.map((c) => [c.id, idsOfPath(c.path).slice(depth)]))
  const nameOf = new Map<number, string>()
  for (const part of chunks([...new Set([...chains.values()].flat())], LOOKUP_CHUNK)) {
    for (const o of await db.selectFrom('org').select(['id', 'name']).where('id', 'in', part).execute()) nameOf.set(o.id, o.name)
  }
  const namesOf = (id: number) => (chains.get(id) ?? []).map((a) => nameOf.get(a) ?? '')
  const found = new Map<string, OrgMatch>()
  for (const text of new Set(texts)) {
    const wanted = segmentsOf(text)
    const matches = candidates.filter((c) => {
      const chain = namesOf(c.id)
      return wanted.length > 0 && wanted.length <= chain.length && wanted.every((name, i) => chain[chain.length - wanted.length + i] === name)
    })
    if (matches.length === 1) {
      const [o] = matches
      found.set(text, { kind: 'one', org: { orgId: o.id, orgPath: o.path, topOrgId: o.topOrgId ?? o.id } })
    } else if (matches.length > 1) found.set(text, { kind: 'many', paths: matches.map((m) => namesOf(m.id).join(ORG_PATH_SEPARATOR)) })
    else found.set(text, { kind: 'none' })
  }
  return found
}
