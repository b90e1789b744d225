import { PROTECTED_ROLE_ID, roleResource } from '../../../src-shared/schemas/system'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { FormField } from '../../components/FormFields'
import { PermissionTree } from '../../components/PermissionTree'
import { useRecordHistory } from '../../components/RecordHistory'

/** 角色管理 (spec 001 §2): search by title, add, edit, delete; role 1 is protected (the server refuses too). */
export default function RolePage() {
  const history = useRecordHistory()
  const { label } = roleResource.form.permissionIdList
  return (
    <>
      <CrudScreen
        resource={roleResource}
        label="角色列表"
        locked={(row) => (row.id === PROTECTED_ROLE_ID ? '超级管理员角色不可编辑或删除' : undefined)}
        rowActions={(row) => history.button({ table: 'role', id: row.id, label: row.title })}
        controls={{
          permissionIdList: ({ control }) => (
            <FormField control={control} name="permissionIdList" label={label} required>
              {(field) => <PermissionTree label={label} value={(field.value as number[] | undefined) ?? []} onChange={field.onChange} />}
            </FormField>
          ),
        }}
      />
      {history.dialog}
    </>
  )
}
