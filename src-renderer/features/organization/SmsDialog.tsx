import { useEffect, useState } from 'react'
import { Dropdown, Option } from '@fluentui/react-components'
import type { z } from 'zod'
import { SmsSendSchema, type SmsOptionsSchema, type SmsSendResultSchema } from '../../../src-shared/schemas/sms'
import { call } from '../../lib/bridge'
import { FormDialog } from '../../components/FormDialog'
import { FormField, TextAreaField, TextField } from '../../components/FormFields'
import { useNotify, type Notify } from '../../components/toast'
import { SmsServiceWarning, useSmsStatus } from './SmsServiceWarning'

type Options = z.infer<typeof SmsOptionsSchema>

/** A choice bound to a form value: the options' ids as numbers. */
function ChoiceDropdown({ value, onChange, options, placeholder }: {
  value: unknown
  onChange(id: number | null): void
  options: readonly { id: number; label: string }[]
  placeholder: string
}) {
  return (
    <Dropdown
      placeholder={placeholder}
      value={options.find((o) => o.id === value)?.label ?? ''}
      selectedOptions={typeof value === 'number' ? [String(value)] : []}
      onOptionSelect={(_, data) => onChange(data.optionValue ? Number(data.optionValue) : null)}
    >
      {options.map((o) => (
        <Option key={o.id} value={String(o.id)}>
          {o.label}
        </Option>
      ))}
    </Dropdown>
  )
}

/** What a send really did: messages on their way, messages not sent for want of a provider, and by name each member it could not reach. */
export function reportQueued(notify: Notify, { queued, unsent, invalid }: z.infer<typeof SmsSendResultSchema>): void {
  if (queued > 0) notify.success(`已提交 ${queued} 条短信，发送结果见短信记录`)
  if (unsent > 0) notify.warning(`已提交 ${unsent} 条，未配置短信服务，未发出`)
  if (invalid.length > 0) notify.warning(`以下党员未能发送：${invalid.map((m) => `${m.name}（${m.reason}）`).join('、')}`)
}

/**
 * 发送短信 (spec 001 §2, §5): title, content, exam and home page for the members selected
 * in the list. Members without a valid mobile are reported by name, not skipped silently.
 */
export function SmsDialog({ memberIds, onClose, onSent }: { memberIds: readonly number[] | null; onClose(): void; onSent(): void }) {
  const notify = useNotify()
  const [options, setOptions] = useState<Options>({ homes: [], exams: [] })
  const open = memberIds !== null
  const status = useSmsStatus(open)
  useEffect(() => {
    if (open) call('sms.options').then(setOptions, notify.error)
  }, [open, notify])

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="发送短信"
      schema={SmsSendSchema}
      defaultValues={{ title: '', content: '', examId: null, homeId: undefined, memberList: (memberIds ?? []).map((id) => ({ id })) }}
      onSubmit={async (values) => {
        reportQueued(notify, await call('sms.send', values))
        onSent()
      }}
    >
      {({ control }) => (
        <>
          <SmsServiceWarning status={status} onLeave={onClose} />
          <TextField control={control} name="title" label="标题" required maxLength={20} autoFocus />
          <TextAreaField control={control} name="content" label="短信内容" required rows={4} />
          <FormField control={control} name="examId" label="考试" required hint={options.exams.length === 0 ? '暂无未开始或进行中的考试' : undefined}>
            {(field) => <ChoiceDropdown value={field.value} onChange={field.onChange} placeholder="请选择考试" options={options.exams.map((e) => ({ id: e.id, label: e.title }))} />}
          </FormField>
          <FormField control={control} name="homeId" label="首页" required>
            {(field) => <ChoiceDropdown value={field.value} onChange={field.onChange} placeholder="请选择首页" options={options.homes.map((h) => ({ id: h.id, label: h.name }))} />}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
