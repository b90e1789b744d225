import { PROTECTED_ROLE_ID, roleResource, ROLE_REMARK_MAX, ROLE_TITLE_MAX } from '../../../src-shared/schemas/system'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { FormField, TextAreaField, TextField } from '../../components/FormFields'
import { PermissionTree } from '../../components/PermissionTree'
import { useRecordHistory } from '../../components/RecordHistory'
import { minutesOf } from '../../../src-shared/date-text'

/** 角色管理 (spec 001 §2): search by title, add, edit, delete; role 1 is protected (the server refuses too). */
export default function RoleScreen() {
  const history = useRecordHistory()
  return (
    <>
      <CrudScreen
        resource={roleResource}
        label="角色列表"
        columns={[
          { key: 'title', title: '角色名称', width: '180px', render: (row) => row.title },
          { key: 'remark', title: '备注', render: (row) => row.remark ?? '' },
          { key: 'createTime', title: '创建时间', width: '180px', render: (row) => minutesOf(row.createTime) },
        ]}
        blank={{ title: '', remark: '', permissionIdList: [] }}
        toValues={(row) => ({ title: row.title, remark: row.remark ?? '', permissionIdList: row.permissionIdList })}
        locked={(row) => (row.id === PROTECTED_ROLE_ID ? '超级管理员角色不可编辑或删除' : undefined)}
        rowActions={(row) => history.button({ table: 'role', id: row.id, label: row.title })}
        fields={({ control }) => (
          <>
            <TextField control={control} name="title" label="角色名称" required placeholder={`不超过${ROLE_TITLE_MAX}个字符`} />
            <TextAreaField control={control} name="remark" label="备注" required placeholder={`不超过${ROLE_REMARK_MAX}个字符`} />
            <FormField control={control} name="permissionIdList" label="菜单权限" required>
              {(field) => <PermissionTree label="菜单权限" value={(field.value as number[] | undefined) ?? []} onChange={field.onChange} />}
            </FormField>
          </>
        )}
      />
      {history.dialog}
    </>
  )
}
