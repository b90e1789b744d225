import { useState } from 'react'
import { Button, Checkbox, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Text, tokens } from '@fluentui/react-components'
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { plainHttpWarning, SetupFormSchema, type SetupForm } from '../../../src-shared/schemas/setup'
import { PASSWORD_INPUT_CAP, PASSWORD_RULE_MESSAGE } from '../../../src-shared/schemas/system'
import { call } from '../../lib/bridge'
import { FormField, TextField } from '../../components/FormFields'
import { showServerIssues } from '../../components/serverIssues'
import { AuthBackdrop, AuthCardHeading, useAuthCardStyles } from './AuthBackdrop'

const useStyles = makeStyles({
  card: { width: '460px' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The page edits every field as text; only the chosen mode's fields go on (and are checked by SetupFormSchema). */
const FirstRunFormSchema = z
  .object({
    mode: z.enum(['standalone', 'remote']),
    password: z.string(),
    confirmPassword: z.string(),
    demo: z.boolean(),
    serverUrl: z.string(),
    loginKey: z.string(),
  })
  .transform(({ mode, password, confirmPassword, demo, serverUrl, loginKey }): SetupForm =>
    mode === 'standalone' ? { mode, password, confirmPassword, demo } : { mode, serverUrl, loginKey },
  )
  .pipe(SetupFormSchema)

type FirstRunInput = z.input<typeof FirstRunFormSchema>
type FirstRunOutput = z.output<typeof FirstRunFormSchema>

const emptyForm: FirstRunInput = { mode: 'standalone', password: '', confirmPassword: '', demo: false, serverUrl: '', loginKey: '' }

/**
 * 首次设置 of a production console: 单机 (this computer's own server; the administrator
 * sets the `admin` password) or 连接服务器 (the platform's address and login key).
 */
export function FirstRunPage({ onDone }: { onDone(): void }) {
  const styles = useStyles()
  const card = useAuthCardStyles()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [finished, setFinished] = useState<FirstRunOutput | null>(null)
  const form = useForm<FirstRunInput, unknown, FirstRunOutput>({ resolver: standardSchemaResolver(FirstRunFormSchema), defaultValues: emptyForm })
  const { control, handleSubmit, setError, formState } = form
  const mode = useWatch({ control, name: 'mode' })
  const serverUrl = useWatch({ control, name: 'serverUrl' })
  const httpWarning = mode === 'remote' ? plainHttpWarning(serverUrl) : null

  const submit = handleSubmit(async (values) => {
    setRefusal(null)
    try {
      await call('setup.complete', values)
      setFinished(values)
    } catch (error) {
      if (!showServerIssues(error, Object.keys(emptyForm), setError)) setRefusal(error instanceof Error ? error.message : String(error))
    }
  })

  if (finished) return <SetupFinished setup={finished} onDone={onDone} />

  return (
    <AuthBackdrop>
      <form className={`${card.card} ${styles.card}`} onSubmit={submit} noValidate aria-label="首次设置">
        <AuthCardHeading title="首次设置" refusal={refusal} />
        <FormField control={control} name="mode" label="运行方式">
          {(field) => (
            <RadioGroup value={String(field.value)} onChange={(_, data) => field.onChange(data.value)}>
              <Radio value="standalone" label="单机（本机运行服务器，数据保存在本机）" />
              <Radio value="remote" label="连接服务器（使用单位的平台服务器）" />
            </RadioGroup>
          )}
        </FormField>
        {mode === 'standalone' ? (
          <>
            <TextField
              control={control}
              name="password"
              label="超级管理员 admin 的密码"
              type="password"
              required
              maxLength={PASSWORD_INPUT_CAP}
              autoComplete="new-password"
              hint={PASSWORD_RULE_MESSAGE}
              autoFocus
            />
            <TextField control={control} name="confirmPassword" label="确认密码" type="password" required maxLength={PASSWORD_INPUT_CAP} autoComplete="new-password" />
            <FormField control={control} name="demo" label="演示数据">
              {(field) => (
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(_, data) => field.onChange(data.checked === true)}
                  label="添加演示数据（示例组织、党员和公开密码的演示账号，仅用于试用）"
                />
              )}
            </FormField>
          </>
        ) : (
          <>
            <TextField control={control} name="serverUrl" label="服务器地址" required placeholder="例如 https://192.168.1.10:8686" autoFocus />
            {httpWarning && (
              <MessageBar intent="warning">
                <MessageBarBody>{httpWarning}</MessageBarBody>
              </MessageBar>
            )}
            <TextField control={control} name="loginKey" label="登录密钥" type="password" required autoComplete="off" hint="服务器的 LOGIN_AES_KEY，请向平台管理员索取" />
          </>
        )}
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={formState.isSubmitting}
          icon={formState.isSubmitting ? <Spinner size="tiny" appearance="inverted" /> : undefined}
        >
          {formState.isSubmitting ? (mode === 'standalone' ? '正在创建数据库...' : '正在保存...') : '完成设置'}
        </Button>
        <Text size={200} className={styles.muted}>
          以后可在登录页的“服务器设置”中更改运行方式。
        </Text>
      </form>
    </AuthBackdrop>
  )
}

/** What the set-up made, said before the login page takes over. */
function SetupFinished({ setup, onDone }: { setup: FirstRunOutput; onDone(): void }) {
  const styles = useStyles()
  const card = useAuthCardStyles()
  return (
    <AuthBackdrop>
      <section className={`${card.card} ${styles.card}`} aria-label="设置完成">
        <AuthCardHeading title="设置完成" />
        <MessageBar intent="success">
          <MessageBarBody>
            {setup.mode === 'standalone'
              ? `本机的平台服务已建好${setup.demo ? '，并添加了演示数据' : ''}。请用账号 admin 和刚才设置的密码登录。`
              : `已连接服务器 ${setup.serverUrl}。请用您在该平台的账号登录。`}
          </MessageBarBody>
        </MessageBar>
        <Button appearance="primary" size="large" onClick={onDone} autoFocus>
          前往登录
        </Button>
      </section>
    </AuthBackdrop>
  )
}
