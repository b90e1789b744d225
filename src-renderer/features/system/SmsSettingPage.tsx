import { useEffect, useState } from 'react'
import { Button, Card, Input, Label, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  smsProviders, SmsSettingSaveSchema, type SmsProviderKey, type SmsSetting, type SmsSettingSave, type SmsTestResultSchema,
} from '../../../src-shared/schemas/sms'
import { call } from '../../lib/bridge'
import { minutesOf } from '../../../src-shared/date-text'
import { ChoiceField, TextField } from '../../components/FormFields'
import { showServerIssues } from '../../components/serverIssues'
import { useNotify } from '../../components/toast'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Disables every field at once for an account that may only read; lays out as if absent.
  fieldset: { border: 'none', padding: 0, margin: 0, display: 'contents' },
  heading: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  testRow: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  testField: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '240px' },
})

const providerOptions = (Object.keys(smsProviders) as SmsProviderKey[]).map((value) => ({ value, label: smsProviders[value] }))

/** A key input: the saved key is never shown, only whether there is one. */
const keyHint = (set: boolean) => (set ? '已设置（留空则保留原值）' : '未设置')

function formOf(setting: SmsSetting): SmsSettingSave {
  return { provider: setting.provider, signName: setting.signName, templateCode: setting.templateCode, gatewayUrl: setting.gatewayUrl }
}

/**
 * 短信设置 (系统管理): which provider sends the SMS and its keys. The keys are write-only:
 * the server keeps them encrypted and answers only 已设置. 发送测试短信 sends one message
 * with the saved settings and shows what the provider answered.
 */
export default function SmsSettingPage() {
  const [setting, setSetting] = useState<SmsSetting | null>(null)
  // Each save opens a new form from what the server kept: the typed keys are cleared.
  const [saves, setSaves] = useState(0)
  const notify = useNotify()
  useEffect(() => {
    call('smsSetting.get').then(setSetting, notify.error)
  }, [notify])
  if (!setting) return <Spinner label="加载中" />
  const saved = (next: SmsSetting) => {
    setSetting(next)
    setSaves((n) => n + 1)
  }
  return <SettingForm key={saves} setting={setting} onSaved={saved} />
}

function SettingForm({ setting, onSaved }: { setting: SmsSetting; onSaved(setting: SmsSetting): void }) {
  const styles = useStyles()
  const notify = useNotify()
  const form = useForm<SmsSettingSave, unknown, z.output<typeof SmsSettingSaveSchema>>({ resolver: standardSchemaResolver(SmsSettingSaveSchema), defaultValues: formOf(setting) })
  const { control, handleSubmit, setError, formState } = form
  const provider = useWatch({ control, name: 'provider' })
  const locked = !setting.canChange

  const save = handleSubmit(async (values) => {
    try {
      onSaved(await call('smsSetting.save', values))
      notify.success('保存成功')
    } catch (error) {
      if (!showServerIssues(error, Object.keys(SmsSettingSaveSchema.shape), setError)) notify.error(error)
    }
  })

  return (
    <div className={styles.root}>
      {locked && (
        <MessageBar intent="info">
          <MessageBarBody>短信设置是全省的设置，只有数据范围为根组织的账号可以修改和发送测试短信。</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.card}>
        <Text className={styles.heading}>短信服务</Text>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            void save(event)
          }}
          noValidate
        >
          <fieldset disabled={locked} className={styles.fieldset}>
            <ChoiceField control={control} name="provider" label="服务商" required options={providerOptions} appearance="radio" />
            {provider === 'none' && <Text className={styles.muted}>不发送：短信只记入短信记录，显示“未发送（未配置短信服务）”。</Text>}
            {provider === 'aliyun' && (
              <>
                <TextField control={control} name="accessKeyId" label="AccessKey ID" required type="password" autoComplete="off" placeholder={keyHint(setting.accessKeyIdSet)} />
                <TextField control={control} name="accessKeySecret" label="AccessKey Secret" required type="password" autoComplete="off" placeholder={keyHint(setting.accessKeySecretSet)} />
                <TextField control={control} name="signName" label="短信签名" required maxLength={30} />
                <TextField control={control} name="templateCode" label="模板编号" required maxLength={50} hint="模板须含参数 ${title} 与 ${content}" />
              </>
            )}
            {provider === 'http' && (
              <>
                <TextField
                  control={control} name="gatewayUrl" label="网关地址" required maxLength={500} placeholder="https://sms.example.cn/send"
                  hint='以 POST 发送 JSON {"phone","title","content"}；网关以 2xx 应答（可带 messageId）即为已接受，否则以应答中的 message 为失败原因'
                />
                <TextField control={control} name="gatewayToken" label="访问令牌" type="password" autoComplete="off" placeholder={keyHint(setting.gatewayTokenSet)} hint="作为 Authorization: Bearer 发送，可不填" />
              </>
            )}
          </fieldset>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={locked || formState.isSubmitting} icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}>
              保存
            </Button>
            <Text className={styles.muted}>
              {setting.updateTime ? `最后修改：${minutesOf(setting.updateTime)}${setting.updatedBy ? `（${setting.updatedBy}）` : ''}` : '尚未设置'}；密钥加密保存，不会显示
            </Text>
          </div>
        </form>
      </Card>
      <TestCard disabled={locked || setting.provider === 'none'} />
    </div>
  )
}

/** 发送测试短信: one message to a typed number with the saved settings, and the provider's own answer. */
function TestCard({ disabled }: { disabled: boolean }) {
  const styles = useStyles()
  const notify = useNotify()
  const [telephone, setTelephone] = useState('')
  const [sending, setSending] = useState(false)
  const [result, setResult] = useState<z.infer<typeof SmsTestResultSchema> | null>(null)
  const send = async () => {
    setSending(true)
    setResult(null)
    await call('smsSetting.test', { telephone }).then(setResult, notify.error)
    setSending(false)
  }
  return (
    <Card className={styles.card}>
      <Text className={styles.heading}>发送测试短信</Text>
      <Text className={styles.muted}>用已保存的设置给下面的号码发送一条测试短信，并显示服务商的答复。</Text>
      <div className={styles.testRow}>
        <div className={styles.testField}>
          <Label htmlFor="sms-test-telephone">手机号</Label>
          <Input id="sms-test-telephone" value={telephone} maxLength={11} onChange={(_, data) => setTelephone(data.value)} disabled={disabled} />
        </div>
        <Button icon={sending ? <Spinner size="tiny" /> : <SendRegular />} disabled={disabled || sending || telephone.trim() === ''} onClick={() => void send()}>
          发送测试短信
        </Button>
      </div>
      {result && (
        <MessageBar intent={result.accepted ? 'success' : 'error'} role="status">
          <MessageBarBody>{result.accepted ? result.answer : `服务商未接受：${result.answer}`}</MessageBarBody>
        </MessageBar>
      )}
    </Card>
  )
}
