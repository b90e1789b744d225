import { useState } from 'react'
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components'
import { DismissRegular, PersonSearchRegular } from '@fluentui/react-icons'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { PASSWORD_INPUT_CAP, type AdminRow } from '../../../src-shared/schemas/system'
import { ChoiceField, FormField, TextField } from '../../components/FormFields'
import { UserSelector } from '../../components/UserSelector'

const useStyles = makeStyles({ member: { display: 'flex', gap: tokens.spacingHorizontalS }, memberName: { flexGrow: 1 } })

export interface RoleOption {
  id: number
  title: string
}

/** An account's fields: name, password (kept when left empty on edit), role and the linked member picked in the user selector. */
export function AccountFields({ form, account, roles }: { form: UseFormReturn<FieldValues>; account: AdminRow | null; roles: readonly RoleOption[] }) {
  const styles = useStyles()
  const { control, setValue, watch } = form
  const [picking, setPicking] = useState(false)
  // The linked member's name as shown; the form holds its id.
  const [memberName, setMemberName] = useState<string | null>(null)
  const shownMember = memberName ?? account?.memberDto?.name ?? null
  return (
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
      <ChoiceField control={control} name="roleId" label="角色" required placeholder="请选择角色" options={roles.map((r) => ({ value: r.id, label: r.title }))} />
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
  )
}
