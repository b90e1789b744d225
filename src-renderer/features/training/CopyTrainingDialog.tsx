import { Text } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod'
import { minutesOf } from '../../../src-shared/date-text'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog } from '../../components/FormDialog'
import { FormField } from '../../components/FormFields'
import { copiedTrainForm, type TrainFormValues } from './editor/form'

const CopySchema = z.object({ trainStartTime: z.string().min(1, '请选择新的培训开始时间') })

/** What the list hands the wizard when it opens a copy (router state, dropped once applied). */
export interface CopiedTraining {
  copyOf: TrainFormValues
  fromName: string
}

export interface CopySource {
  id: number
  name: string
  trainStartTime: string
}

/**
 * 复制培训班 (issue 32): one new start time; the wizard then opens as a new training with
 * the class's settings and every date moved by the same offset (`copiedTrainForm`), to
 * be checked and saved like any new one. Nothing is created until then.
 */
export function CopyTrainingDialog({ source, onClose }: { source: CopySource | null; onClose(): void }) {
  const navigate = useNavigate()
  return (
    <FormDialog
      open={source !== null}
      onOpenChange={(open) => !open && onClose()}
      title="复制培训班"
      submitText="复制"
      schema={CopySchema}
      defaultValues={{ trainStartTime: '' }}
      onSubmit={async ({ trainStartTime }) => {
        if (!source) return
        const detail = await call('train.get', { id: source.id })
        const state: CopiedTraining = { copyOf: copiedTrainForm(detail, trainStartTime), fromName: detail.name }
        navigate('/trainingManagement/trainAdd', { state })
      }}
    >
      {({ control }) => (
        <>
          <Text>
            复制“{source?.name}”的设置、报名选项、日程和附件（不含报名人员）。原培训开始于 {source ? minutesOf(source.trainStartTime) : ''}，
            报名、日程和签到时间随新的开始时间一起平移。
          </Text>
          <FormField control={control} name="trainStartTime" label="新的培训开始时间" required>
            {(field) => <DateTimeInput value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
