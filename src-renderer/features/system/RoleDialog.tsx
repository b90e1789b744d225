import { RoleCreateSchema, ROLE_REMARK_MAX, ROLE_TITLE_MAX, type RoleRow } from '../../../src-shared/schemas/system'
import { call } from '../../app/bridge'
import { FormDialog } from '../../components/FormDialog'
import { FormField, TextAreaField, TextField } from '../../components/FormFields'
import { PermissionTree } from '../../components/PermissionTree'
import { toastMessages, useNotify } from '../../components/toast'

/** Add (role null) or edit a role: title, remark and the menu tree. */
export function RoleDialog({ open, role, onClose, onSaved }: { open: boolean; role: RoleRow | null; onClose(): void; onSaved(): void }) {
  const notify = useNotify()
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={role ? '编辑角色' : '添加角色'}
      schema={RoleCreateSchema}
      defaultValues={{ title: role?.title ?? '', remark: role?.remark ?? '', permissionIdList: role?.permissionIdList ?? [] }}
      onSubmit={async (values) => {
        if (role) await call('role.update', { id: role.id, ...values })
        else await call('role.create', values)
        notify.success(role ? toastMessages.updated : toastMessages.added)
        onSaved()
      }}
    >
      {({ control }) => (
        <>
          <TextField control={control} name="title" label="角色名称" required placeholder={`不超过${ROLE_TITLE_MAX}个字符`} />
          <TextAreaField control={control} name="remark" label="备注" required placeholder={`不超过${ROLE_REMARK_MAX}个字符`} />
          <FormField control={control} name="permissionIdList" label="菜单权限" required>
            {(field) => (
              <PermissionTree label="菜单权限" value={(field.value as number[] | undefined) ?? []} onChange={field.onChange} />
            )}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
