import { useState } from 'react'
import { Link, Radio, RadioGroup } from '@fluentui/react-components'
import { useWatch, type Control } from 'react-hook-form'
import { z } from 'zod'
import { SettingsSchema, type AppInfo, type Settings } from '../../../src-shared/ipc'
import { call } from '../../lib/bridge'
import { FormDialog } from '../../components/FormDialog'
import { FormField, TextField } from '../../components/FormFields'
import { toastMessages, useNotify } from '../../components/toast'

/** The dialog edits the address as text; it becomes Settings (and is checked by SettingsSchema) on save. */
const SettingsFormSchema = z
  .object({ serverMode: SettingsSchema.shape.serverMode, serverUrl: z.string().trim(), updateUrl: z.string().trim() })
  .refine((form) => form.serverMode === 'standalone' || form.serverUrl !== '', {
    path: ['serverUrl'],
    message: '请输入服务器地址',
  })
  .transform(
    (form): Settings =>
      form.serverMode === 'remote' ? form : { serverMode: 'standalone', updateUrl: form.updateUrl },
  )
  .pipe(SettingsSchema)

type SettingsFormInput = z.input<typeof SettingsFormSchema>

function SettingsFields({ control, host }: { control: Control<SettingsFormInput, unknown, Settings>; host: AppInfo['host'] }) {
  const mode = useWatch({ control, name: 'serverMode' })
  return (
    <>
      <FormField control={control} name="serverMode" label="运行方式">
        {(field) => (
          <RadioGroup value={field.value} onChange={(_, data) => field.onChange(data.value)}>
            <Radio value="standalone" label="单机模式（内置服务器，数据保存在本机）" />
            <Radio value="remote" label="连接服务器" />
          </RadioGroup>
        )}
      </FormField>
      {/* Only the installed desktop app updates itself. */}
      {host === 'electron' && (
        <TextField control={control} name="updateUrl" label="更新地址" hint="安装版检查更新的地址，由平台管理员提供；留空则不检查" placeholder="例如 https://updates.example.cn/console/" />
      )}
      {mode === 'remote' && (
        <TextField control={control} name="serverUrl" label="服务器地址" required placeholder="例如 http://192.168.1.10:8686" />
      )}
    </>
  )
}

/** 服务器设置: the link on the login page and its dialog (standalone or a platform server's URL). */
export function ServerSettingsLink({ onSaved }: { onSaved(): void }) {
  const notify = useNotify()
  const [current, setCurrent] = useState<SettingsFormInput | null>(null)
  const [open, setOpen] = useState(false)
  const [host, setHost] = useState<AppInfo['host']>('web')

  const openDialog = async () => {
    try {
      const [settings, info] = await Promise.all([call('settings.get'), call('app.info')])
      setHost(info.host)
      setCurrent({ serverMode: settings.serverMode, serverUrl: settings.serverUrl ?? '', updateUrl: settings.updateUrl ?? '' })
      setOpen(true)
    } catch (error) {
      notify.error(error)
    }
  }

  const save = async (settings: Settings) => {
    await call('settings.set', settings)
    notify.success(toastMessages.saved)
    onSaved()
  }

  return (
    <>
      <Link as="button" type="button" onClick={openDialog}>
        服务器设置
      </Link>
      {current && (
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          title="服务器设置"
          schema={SettingsFormSchema}
          defaultValues={current}
          onSubmit={save}
        >
          {(form) => <SettingsFields control={form.control} host={host} />}
        </FormDialog>
      )}
    </>
  )
}
