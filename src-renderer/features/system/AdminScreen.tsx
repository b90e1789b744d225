import { useEffect, useState } from 'react'
import { adminResource, AdminUpdateSchema } from '../../../src-shared/schemas/system'
import { call } from '../../lib/bridge'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { useRecordHistory } from '../../components/RecordHistory'
import { useNotify } from '../../components/toast'
import { AccountFields, type RoleOption } from './AccountFields'

// Editing keeps the old password when it is left empty.
const EditSchema = AdminUpdateSchema.omit({ id: true })

/** 账号管理 (spec 001 §2): filters account name and role, add, edit, delete. */
export default function AdminScreen() {
  const notify = useNotify()
  const history = useRecordHistory()
  const [roles, setRoles] = useState<RoleOption[]>([])

  useEffect(() => {
    call('role.all').then(setRoles, (error: unknown) => notify.error(error))
  }, [notify])

  return (
    <>
      <CrudScreen
        resource={adminResource}
        label="账号列表"
        columns={[
          { key: 'name', title: '账号', render: (row) => row.name },
          { key: 'roleName', title: '角色名称', render: (row) => row.roleName ?? '无' },
          { key: 'member', title: '关联用户', render: (row) => row.memberDto?.name ?? '无' },
        ]}
        filterOptions={{ roleId: roles.map((r) => ({ value: String(r.id), label: r.title })) }}
        blank={{ name: '', password: '', roleId: undefined, memberId: null }}
        toValues={(row) => ({ name: row.name, password: '', roleId: row.roleId ?? undefined, memberId: row.memberId })}
        editSchema={EditSchema}
        deleteMessage={(row) => `确定要删除账号「${row.name}」吗?`}
        rowActions={(row) => history.button({ table: 'admin', id: row.id, label: row.name })}
        fields={(form, editing) => <AccountFields form={form} account={editing} roles={roles} />}
      />
      {history.dialog}
    </>
  )
}
