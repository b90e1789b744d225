import { useMemo } from 'react'
import { makeUpWindowSchema } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog } from '../../components/FormDialog'
import { FormField } from '../../components/FormFields'
import { toastMessages, useNotify } from '../../components/toast'

/** 设定补考 (spec 001 §4–§5): a start (not before the exam's end) and an end for the selected candidates. */
export function MakeUpDialog({ examId, examEnd, rows, onClose, onSet }: { examId: number; examEnd: string; rows: readonly number[] | null; onClose(): void; onSet(): void }) {
  const notify = useNotify()
  const schema = useMemo(() => makeUpWindowSchema(examEnd), [examEnd])
  return (
    <FormDialog
      open={rows !== null}
      onOpenChange={(next) => !next && onClose()}
      title={`设定补考（已选 ${rows?.length ?? 0} 人）`}
      schema={schema}
      defaultValues={{ startTime: '', endTime: '' }}
      onSubmit={async (values) => {
        await call('memberExam.makeUp', { examId, memberExams: [...(rows ?? [])], ...values })
        notify.success(toastMessages.set)
        onSet()
      }}
    >
      {({ control }) => (
        <>
          {(['startTime', 'endTime'] as const).map((name) => (
            <FormField key={name} control={control} name={name} label={name === 'startTime' ? '补考开始时间' : '补考结束时间'} required>
              {(field) => <DateTimeInput aria-label={name === 'startTime' ? '补考开始时间' : '补考结束时间'} value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
            </FormField>
          ))}
        </>
      )}
    </FormDialog>
  )
}
