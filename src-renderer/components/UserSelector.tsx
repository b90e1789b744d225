import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import type { z } from 'zod'
import type { MemberSchema } from '../../src-shared/schemas/member'
import { call } from '../lib/bridge'
import type { FilterOption } from './FilterBar'
import { ResourceTable, type Column } from './ResourceTable'
import { useNotify } from './toast'
import { numbered } from './useResourcePage'
import { ViewDialog } from './ViewDialog'

export type PickedMember = Pick<z.infer<typeof MemberSchema>, 'id' | 'name' | 'telephone' | 'orgName'>

type Row = PickedMember & { index: number }

const columns: Column<Row>[] = [
  { key: 'index', title: '序号', width: '64px', render: (row) => row.index },
  { key: 'name', title: '姓名', width: '120px', render: (row) => row.name },
  { key: 'telephone', title: '手机号', width: '140px', render: (row) => row.telephone },
  { key: 'orgName', title: '所属组织', render: (row) => row.orgName ?? '—' },
]

/**
 * Picks one party member: filters 姓名, 手机号 and 单位, a paged list of the members
 * the account may see (the server limits it to the account's tree), and 选择 per row.
 * Used by the account dialog and the sign-up screens. Closed (选择 or 取消), it gives the
 * focus back to what opened it, in the dialog under it: the keyboard (Esc, Tab) stays
 * there (the focus was left on the page, where Esc no longer reached that dialog).
 */
export function UserSelector({ open, title = '选择用户', onClose, onSelect }: { open: boolean; title?: string; onClose(): void; onSelect(member: PickedMember): void }) {
  const notify = useNotify()
  const [departments, setDepartments] = useState<FilterOption[]>([])
  const opener = useRef<HTMLElement | null>(null)
  // A layout effect: it runs before the dialog moves the focus into itself.
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      return
    }
    const previous = opener.current
    opener.current = null
    if (previous?.isConnected) requestAnimationFrame(() => previous.focus())
  }, [open])

  useEffect(() => {
    if (!open) return
    let live = true
    call('department.all')
      .then((list) => live && setDepartments(list.map((d) => ({ value: String(d.id), label: d.shortName ?? d.name }))))
      .catch((error: unknown) => live && notify.error(error))
    return () => {
      live = false
    }
  }, [open, notify])

  return (
    <ViewDialog open={open} title={title} onClose={onClose} width="wide" closeText="取消">
      {open && (
        <ResourceTable
          label="用户列表"
          columns={columns}
          rowKey={(row) => row.id}
          filters={[
            { name: 'name', label: '姓名' },
            { name: 'telephone', label: '手机号' },
            { name: 'orgId', label: '单位', options: departments },
          ]}
          load={async ({ pageNum, pageSize, filters }) => {
            const page = await call('member.list', {
              pageNum,
              pageSize,
              name: filters.name,
              telephone: filters.telephone,
              orgId: filters.orgId ? Number(filters.orgId) : undefined,
            })
            const picked = page.records.map(({ id, name, telephone, orgName }) => ({ id, name, telephone, orgName }))
            return numbered({ total: page.total, records: picked }, pageNum, pageSize)
          }}
          rowActions={(row) => (
            <Button size="small" appearance="primary" onClick={() => onSelect(row)}>
              选择
            </Button>
          )}
        />
      )}
    </ViewDialog>
  )
}
