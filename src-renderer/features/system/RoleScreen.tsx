import { useRef, useState } from 'react'
import { Button } from '@fluentui/react-components'
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons'
import { PROTECTED_ROLE_ID, type RoleRow } from '../../../src-shared/schemas/system'
import { call } from '../../app/bridge'
import { useRecordHistory } from '../../components/RecordHistory'
import { ResourceTable, type Column, type ResourceTableHandle } from '../../components/ResourceTable'
import { useConfirmedDelete } from '../../components/useConfirmedDelete'
import { numbered } from '../../components/useResourcePage'
import { RoleDialog } from './RoleDialog'

const columns: Column<RoleRow & { index: number }>[] = [
  { key: 'index', title: '序号', width: '80px', render: (row) => row.index },
  { key: 'title', title: '角色名称', width: '180px', render: (row) => row.title },
  { key: 'remark', title: '备注', render: (row) => row.remark ?? '' },
  { key: 'createTime', title: '创建时间', width: '180px', render: (row) => row.createTime },
]

/** 角色管理 (spec 001 §2): search by title, add, edit, delete; role 1 is protected (the server refuses too). */
export default function RoleScreen() {
  const table = useRef<ResourceTableHandle>(null)
  const confirmedDelete = useConfirmedDelete()
  const history = useRecordHistory()
  const [dialog, setDialog] = useState<{ role: RoleRow | null } | null>(null)

  const remove = (role: RoleRow) =>
    confirmedDelete('确定要删除当前角色吗?', () => call('role.delete', { id: role.id }), () => table.current?.reload())

  return (
    <>
      <ResourceTable
        ref={table}
        label="角色列表"
        columns={columns}
        rowKey={(row) => row.id}
        filters={[{ name: 'title', label: '角色名称' }]}
        load={async ({ pageNum, pageSize, filters }) => {
          return numbered(await call('role.list', { pageNum, pageSize, title: filters.title }), pageNum, pageSize)
        }}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ role: null })}>
            添加
          </Button>
        }
        rowActions={(row) => {
          const locked = row.id === PROTECTED_ROLE_ID
          const why = locked ? '超级管理员角色不可编辑或删除' : undefined
          return (
            <>
              <Button size="small" appearance="subtle" icon={<EditRegular />} disabled={locked} title={why} onClick={() => setDialog({ role: row })}>
                编辑
              </Button>
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} disabled={locked} title={why} onClick={() => void remove(row)}>
                删除
              </Button>
              {history.button({ table: 'role', id: row.id, label: row.title })}
            </>
          )
        }}
      />
      <RoleDialog open={dialog !== null} role={dialog?.role ?? null} onClose={() => setDialog(null)} onSaved={() => table.current?.reload()} />
      {history.dialog}
    </>
  )
}
