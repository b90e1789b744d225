import { call } from '../../lib/bridge'
import { MAX_CHILDREN_PAGE_SIZE, type OrgNode } from '../../../src-shared/schemas/org'
import type { LazyTreeSource } from '../tree/useLazyTree'

/**
 * Names of every organisation this window has seen, by id: a picker given only an id
 * (a filter, a saved form) shows the name without asking the server again.
 */
export const knownOrgNames = new Map<number, string>()

/** All children of an organisation (or the top of the caller's tree), every page of them. */
export async function loadOrgChildren(parentId: number | null): Promise<OrgNode[]> {
  const query = parentId === null ? {} : { parentId }
  const first = await call('org.children', { ...query, pageNum: 1, pageSize: MAX_CHILDREN_PAGE_SIZE })
  const pageCount = Math.ceil(first.total / MAX_CHILDREN_PAGE_SIZE)
  // The remaining pages at once; Promise.all keeps their order.
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) =>
      call('org.children', { ...query, pageNum: i + 2, pageSize: MAX_CHILDREN_PAGE_SIZE }),
    ),
  )
  const records = [first, ...rest].flatMap((page) => page.records)
  for (const org of records) knownOrgNames.set(org.id, org.name)
  return records
}

/** The organisation tree from `topParentId`'s children, or from the top of the caller's tree. */
export function orgTreeSource(topParentId?: number): LazyTreeSource<OrgNode> {
  return {
    key: (org) => org.id,
    hasChildren: (org) => org.hasChildren,
    loadChildren: (parent) => loadOrgChildren(parent === null ? (topParentId ?? null) : Number(parent)),
  }
}
