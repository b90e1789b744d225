import { useEffect, useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import type { AdminRow } from '../../../src-shared/schemas/system'
import { call } from '../../app/bridge'
import { useRecordHistory } from '../../components/RecordHistory'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useNotify } from '../../components/toast'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { indexLabel, numbered } from '../../components/useResourcePage'
import { AdminDialog, type RoleOption } from './AdminDialog'

type Row = AdminRow & { index: number }

const columns: Column<Row>[] = [
  { key: 'index', title: '序号', width: '80px', render: (row) => indexLabel(row.index) },
  { key: 'name', title: '账号', render: (row) => row.name },
  { key: 'roleName', title: '角色名称', render: (row) => row.roleName ?? '无' },
  { key: 'member', title: '关联用户', render: (row) => row.memberDto?.name ?? '无' },
]

/** 账号管理 (spec 001 §2): filters account name and role, add, edit, delete. */
export default function AdminScreen() {
  const table = useRef<ResourceTableHandle<Row>>(null)
  const confirmedDelete = useConfirmedDelete()
  const notify = useNotify()
  const history = useRecordHistory()
  const [roles, setRoles] = useState<RoleOption[]>([])
  const [dialog, setDialog] = useState<{ account: AdminRow | null } | null>(null)

  useEffect(() => {
    call('role.all').then(setRoles, (error: unknown) => notify.error(error))
  }, [notify])

  const remove = (account: AdminRow) =>
    confirmedDelete(`确定要删除账号「${account.name}」吗?`, () => call('admin.delete', { id: account.id }), () => {
      table.current?.follow(account.id, null)
      table.current?.reload()
    })

  return (
    <>
      <ResourceTable
        ref={table}
        label="账号列表"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[
          { name: 'name', label: '账号名称' },
          { name: 'roleId', label: '角色', options: roles.map((r) => ({ value: String(r.id), label: r.title })) },
        ]}
        load={async ({ pageNum, pageSize, filters }) => {
          // The query schema parses the filter's text into the role's id.
          return numbered(await call('admin.list', { pageNum, pageSize, name: filters.name, roleId: filters.roleId }), pageNum, pageSize)
        }}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ account: null })}>
            添加
          </Button>
        }
        rowActions={(row) => (
          <>
            <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setDialog({ account: row })}>
              编辑
            </Button>
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => void remove(row)}>
              删除
            </Button>
            {history.button({ table: 'admin', id: row.id, label: row.name })}
          </>
        )}
      />
      <AdminDialog
        open={dialog !== null}
        account={dialog?.account ?? null}
        roles={roles}
        onClose={() => setDialog(null)}
        onSaved={(saved, added) => {
          if (added) table.current?.showAdded({ ...saved, index: 0 })
          else {
            table.current?.follow(saved.id, { ...saved, index: 0 })
            table.current?.reload()
          }
        }}
      />
      {history.dialog}
    </>
  )
}
