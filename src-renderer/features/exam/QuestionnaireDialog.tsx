import { useEffect, useState } from 'react'
import { Checkbox } from '@fluentui/react-components'
import { QuestionnaireSetBodySchema, type QuestionnaireResult } from '../../../src-shared/schemas/exam-analysis'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog } from '../../components/FormDialog'
import { ChoiceField, FormField, TextField } from '../../components/FormFields'
import { toastMessages, useNotify } from '../../components/toast'

/** 设置问卷: a training's satisfaction questionnaire (a questionnaire paper) and when members may answer it. */
export function QuestionnaireDialog({ open, trainId, current, onClose, onSaved }: {
  open: boolean
  trainId: number
  current: QuestionnaireResult['questionnaire']
  onClose(): void
  onSaved(): void
}) {
  const notify = useNotify()
  const [papers, setPapers] = useState<{ value: number; label: string }[]>([])
  useEffect(() => {
    if (!open) return
    call('questionnaire.papers').then((rows) => setPapers(rows.map((p) => ({ value: p.id, label: p.title }))), (error: unknown) => notify.error(error))
  }, [open, notify])

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="设置满意度问卷"
      schema={QuestionnaireSetBodySchema}
      defaultValues={{ trainId, title: current?.title ?? '培训满意度调查', paperId: current?.paperId, startTime: current?.startTime ?? '', endTime: current?.endTime ?? '', anonymous: current?.anonymous ?? false }}
      onSubmit={async (values) => {
        await call('questionnaire.set', values)
        notify.success(toastMessages.set)
        onSaved()
      }}
    >
      {({ control }) => (
        <>
          <TextField control={control} name="title" label="问卷名称" required maxLength={40} />
          <ChoiceField control={control} name="paperId" label="问卷" required options={papers} placeholder="请选择问卷" hint="学员签到后可在手机上填写" />
          {(['startTime', 'endTime'] as const).map((name) => (
            <FormField key={name} control={control} name={name} label={name === 'startTime' ? '开始时间' : '结束时间'} required>
              {(field) => <DateTimeInput aria-label={name === 'startTime' ? '开始时间' : '结束时间'} value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
            </FormField>
          ))}
          <FormField control={control} name="anonymous" label="匿名问卷" hint="匿名问卷的答卷不记录作答人，每人仍只能填写一次；已有人填写后不能更改">
            {(field) => <Checkbox label="匿名填写" checked={Boolean(field.value)} onChange={(_, d) => field.onChange(d.checked === true)} onBlur={field.onBlur} />}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
