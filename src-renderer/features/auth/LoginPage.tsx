import { useEffect, useState } from 'react'
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { LockClosedRegular, PersonRegular, ShieldKeyholeRegular } from '@fluentui/react-icons'
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useForm } from 'react-hook-form'
import { Navigate, useSearchParams } from 'react-router-dom'
import { z } from 'zod'
import { LoginFormSchema, type LoginForm } from '../../../src-shared/schemas/auth'
import { redirectTarget } from '../../lib/redirect'
import { useSyncStatus } from '../../components/SyncStatus'
import { useSession } from '../../components/session'
import { TextField } from '../../components/FormFields'
import { showServerIssues } from '../../components/serverIssues'
import { AuthBackdrop, AuthCardHeading, useAuthCardStyles } from './AuthBackdrop'
import { ServerModeNote } from './ServerModeNote'
import { ServerSettingsLink } from './ServerSettingsDialog'
import { useCaptcha } from './useCaptcha'

const useStyles = makeStyles({
  captchaRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  // The field (a grid) may shrink below the input's natural width, leaving room for the image.
  captchaInput: { flexGrow: 1, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  captchaButton: {
    flexShrink: 0,
    // The picture's own size (src-server/auth/captcha.ts): drawn 1:1, never squeezed.
    width: '152px',
    height: '52px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    cursor: 'pointer',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground3,
    // Aligned with the input, below the field label.
    marginTop: '26px',
  },
  captchaImage: { display: 'block', width: '100%', height: '100%', objectFit: 'contain' },
  footer: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
})

type LoginFormInput = z.input<typeof LoginFormSchema>

const emptyForm: LoginFormInput = { username: '', password: '', checkCode: '', checkCodeId: '' }

/** Offline there is no captcha to ask for (it comes from the server): only the account and its password are checked. */
const OfflineFormSchema = LoginFormSchema.extend({ checkCode: z.string(), checkCodeId: z.string() })

/**
 * Sign-in (spec 000 §2, §5): username, password and captcha, then back where the user was
 * going. While the core cannot reach the server, an offline sign-in with no captcha: the core
 * checks the password against this computer's last online sign-in (decisions.md).
 */
export function LoginPage() {
  const styles = useStyles()
  const card = useAuthCardStyles()
  const { user, login } = useSession()
  const [params] = useSearchParams()
  const { status, refresh: refreshStatus } = useSyncStatus()
  const offline = status?.online === false
  // A captcha is asked for once the core has said it is online. Its answer is how the core usually
  // learns the server is gone: the core is asked again before a failure is shown, and after a load.
  const { captcha, failure: captchaFailure, reload: reloadCaptcha } = useCaptcha(status?.online === true, refreshStatus)
  useEffect(() => void refreshStatus(), [captcha, refreshStatus])
  // The captcha row is drawn once the captcha has answered: a core that still thinks it is online
  // learns otherwise from it, and the offline form comes without a captcha drawn and taken back.
  const captchaAnswered = captcha !== null || captchaFailure !== null
  const [refusal, setRefusal] = useState<string | null>(null)
  // Bumped when the server settings change, so the mode note and captcha come from the new server.
  const [settingsVersion, setSettingsVersion] = useState(0)
  const form = useForm<LoginFormInput, unknown, LoginForm>({ resolver: standardSchemaResolver(offline ? OfflineFormSchema : LoginFormSchema), defaultValues: emptyForm })
  const { control, handleSubmit, setValue, setError, formState } = form

  useEffect(() => {
    setValue('checkCodeId', captcha?.id ?? '')
  }, [captcha, setValue])

  const submit = handleSubmit(async (values) => {
    setRefusal(null)
    try {
      await login(values, offline)
    } catch (error) {
      // A captcha is good for one attempt only: every refusal needs a new one.
      setValue('checkCode', '')
      if (!offline) reloadCaptcha()
      if (!showServerIssues(error, Object.keys(emptyForm), setError)) {
        setRefusal(error instanceof Error ? error.message : String(error))
      }
    }
  })

  if (user) return <Navigate replace to={redirectTarget(params.get('redirect'))} />
  // The form is drawn once the core has said whether the server answers (a local call): drawn
  // before, it was the online form with its captcha, taken back a moment later when offline.
  if (!status) {
    return (
      <AuthBackdrop>
        <div className={card.card}>
          <Spinner label="正在连接..." />
        </div>
      </AuthBackdrop>
    )
  }

  const message = refusal ?? (offline ? null : (captchaFailure ?? formState.errors.checkCodeId?.message))

  return (
    <AuthBackdrop>
      <form className={card.card} onSubmit={submit} noValidate aria-label="登录">
        <AuthCardHeading title="账号登录" refusal={message} />
        {offline && (
          <MessageBar intent="warning">
            <MessageBarBody>离线登录：使用本机上次在线登录的账号</MessageBarBody>
          </MessageBar>
        )}
        <TextField
          control={control}
          name="username"
          label="用户名"
          size="large"
          placeholder="请输入用户名"
          autoComplete="username"
          contentBefore={<PersonRegular />}
          autoFocus
        />
        <TextField
          control={control}
          name="password"
          label="密码"
          type="password"
          size="large"
          placeholder="请输入密码"
          autoComplete="current-password"
          contentBefore={<LockClosedRegular />}
        />
        {!offline && captchaAnswered && (
          <div className={styles.captchaRow}>
            <TextField
              className={styles.captchaInput}
              control={control}
              name="checkCode"
              label="验证码"
              size="large"
              placeholder="请输入验证码"
              autoComplete="off"
              contentBefore={<ShieldKeyholeRegular />}
            />
            <button type="button" className={styles.captchaButton} onClick={reloadCaptcha} title="看不清？点击刷新" aria-label="刷新验证码">
              {captcha ? <img className={styles.captchaImage} src={captcha.img} alt="验证码" /> : '点击加载'}
            </button>
          </div>
        )}
        <Button
          type="submit"
          appearance="primary"
          size="large"
          disabled={formState.isSubmitting || (!offline && !captchaAnswered)}
          icon={formState.isSubmitting ? <Spinner size="tiny" appearance="inverted" /> : undefined}
        >
          {formState.isSubmitting ? '登录中...' : '登 录'}
        </Button>
        <div className={styles.footer}>
          <ServerModeNote key={settingsVersion} />
          <ServerSettingsLink
            onSaved={() => {
              setSettingsVersion((n) => n + 1)
              reloadCaptcha()
            }}
          />
        </div>
      </form>
    </AuthBackdrop>
  )
}
