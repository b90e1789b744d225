import { useEffect, useState } from 'react'
import { Button, Input, Select } from '@fluentui/react-components'
import { LocationRegular } from '@fluentui/react-icons'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { CLASS_TYPE_OTHER, classTypes } from '../../../../src-shared/schemas/training-codes'
import { call } from '../../../lib/bridge'
import { trainBasicShape, type HostUnitSchema } from '../../../../src-shared/schemas/training'
import { maxLengthOf } from '../../../../src-shared/schemas/common'
import { DateTimeInput } from '../../../components/DateTimeInput'
import { FormField, TextField } from '../../../components/FormFields'
import { RichText } from '../../../components/RichText'
import { useNotify } from '../../../components/toast'
import { MapDialog } from './MapDialog'
import { useTabStyles } from './styles'
import type { TrainFormValues } from './form'

type Form = UseFormReturn<TrainFormValues>

/** The schema's limit of a basic field: its input stops there, with a counter. */
const limitOf = (name: keyof typeof trainBasicShape.shape) => maxLengthOf(trainBasicShape.shape[name])
type HostUnit = z.infer<typeof HostUnitSchema>
type TimeKey = 'trainStartTime' | 'trainEndTime' | 'signUpStartTime' | 'signUpEndTime' | 'createTime'
type RichKey = 'description' | 'content' | 'requirement'

/** Host units the signed-in account may pick (spec 000 §6); '' is the select's empty choice, 'other' is 其他. */
function hostKey(orgId: number | null): string {
  return orgId === null ? 'other' : String(orgId)
}

function TimeField({ form, name, label, dateOnly }: { form: Form; name: TimeKey; label: string; dateOnly?: boolean }) {
  return (
    <FormField control={form.control} name={name} label={label} required>
      {(field) => (
        <DateTimeInput
          value={(field.value as string) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          dateOnly={dateOnly}
        />
      )}
    </FormField>
  )
}

function RichField({ form, name, label, className }: { form: Form; name: RichKey; label: string; className: string }) {
  return (
    <FormField control={form.control} name={name} label={label} required className={className}>
      {(field, state) => <RichText value={(field.value as string) ?? ''} onChange={field.onChange} label={label} invalid={!!state.error} />}
    </FormField>
  )
}

export function BasicTab({ form }: { form: Form }) {
  const styles = useTabStyles()
  const notify = useNotify()
  const { control, setValue } = form
  const [hostUnits, setHostUnits] = useState<HostUnit[]>([])
  const [mapOpen, setMapOpen] = useState(false)
  const [classType, orgId, address] = useWatch({ control, name: ['classType', 'orgId', 'address'] })

  useEffect(() => {
    let current = true
    call('train.hostUnits')
      .then((units) => {
        if (!current) return
        setHostUnits(units)
        // A member-linked account has exactly its own organisation: choose it for them.
        const [only] = units
        if (units.length === 1 && !form.getValues('depName')) {
          setValue('orgId', only.orgId)
          setValue('depName', only.name)
        }
      })
      .catch((error: unknown) => current && notify.error(error))
    return () => {
      current = false
    }
  }, [form, setValue, notify])

  const chosenHost = form.getValues('depName') ? hostKey(orgId) : ''
  // A training hosted by a unit no longer offered (edit of an old record) still shows its name.
  const hostOptions = hostUnits.some((u) => hostKey(u.orgId) === chosenHost) || !chosenHost
    ? hostUnits
    : [{ orgId, name: form.getValues('depName') }, ...hostUnits]

  return (
    <div className={styles.grid}>
      <TextField control={control} name="name" maxLength={limitOf('name')} label="培训名称" required className={styles.wide} />
      <FormField control={control} name="depName" label="主办单位" required>
        {(field) => (
          <Select
            value={chosenHost}
            onChange={(_, data) => {
              const unit = hostOptions.find((u) => hostKey(u.orgId) === data.value)
              setValue('orgId', unit ? unit.orgId : null)
              field.onChange(unit?.name ?? '')
            }}
          >
            <option value="">请选择主办单位</option>
            {hostOptions.map((unit) => (
              <option key={hostKey(unit.orgId)} value={hostKey(unit.orgId)}>
                {unit.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <TextField control={control} name="sendObject" maxLength={limitOf('sendObject')} label="发送对象" required />
      <FormField control={control} name="classType" label="班次类别" required>
        {(field) => (
          <Select
            value={(field.value as string) ?? ''}
            onChange={(_, data) => {
              field.onChange(data.value)
              // The free-text name belongs to "other" only (spec 000 §4).
              if (Number(data.value) !== CLASS_TYPE_OTHER) setValue('classTypeName', '')
            }}
          >
            <option value="">请选择班次类别</option>
            {classTypes.map((type) => (
              <option key={type.code} value={String(type.code)}>
                {type.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {Number(classType) === CLASS_TYPE_OTHER ? (
        <TextField control={control} name="classTypeName" maxLength={limitOf('classTypeName')} label="类别名称" placeholder="选填，例如 统战干部班" />
      ) : (
        <div />
      )}
      <TimeField form={form} name="createTime" label="发文日期" dateOnly />
      <TextField control={control} name="classHour" label="培训学时" required type="number" hint="半天计 4 学时" />
      <TimeField form={form} name="trainStartTime" label="培训开始时间" />
      <TimeField form={form} name="trainEndTime" label="培训结束时间" />
      <TextField control={control} name="site" maxLength={limitOf('site')} label="培训地点" required />
      <FormField control={control} name="address" label="经纬度" required>
        {(field) => (
          <div className={styles.inline}>
            <Input readOnly value={(field.value as string) ?? ''} placeholder="请在地图上选择" aria-label="经纬度" />
            <Button icon={<LocationRegular />} onClick={() => setMapOpen(true)}>
              选择位置
            </Button>
          </div>
        )}
      </FormField>
      <TextField control={control} name="participants" maxLength={limitOf('participants')} label="参训对象" required className={styles.wide} />
      <TimeField form={form} name="signUpStartTime" label="报名开始时间" />
      <TimeField form={form} name="signUpEndTime" label="报名结束时间" />
      <TextField control={control} name="maxNum" label="报名最大人数" required type="number" hint="0 表示不限" />
      <TextField control={control} name="signUpMarks" maxLength={limitOf('signUpMarks')} label="报名备注" />
      <TextField control={control} name="name1" maxLength={limitOf('name1')} label="联系人一" required />
      <TextField control={control} name="telephone1" label="联系方式一" required />
      <TextField control={control} name="name2" maxLength={limitOf('name2')} label="联系人二" />
      <TextField control={control} name="telephone2" label="联系方式二" />
      <TextField control={control} name="name3" maxLength={limitOf('name3')} label="联系人三" />
      <TextField control={control} name="telephone3" label="联系方式三" />
      <RichField form={form} name="description" label="导语" className={styles.wide} />
      <RichField form={form} name="content" label="培训内容" className={styles.wide} />
      <RichField form={form} name="requirement" label="培训要求" className={styles.wide} />
      <MapDialog
        open={mapOpen}
        onOpenChange={setMapOpen}
        value={address}
        onPick={(lngLat) => {
          setValue('address', lngLat)
          form.clearErrors('address')
        }}
      />
    </div>
  )
}
