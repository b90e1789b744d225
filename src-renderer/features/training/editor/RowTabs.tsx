import { Button, Checkbox, Text } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form'
import { OPTION_EXAMPLE, OPTION_PARTY_POSTS, signUpOptions } from '../../../../src-shared/schemas/training-codes'
import { DateTimeInput } from '../../../components/DateTimeInput'
import { FileUpload } from '../../../components/FileUpload'
import { FormField, TextField } from '../../../components/FormFields'
import { emptySignIn, type TrainFormValues } from './form'
import { useTabStyles } from './styles'

type Form = UseFormReturn<TrainFormValues>
type RowTimeKey = `trainSchedules.${number}.${'startTime' | 'endTime'}` | `trainSignIns.${number}.${'signInStartTime' | 'signInEndTime'}`

function RowTime({ form, name, label, className }: { form: Form; name: RowTimeKey; label: string; className: string }) {
  return (
    <FormField control={form.control} name={name} label={label} required className={className}>
      {(field) => <DateTimeInput value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
    </FormField>
  )
}

/** 培训日程: any number of rows of start, end and content. */
export function ScheduleTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'trainSchedules' })
  return (
    <div className={styles.stack}>
      {fields.length === 0 && <Text className={styles.hint}>还没有日程，可按“添加日程”逐条填写（选填）。</Text>}
      {fields.map((row, index) => (
        <div key={row.id} className={styles.row} role="group" aria-label={`日程 ${index + 1}`}>
          <RowTime form={form} name={`trainSchedules.${index}.startTime`} label="开始时间" className={styles.rowField} />
          <RowTime form={form} name={`trainSchedules.${index}.endTime`} label="结束时间" className={styles.rowField} />
          <TextField control={form.control} name={`trainSchedules.${index}.content`} label="日程内容" required className={styles.rowField} />
          <Button className={styles.rowEnd} icon={<DeleteRegular />} onClick={() => remove(index)} aria-label={`删除日程 ${index + 1}`} />
        </div>
      ))}
      <div>
        <Button icon={<AddRegular />} onClick={() => append({ startTime: '', endTime: '', content: '' })}>
          添加日程
        </Button>
      </div>
    </div>
  )
}

/** 报名选项: which fields the sign-up page asks for; the posts hint and fill-in example follow their options. */
export function SignUpOptionsTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  const ticked = useWatch({ control: form.control, name: 'signUpOptions' })
  return (
    <div className={styles.stack}>
      <FormField control={form.control} name="signUpOptions" label="报名选项" required>
        {(field) => (
          <div className={styles.row} role="group" aria-label="报名选项">
            {signUpOptions.map((option) => (
              <Checkbox
                key={option.code}
                label={option.label}
                checked={ticked.includes(option.code)}
                onChange={(_, data) =>
                  field.onChange(data.checked ? [...ticked, option.code] : ticked.filter((code) => code !== option.code))
                }
              />
            ))}
          </div>
        )}
      </FormField>
      {ticked.includes(OPTION_PARTY_POSTS) && (
        <TextField control={form.control} name="signUpTips" label="党政职务填写提示" required placeholder="例如：请填写现任党内职务及行政职务" />
      )}
      {ticked.includes(OPTION_EXAMPLE) && (
        <TextField control={form.control} name="signUpTips2" label="填写示例" required placeholder="例如：南京市XX区机关工委 组织科 科长" />
      )}
      <TextField control={form.control} name="signUpTips3" label="其他说明" placeholder="显示在报名页面上（选填）" />
    </div>
  )
}

/** 签到设置: sign-in windows; the last one cannot be removed. */
export function SignInTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'trainSignIns' })
  return (
    <div className={styles.stack}>
      <Text className={styles.hint}>提示：签到时间建议设在培训开始前 30 分钟左右。</Text>
      {fields.map((row, index) => (
        <div key={row.id} className={styles.row} role="group" aria-label={`签到时间 ${index + 1}`}>
          <RowTime form={form} name={`trainSignIns.${index}.signInStartTime`} label="签到开始时间" className={styles.rowField} />
          <RowTime form={form} name={`trainSignIns.${index}.signInEndTime`} label="签到结束时间" className={styles.rowField} />
          {fields.length > 1 && (
            <Button className={styles.rowEnd} icon={<DeleteRegular />} onClick={() => remove(index)} aria-label={`删除签到时间 ${index + 1}`} />
          )}
        </div>
      ))}
      <div>
        <Button icon={<AddRegular />} onClick={() => append({ ...emptySignIn })}>
          添加签到时间
        </Button>
      </div>
    </div>
  )
}

/** 群二维码: the group chat's QR picture (jpg/jpeg/png, 1 MB). */
export function GroupQrTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  return (
    <div className={styles.stack}>
      <FormField control={form.control} name="weChatCodes" label="群二维码" required>
        {(field) => (
          <FileUpload
            kind="image"
            preview
            label="上传群二维码"
            value={(field.value as string) || null}
            onChange={(file) => field.onChange(file?.path ?? '')}
          />
        )}
      </FormField>
    </div>
  )
}

/** 附件: name, sort order and one file per row (doc … pptx, 20 MB). */
export function AttachmentsTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'trainResources' })
  const rows = useWatch({ control: form.control, name: 'trainResources' })
  return (
    <div className={styles.stack}>
      {fields.length === 0 && <Text className={styles.hint}>还没有附件（选填）。</Text>}
      {fields.map((row, index) => (
        <div key={row.id} className={styles.row} role="group" aria-label={`附件 ${index + 1}`}>
          <TextField control={form.control} name={`trainResources.${index}.resourceName`} label="附件名称" required className={styles.rowField} />
          <TextField control={form.control} name={`trainResources.${index}.sortOrder`} label="排序" required type="number" />
          <FormField control={form.control} name={`trainResources.${index}.resourceUrl`} label="文件" required className={styles.rowField}>
            {(field) => (
              <FileUpload
                kind="attachment"
                label={`上传附件 ${index + 1}`}
                value={(field.value as string) || null}
                fileName={rows[index]?.fileName || null}
                onChange={(file) => {
                  field.onChange(file?.path ?? '')
                  form.setValue(`trainResources.${index}.fileName`, file?.name ?? '')
                  // The file's own name is a good default for an empty name.
                  if (file && !form.getValues(`trainResources.${index}.resourceName`)) {
                    form.setValue(`trainResources.${index}.resourceName`, file.name.replace(/\.[^.]+$/, ''))
                  }
                }}
              />
            )}
          </FormField>
          <Button className={styles.rowEnd} icon={<DeleteRegular />} onClick={() => remove(index)} aria-label={`删除附件 ${index + 1}`} />
        </div>
      ))}
      <div>
        <Button icon={<AddRegular />} onClick={() => append({ resourceName: '', resourceUrl: '', sortOrder: String(fields.length + 1), fileName: '' })}>
          添加附件
        </Button>
      </div>
    </div>
  )
}
