import { useState } from 'react'
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components'
import { DismissRegular, PersonSearchRegular } from '@fluentui/react-icons'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import type { AdminRow } from '../../../src-shared/schemas/system'
import { FormField } from '../../components/FormFields'
import { UserSelector } from '../../components/UserSelector'

const useStyles = makeStyles({ member: { display: 'flex', gap: tokens.spacingHorizontalS }, memberName: { flexGrow: 1 } })

/** An account's linked member (its `memberId`): shown by name, picked in the user selector, or cleared (无). */
export function AccountMemberField({ form, account, label }: { form: UseFormReturn<FieldValues>; account: AdminRow | null; label: string }) {
  const styles = useStyles()
  const { control, setValue, watch } = form
  const [picking, setPicking] = useState(false)
  // The linked member's name as shown; the form holds its id.
  const [memberName, setMemberName] = useState<string | null>(null)
  const shownMember = memberName ?? account?.memberDto?.name ?? null
  return (
    <>
      <FormField control={control} name="memberId" label={label}>
        {() => (
          <div className={styles.member}>
            <Input className={styles.memberName} readOnly value={watch('memberId') ? (shownMember ?? '') : '无'} aria-label={label} />
            <Button icon={<PersonSearchRegular />} onClick={() => setPicking(true)}>
              选择
            </Button>
            <Button
              icon={<DismissRegular />}
              aria-label={`清除${label}`}
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
