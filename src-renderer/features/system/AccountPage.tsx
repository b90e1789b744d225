import { useEffect, useState } from 'react'
import { adminResource, PASSWORD_INPUT_CAP } from '../../../src-shared/schemas/system'
import { call } from '../../lib/bridge'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { KeptPasswordField } from '../../components/crud/fields'
import { useRecordHistory } from '../../components/RecordHistory'
import { useNotify } from '../../components/toast'
import { AccountMemberField } from './AccountMemberField'

/**
 * 账号管理 (spec 001 §2): filters account name and role, add, edit, delete. The fields are
 * the descriptor's; the screen draws the password (left empty on edit keeps the old one)
 * and the linked member's picker.
 */
export default function AccountPage() {
  const notify = useNotify()
  const history = useRecordHistory()
  const [roles, setRoles] = useState<readonly { id: number; title: string }[]>([])

  useEffect(() => {
    call('role.all').then(setRoles, (error: unknown) => notify.error(error))
  }, [notify])

  return (
    <>
      <CrudScreen
        resource={adminResource}
        label="账号列表"
        cells={{
          roleName: { render: (row) => row.roleName ?? '无' },
          member: { render: (row) => row.memberDto?.name ?? '无' },
        }}
        filterOptions={{ roleId: roles.map((r) => ({ value: String(r.id), label: r.title })) }}
        deleteMessage={(row) => `确定要删除账号「${row.name}」吗?`}
        rowActions={(row) => history.button({ table: 'admin', id: row.id, label: row.name })}
        controls={{
          password: ({ control }, account, decl) => (
            <KeptPasswordField
              control={control}
              name="password"
              decl={decl}
              editing={!!account}
              maxLength={PASSWORD_INPUT_CAP}
              placeholder={account ? '不修改请留空' : '6-12位，包含大小写字母和数字'}
            />
          ),
          memberId: (form, account, decl) => <AccountMemberField form={form} account={account} label={decl.label} />,
        }}
      />
      {history.dialog}
    </>
  )
}
