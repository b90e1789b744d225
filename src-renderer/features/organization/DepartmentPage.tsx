import { useMemo, useState } from 'react'
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { ROOT_ORG_CODE } from '../../../src-shared/permissions'
import { orgDisplayName, type OrgNode, type OrgSearchHit } from '../../../src-shared/schemas/org'
import { call } from '../../lib/bridge'
import { useUser } from '../../components/session'
import { FilterBar, type FilterField, type FilterValues } from '../../components/FilterBar'
import { orgFilter } from '../../components/org/orgFilter'
import { orgTreeSource } from '../../components/org/orgSource'
import type { Column } from '../../components/ResourceTable'
import { toastMessages, useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { TreeTable } from '../../components/tree/TreeTable'
import { useLazyTree, type TreeKey } from '../../components/tree/useLazyTree'
import { OrgDialog, type OrgDialogTarget, type OrgFormValues } from './OrgDialog'

/** Spec 000 §9: the department tree's loading indicator stays at least a second. */
const TREE_MIN_LOADING_MS = 1000
const MAX_REVEALED_HITS = 100

type Filter = 'parentId' | 'name'

const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingBottom: tokens.spacingVerticalM },
  found: { marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
})

const columns: readonly Column<OrgNode>[] = [
  { key: 'name', title: '组织名称', render: orgDisplayName },
  { key: 'shortName', title: '简称', width: '130px', render: (org) => org.shortName ?? '' },
  { key: 'orgCode', title: '组织编码', width: '150px', render: (org) => org.orgCode },
  { key: 'orgType', title: '类型', width: '80px', render: (org) => org.orgType ?? '' },
  { key: 'secretary', title: '书记', width: '80px', render: (org) => org.secretary ?? '' },
  { key: 'contactPhone', title: '联系电话', width: '125px', render: (org) => org.contactPhone ?? '' },
]

/** The hits under `parentId` (all of them without one) and the organisations to open to show them. */
function placeHits(hits: OrgSearchHit[], parentId: number | undefined): { found: number[]; open: number[] } {
  const found: number[] = []
  const open = new Set<number>()
  for (const hit of hits) {
    const ancestors = hit.path.slice(0, -1).map((step) => step.id)
    const from = parentId === undefined ? 0 : ancestors.indexOf(parentId) + 1
    if (parentId !== undefined && from === 0) continue
    found.push(hit.id)
    for (const id of ancestors.slice(from)) open.add(id)
  }
  return { found, open: [...open] }
}

/**
 * 部门管理 (/organization/department): the organisation tree, children loaded on
 * opening; the name filter finds organisations anywhere below and opens the tree down
 * to them. Add, edit, and — for the super user only (spec 000 §6) — delete.
 */
export default function DepartmentPage() {
  const styles = useStyles()
  const notify = useNotify()
  const confirmedDelete = useConfirmedDelete()
  const superUser = useUser().memberDto === null
  const [topParentId, setTopParentId] = useState<number | undefined>(undefined)
  const source = useMemo(() => orgTreeSource(topParentId), [topParentId])
  const tree = useLazyTree(source, { minLoadingMs: TREE_MIN_LOADING_MS, onError: notify.error })
  const [found, setFound] = useState<number[]>([])
  const [current, setCurrent] = useState(0)
  const [dialog, setDialog] = useState<OrgDialogTarget | null>(null)
  const highlighted = useMemo(() => new Set<TreeKey>(found), [found])

  const filters: readonly FilterField<Filter>[] = [
    {
      name: 'parentId',
      label: '上级组织',
      width: '260px',
      ...orgFilter('全部'),
    },
    { name: 'name', label: '组织名称' },
  ]

  const search = async ({ parentId, name }: FilterValues<Filter>) => {
    const parent = parentId ? Number(parentId) : undefined
    setTopParentId(parent)
    setFound([])
    if (!name) return
    try {
      const hits = await call('org.search', { name, limit: MAX_REVEALED_HITS })
      const placed = placeHits(hits, parent)
      if (placed.found.length === 0) notify.info('没有找到匹配的组织')
      setFound(placed.found)
      setCurrent(0)
      await tree.reveal(placed.open)
    } catch (error) {
      notify.error(error)
    }
  }

  /** The tree slot an organisation's siblings live in: the top level when its parent is the tree's top. */
  const slotOf = (parentId: number | null): number | null => (parentId === null || parentId === topParentId ? null : parentId)

  const save = async (values: OrgFormValues, target: OrgDialogTarget) => {
    if (target.kind === 'add') {
      const { id: _unused, ...fields } = values
      const created = await call('org.create', fields)
      notify.success(toastMessages.added)
      await tree.refresh(slotOf(created.parentId))
      if (created.parentId !== null && slotOf(created.parentId) !== null) await tree.reveal([created.parentId])
      setFound([created.id])
      setCurrent(0)
      return
    }
    const updated = await call('org.update', { ...values, id: target.org.id })
    notify.success(toastMessages.updated)
    await tree.refresh(slotOf(target.org.parentId))
    if (updated.parentId !== target.org.parentId) await tree.refresh(slotOf(updated.parentId))
  }

  // Tree nodes are summaries: the dialog edits the whole record, read afresh.
  const edit = (id: number) => call('org.get', { id }).then((org) => setDialog({ kind: 'edit', org }), notify.error)

  const remove = (org: OrgNode) =>
    confirmedDelete(
      `确定要删除组织「${org.name}」吗?`,
      () => call('org.delete', { id: org.id }),
      () => void tree.refresh(slotOf(org.parentId)),
      { table: 'org', ids: [org.id] },
    )

  const step = (by: number) => setCurrent((index) => (index + by + found.length) % found.length)

  return (
    <section aria-label="组织列表">
      <FilterBar fields={filters} onSearch={(values) => void search(values)} />
      <div className={styles.toolbar}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'add', parent: null })}>
          新增
        </Button>
        {found.length > 0 && (
          <div className={styles.found} role="status">
            <Text>
              找到 {found.length} 个组织{found.length > 1 ? `，第 ${current + 1} 个` : ''}
            </Text>
            <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label="上一个" disabled={found.length < 2} onClick={() => step(-1)} />
            <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label="下一个" disabled={found.length < 2} onClick={() => step(1)} />
          </div>
        )}
      </div>
      <TreeTable
        label="组织列表"
        tree={tree}
        columns={columns}
        height="calc(100vh - 330px)"
        highlighted={highlighted}
        scrollTo={found[current] ?? null}
        actionsWidth={superUser ? '250px' : '185px'}
        rowActions={(org) => [
          { label: '新增下级', icon: <AddRegular />, onClick: () => setDialog({ kind: 'add', parent: { id: org.id, name: org.name } }) },
          { label: '编辑', icon: <EditRegular />, onClick: () => void edit(org.id) },
          // The root organisation holds the whole province: it is never deleted.
          ...(superUser && org.orgCode !== ROOT_ORG_CODE ? [{ label: '删除', icon: <DeleteRegular />, onClick: () => void remove(org) }] : []),
        ]}
      />
      <OrgDialog target={dialog} onClose={() => setDialog(null)} onSave={save} />
    </section>
  )
}
