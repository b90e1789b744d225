import { useEffect, useState } from 'react'
import { z } from 'zod'
import { ManualCheckInBodySchema, type SignUpMember } from '../../../src-shared/schemas/signup'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { ChoiceField, FormField, TextAreaField } from '../../components/FormFields'
import { FormDialog } from '../../components/FormDialog'
import { useNotify } from '../../components/toast'

/** The dialog's form: the route's own rules for the time and the reason, and a person to choose. */
const ManualCheckInFormSchema = z.object({
  signUpId: z.number({ error: '请选择签到人员' }),
  checkInTime: ManualCheckInBodySchema.shape.checkInTime,
  reason: ManualCheckInBodySchema.shape.reason,
})

/** 补签: an office user records the check-in of a person who was there, with the reason (kept with it and in the operation log). */
export function ManualCheckInDialog({ trainId, open, onClose, onDone }: { trainId: number; open: boolean; onClose(): void; onDone(): void }) {
  const notify = useNotify()
  const [people, setPeople] = useState<SignUpMember[]>([])
  useEffect(() => {
    if (!open) return
    let current = true
    call('signup.all', { trainId }).then((all) => current && setPeople(all.filter((s) => s.checkInTime === null)), notify.error)
    return () => {
      current = false
    }
  }, [open, trainId, notify])

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="补签"
      schema={ManualCheckInFormSchema}
      defaultValues={{ checkInTime: '', reason: '' }}
      onSubmit={async (values) => {
        const result = await call('checkin.manual', { trainId, ...values })
        notify.success(result.already ? `${result.name} 已签到，保留最早的签到时间` : `${result.name} 补签成功`)
        onDone()
        onClose()
      }}
    >
      {(form) => (
        <>
          <ChoiceField
            control={form.control}
            name="signUpId"
            label="签到人员"
            required
            placeholder={people.length === 0 ? '没有未签到的报名人员' : '请选择'}
            options={people.map((p) => ({ value: p.id, label: `${p.name}（${p.telephone}）` }))}
          />
          <FormField control={form.control} name="checkInTime" label="签到时间" required>
            {(field) => <DateTimeInput aria-label="签到时间" value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
          <TextAreaField control={form.control} name="reason" label="补签原因" required rows={3} placeholder="如：手机没电，现场核实身份后登记" />
        </>
      )}
    </FormDialog>
  )
}
