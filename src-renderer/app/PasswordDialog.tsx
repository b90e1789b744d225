import { useRef } from 'react'
import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { PasswordChangeSchema, type PasswordChange } from '../../src-shared/schemas/auth'
import { PASSWORD_INPUT_CAP, PASSWORD_RULE_MESSAGE } from '../../src-shared/schemas/system'
import { FormDialog } from '../components/FormDialog'
import { TextField } from '../components/FormFields'
import { useNotify } from '../components/toast'
import { call } from '../lib/bridge'
import { useSession } from '../components/session'
import { useSignOut } from '../components/useSignOut'

const BLANK: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' }

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
})

/**
 * 修改密码 (issue 31): the old password, the new one under the account rule (shown, and
 * checked by the shared schema) and again. The server checks the old one and ends the
 * account's other sessions; this one stays signed in.
 */
export function PasswordDialog({
  open,
  onOpenChange,
  forced = false,
  onChanged,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  forced?: boolean
  /** After the change, before the dialog closes. */
  onChanged?(): void
}) {
  const { passwordChanged } = useSession()
  const notify = useNotify()
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="修改密码"
      schema={PasswordChangeSchema}
      defaultValues={BLANK}
      cancelText={forced ? '退出登录' : '取消'}
      onSubmit={async (values) => {
        await call('auth.password', values)
        onChanged?.()
        passwordChanged()
        notify.success('密码已修改')
      }}
    >
      {({ control }) => (
        <>
          {forced && <Text>密码由管理员设置，请先修改密码后再使用系统。</Text>}
          <TextField control={control} name="oldPassword" label="原密码" required type="password" maxLength={PASSWORD_INPUT_CAP} autoComplete="current-password" autoFocus />
          <TextField
            control={control}
            name="newPassword"
            label="新密码"
            required
            type="password"
            maxLength={PASSWORD_INPUT_CAP}
            autoComplete="new-password"
            hint={PASSWORD_RULE_MESSAGE}
          />
          <TextField control={control} name="confirmPassword" label="确认新密码" required type="password" maxLength={PASSWORD_INPUT_CAP} autoComplete="new-password" />
        </>
      )}
    </FormDialog>
  )
}

/** What an account whose password another administrator set sees until it has changed it: only this dialog, or 退出登录. */
export function PasswordChangeRequired() {
  const styles = useStyles()
  const signOut = useSignOut()
  const changed = useRef(false)
  return (
    <div className={styles.page}>
      <PasswordDialog
        forced
        open
        onChanged={() => (changed.current = true)}
        onOpenChange={(open) => {
          // Closed without the change (退出登录, Esc): nothing else may be used, so sign out.
          if (!open && !changed.current) void signOut()
        }}
      />
    </div>
  )
}
