import { useState } from 'react'
import { Button, Dropdown, Input, makeStyles, Option, tokens } from '@fluentui/react-components'
import { DismissRegular, PersonSearchRegular } from '@fluentui/react-icons'
import { AdminCreateSchema, AdminUpdateSchema, PASSWORD_INPUT_CAP, type AdminRow } from '../../../src-shared/schemas/system'
import { call } from '../../app/bridge'
import { FormDialog } from '../../components/FormDialog'
import { FormField, TextField } from '../../components/FormFields'
import { toastMessages, useNotify } from '../../components/toast'
import { UserSelector } from '../../components/UserSelector'

const useStyles = makeStyles({ member: { display: 'flex', gap: tokens.spacingHorizontalS }, memberName: { flexGrow: 1 } })

const EditSchema = AdminUpdateSchema.omit({ id: true })

export interface RoleOption {
  id: number
  title: string
}

/** Add (account null) or edit an account: name, password (kept when left empty on edit), role and linked user. */
export function AdminDialog({
  open,
  account,
  roles,
  onClose,
  onSaved,
}: {
  open: boolean
  account: AdminRow | null
  roles: readonly RoleOption[]
  onClose(): void
  /** The account as saved; `added` for a new one. */
  onSaved(account: AdminRow, added: boolean): void
}) {
  const styles = useStyles()
  const notify = useNotify()
  const [picking, setPicking] = useState(false)
  // The linked member's name as shown; the form holds its id.
  const [memberName, setMemberName] = useState<string | null>(null)
  const shownMember = memberName ?? account?.memberDto?.name ?? null

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return
        setMemberName(null)
        onClose()
      }}
      title={account ? '编辑账号' : '添加账号'}
      // Adding needs a password; editing keeps the old one when it is left empty.
      schema={account ? EditSchema : AdminCreateSchema}
      defaultValues={{ name: account?.name ?? '', password: '', roleId: account?.roleId ?? undefined, memberId: account?.memberId ?? null }}
      onSubmit={async (values) => {
        const saved = account
          ? await call('admin.update', { id: account.id, ...values })
          : await call('admin.create', { ...values, password: values.password ?? '' })
        notify.success(account ? toastMessages.updated : toastMessages.added)
        setMemberName(null)
        onSaved(saved, !account)
      }}
    >
      {({ control, setValue, watch }) => (
        <>
          <TextField control={control} name="name" label="账号" required autoComplete="off" />
          <TextField
            control={control}
            name="password"
            label="密码"
            type="password"
            required={!account}
            maxLength={PASSWORD_INPUT_CAP}
            autoComplete="new-password"
            placeholder={account ? '不修改请留空' : '6-12位，包含大小写字母和数字'}
          />
          <FormField control={control} name="roleId" label="角色" required>
            {(field) => (
              <Dropdown
                ref={field.ref}
                placeholder="请选择角色"
                value={roles.find((r) => r.id === field.value)?.title ?? ''}
                selectedOptions={field.value ? [String(field.value)] : []}
                onOptionSelect={(_, data) => field.onChange(Number(data.optionValue))}
                onBlur={field.onBlur}
              >
                {roles.map((role) => (
                  <Option key={role.id} value={String(role.id)}>
                    {role.title}
                  </Option>
                ))}
              </Dropdown>
            )}
          </FormField>
          <FormField control={control} name="memberId" label="关联用户">
            {() => (
              <div className={styles.member}>
                <Input className={styles.memberName} readOnly value={watch('memberId') ? (shownMember ?? '') : '无'} aria-label="关联用户" />
                <Button icon={<PersonSearchRegular />} onClick={() => setPicking(true)}>
                  选择
                </Button>
                <Button
                  icon={<DismissRegular />}
                  aria-label="清除关联用户"
                  disabled={!watch('memberId')}
                  onClick={() => setValue('memberId', null, { shouldDirty: true })}
                />
              </div>
            )}
          </FormField>
          <UserSelector
            open={picking}
            onClose={() => setPicking(false)}
            onSelect={(member) => {
              setValue('memberId', member.id, { shouldDirty: true, shouldValidate: true })
              setMemberName(member.name)
              setPicking(false)
            }}
          />
        </>
      )}
    </FormDialog>
  )
}
