import { useMemo } from 'react'
import { makeStyles, mergeClasses, Radio, RadioGroup, Textarea, tokens } from '@fluentui/react-components'
import type { Control } from 'react-hook-form'
import type { z } from 'zod'
import { signUpEditSchema, type SignUpMember, type SignUpUpdateBody, type SignUpUpdateBodySchema } from '../../../src-shared/schemas/signup'
import { arrivalTypes, genders, yesNo } from '../../../src-shared/schemas/training-codes'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog, FULL_ROW } from '../../components/FormDialog'
import { FormField, TextField } from '../../components/FormFields'
import { OrgField } from '../../components/org/OrgField'
import { toastMessages, useNotify } from '../../components/toast'
import { enabledConferenceItems, type ConferenceItem } from './conference'

type EditControl = Control<SignUpUpdateBody, unknown, z.output<typeof SignUpUpdateBodySchema>>

const useStyles = makeStyles({
  section: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
})

function choice(value: number | null): 0 | 1 | undefined {
  return value === 0 || value === 1 ? value : undefined
}

/** The dialog opens on the record as stored; conference answers the training no longer asks for are kept. */
function valuesOf(row: SignUpMember): SignUpUpdateBody {
  return {
    id: row.id,
    name: row.name,
    telephone: row.telephone,
    gender: choice(row.gender) as 0 | 1,
    nation: row.nation,
    orgId: row.orgId,
    company: row.company ?? '',
    department: row.department ?? '',
    jobs: row.jobs ?? '',
    partyJobs: row.partyJobs ?? '',
    tenureTime: row.tenureTime ?? '',
    sameTenureYear: row.sameTenureYear ?? '',
    cardsNumber: row.cardsNumber ?? '',
    arrivalType: (row.arrivalType as (typeof arrivalTypes)[number] | null) ?? null,
    arrivalTime: row.arrivalTime,
    needFocusDriver: choice(row.needFocusDriver),
    needRoom: choice(row.needRoom),
    traffic: row.traffic,
    needReception: choice(row.needReception),
    needSeeOff: choice(row.needSeeOff),
    withCar: choice(row.withCar),
    needDriverRoom: choice(row.needDriverRoom),
    needLeave: choice(row.needLeave),
    reason: row.reason,
    marks: row.marks,
  }
}

function ChoiceField({
  control,
  name,
  label,
  required,
  options,
}: {
  control: EditControl
  name: keyof SignUpUpdateBody
  label: string
  required?: boolean
  options: readonly { value: string; label: string }[]
}) {
  return (
    <FormField control={control} name={name} label={label} required={required}>
      {(field) => (
        <RadioGroup
          ref={field.ref}
          layout="horizontal"
          value={field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(_, data) => field.onChange(data.value)}
        >
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </RadioGroup>
      )}
    </FormField>
  )
}

const yesNoOptions = yesNo.map((y) => ({ value: String(y.code), label: y.label }))

function ConferenceField({ control, item }: { control: EditControl; item: ConferenceItem }) {
  if (item.kind === 'yesNo') return <ChoiceField control={control} name={item.field} label={item.label} required options={yesNoOptions} />
  if (item.kind === 'arrival') {
    return <ChoiceField control={control} name={item.field} label={item.label} required options={arrivalTypes.map((a) => ({ value: a, label: a }))} />
  }
  if (item.kind === 'time') {
    return (
      <FormField control={control} name={item.field} label={item.label} required>
        {(field) => <DateTimeInput value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
      </FormField>
    )
  }
  return <TextField control={control} name={item.field} label={item.label} required placeholder="如 G7001 或 MU2801" />
}

/**
 * 修改报名信息 (spec 000 §5 Member edit): the identity fields are all required, each with
 * its own prompt; the conference items appear, and are required, only when the training
 * ticks their option (12–20).
 */
export function SignUpEditDialog({
  row,
  options,
  onClose,
  onSaved,
}: {
  row: SignUpMember | null
  options: readonly number[]
  onClose(): void
  onSaved(): void
}) {
  const styles = useStyles()
  const notify = useNotify()
  const schema = useMemo(() => signUpEditSchema(options), [options])
  const conference = enabledConferenceItems(options)
  const defaults = useMemo(() => (row ? valuesOf(row) : ({} as SignUpUpdateBody)), [row])

  return (
    <FormDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title="修改报名信息"
      schema={schema}
      defaultValues={defaults}
      layout="wide"
      onSubmit={async (values) => {
        await call('signup.update', values)
        notify.success(toastMessages.updated)
        onSaved()
      }}
    >
      {({ control }) => (
        <>
          <TextField control={control} name="name" label="姓名" required />
          <TextField control={control} name="telephone" label="手机号" required />
          <ChoiceField
            control={control}
            name="gender"
            label="性别"
            required
            options={genders.map((g) => ({ value: String(g.code), label: g.label }))}
          />
          <OrgField control={control} name="orgId" label="所在组织" required valueName={row?.orgName} />
          <TextField control={control} name="company" label="单位名称" required />
          <TextField control={control} name="department" label="所在部门" required />
          <TextField control={control} name="jobs" label="职务" required />
          <TextField control={control} name="partyJobs" label="党内职务" required />
          <FormField control={control} name="tenureTime" label="任现职时间" required>
            {(field) => <DateTimeInput monthOnly value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
          <TextField control={control} name="sameTenureYear" label="任同职级年限" required type="number" />
          <TextField control={control} name="cardsNumber" label="身份证号" required className={FULL_ROW} />
          {conference.length > 0 && <h3 className={mergeClasses(styles.section, FULL_ROW)}>会务信息</h3>}
          {conference.map((item) => (
            <ConferenceField key={item.field} control={control} item={item} />
          ))}
          <FormField control={control} name="marks" label="备注" className={FULL_ROW}>
            {(field) => (
              <Textarea
                ref={field.ref}
                value={(field.value as string | null | undefined) ?? ''}
                onChange={(_, data) => field.onChange(data.value)}
                onBlur={field.onBlur}
                resize="vertical"
              />
            )}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
