import { useEffect, useState } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import type { z } from 'zod'
import type { MemberSchema } from '../../src-shared/schemas/member'
import { call } from '../app/bridge'
import type { FilterOption } from './FilterBar'
import { ResourceTable, type Column } from './ResourceTable'
import { useNotify } from './toast'

export type PickedMember = Pick<z.infer<typeof MemberSchema>, 'id' | 'name' | 'telephone' | 'orgName'>

type Row = PickedMember & { index: number }

const useStyles = makeStyles({ surface: { maxWidth: '900px', width: '92vw' } })

const columns: Column<Row>[] = [
  { key: 'index', title: '序号', width: '64px', render: (row) => row.index },
  { key: 'name', title: '姓名', width: '120px', render: (row) => row.name },
  { key: 'telephone', title: '手机号', width: '140px', render: (row) => row.telephone },
  { key: 'orgName', title: '所属组织', render: (row) => row.orgName ?? '—' },
]

/**
 * Picks one party member: filters 姓名, 手机号 and 单位, a paged list of the members
 * the account may see (the server limits it to the account's tree), and 选择 per row.
 * Used by the account dialog and the sign-up screens.
 */
export function UserSelector({ open, title = '选择用户', onClose, onSelect }: { open: boolean; title?: string; onClose(): void; onSelect(member: PickedMember): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const [departments, setDepartments] = useState<FilterOption[]>([])

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
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
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
                  return { total: page.total, records: page.records.map((m, i) => ({ id: m.id, name: m.name, telephone: m.telephone, orgName: m.orgName, index: (pageNum - 1) * pageSize + i + 1 })) }
                }}
                rowActions={(row) => (
                  <Button size="small" appearance="primary" onClick={() => onSelect(row)}>
                    选择
                  </Button>
                )}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>取消</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
