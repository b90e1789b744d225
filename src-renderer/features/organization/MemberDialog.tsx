import type { z } from 'zod'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog, FULL_ROW } from '../../components/FormDialog'
import { ChoiceField, FormField, TextField } from '../../components/FormFields'
import { OrgField } from '../../components/org/OrgField'
import { ImageUpload } from '../../components/upload/ImageUpload'
import { genderLabels, MemberFieldsSchema, MemberUpdateSchema, type Member } from '../../../src-shared/schemas/member'

/** A new member (in `org` when the list is filtered to one) or an existing one. */
export type MemberDialogTarget = { kind: 'add' } | { kind: 'edit'; member: Member }

/**
 * The member fields plus the password: required when adding, and when editing an
 * empty one keeps the old password (spec 000 §5).
 */
export const MemberFormSchema = MemberFieldsSchema.extend({
  id: MemberUpdateSchema.shape.id.optional(),
  pwd: MemberUpdateSchema.shape.pwd,
}).refine((member) => member.id !== undefined || member.pwd !== undefined, { path: ['pwd'], message: '请输入密码' })
export type MemberFormValues = z.output<typeof MemberFormSchema>

const genderOptions = [
  { value: 1, label: genderLabels[1] },
  { value: 0, label: genderLabels[0] },
] as const

function initialValues(target: MemberDialogTarget) {
  if (target.kind === 'add') {
    return {
      name: '', nation: '汉族', gender: undefined, telephone: '', orgId: undefined, idcard: '', avatarUrl: null, department: '',
      jobs: '', partyJobs: '', tenureTime: '', sameTenureYear: null, pwd: '',
    }
  }
  const { member } = target
  return {
    id: member.id,
    name: member.name,
    nation: member.nation ?? '',
    gender: member.gender === 0 || member.gender === 1 ? member.gender : undefined,
    telephone: member.telephone,
    orgId: member.orgId,
    idcard: member.idcard ?? '',
    avatarUrl: member.avatarUrl,
    department: member.department ?? '',
    jobs: member.jobs ?? '',
    partyJobs: member.partyJobs ?? '',
    tenureTime: member.tenureTime ?? '',
    sameTenureYear: member.sameTenureYear,
    pwd: '',
  }
}

/** 新增党员 / 编辑党员 (spec 000 §3, §5): the shared schema checks it here and again on the server. */
export function MemberDialog({
  target,
  onClose,
  onSave,
}: {
  target: MemberDialogTarget | null
  onClose(): void
  onSave(values: MemberFormValues, target: MemberDialogTarget): Promise<void>
}) {
  const shown = target ?? { kind: 'add' }
  const adding = shown.kind === 'add'
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={adding ? '新增党员' : '编辑党员'}
      schema={MemberFormSchema}
      defaultValues={initialValues(shown)}
      onSubmit={(values) => onSave(values, shown)}
      layout="wide"
    >
      {(form) => (
        <>
          <TextField control={form.control} name="name" label="姓名" required autoFocus />
          <ChoiceField control={form.control} name="gender" label="性别" required options={genderOptions} appearance="radio" />
          <TextField control={form.control} name="telephone" label="手机号" required autoComplete="off" />
          <TextField control={form.control} name="nation" label="民族" required />
          <OrgField
            control={form.control}
            name="orgId"
            label="所属组织"
            required
            valueName={shown.kind === 'edit' ? shown.member.orgName : undefined}
          />
          <TextField control={form.control} name="idcard" label="身份证号" />
          <TextField
            control={form.control}
            name="pwd"
            label="密码"
            type="password"
            required={adding}
            autoComplete="new-password"
            hint={adding ? '至少 6 位' : '留空则不修改密码'}
          />
          <TextField control={form.control} name="department" label="部门" />
          <TextField control={form.control} name="jobs" label="职务" />
          <TextField control={form.control} name="partyJobs" label="党内职务" />
          <FormField control={form.control} name="tenureTime" label="任职时间">
            {(field) => <DateTimeInput monthOnly value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
          <TextField control={form.control} name="sameTenureYear" label="同职级年限" placeholder="最小为 1" blankAsNull />
          <FormField control={form.control} name="avatarUrl" label="头像" className={FULL_ROW}>
            {(field) => <ImageUpload value={field.value as string | null} onChange={field.onChange} label="上传头像" />}
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
