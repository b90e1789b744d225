import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { DateTimeInput } from '../../components/DateTimeInput'
import { ImageField } from '../../components/crud/fields'
import { FULL_ROW } from '../../components/FormDialog'
import { ChoiceField, FormField, TextField } from '../../components/FormFields'
import { OrgField } from '../../components/org/OrgField'
import { genderLabels, MemberFieldsSchema, MemberUpdateSchema, type Member } from '../../../src-shared/schemas/member'

/**
 * Editing checks the member fields and a password that, left empty, keeps the old one
 * (spec 000 §5); adding checks the descriptor's fields, where it is required.
 */
export const MemberEditSchema = MemberFieldsSchema.extend({ pwd: MemberUpdateSchema.shape.pwd })

/** What 新增 opens with. */
export const blankMember = {
  name: '', nation: '汉族', gender: undefined, telephone: '', orgId: undefined, idcard: '', avatarUrl: null, department: '',
  jobs: '', partyJobs: '', tenureTime: '', sameTenureYear: null, pwd: '',
}

/** What 编辑 opens with: the whole record (read afresh), the password empty. */
export function memberValues(member: Member) {
  return {
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

const genderOptions = [
  { value: 1, label: genderLabels[1] },
  { value: 0, label: genderLabels[0] },
] as const

/** The fields of 新增党员 / 编辑党员 (spec 000 §3, §5): the shared schemas check them here and again on the server. */
export function MemberFields({ form: { control }, member }: { form: UseFormReturn<FieldValues>; member: Member | null }) {
  return (
    <>
      <TextField control={control} name="name" label="姓名" required autoFocus />
      <ChoiceField control={control} name="gender" label="性别" required options={genderOptions} appearance="radio" />
      <TextField control={control} name="telephone" label="手机号" required autoComplete="off" />
      <TextField control={control} name="nation" label="民族" required />
      <OrgField control={control} name="orgId" label="所属组织" required valueName={member?.orgName} />
      <TextField control={control} name="idcard" label="身份证号" />
      <TextField
        control={control}
        name="pwd"
        label="密码"
        type="password"
        required={!member}
        autoComplete="new-password"
        hint={member ? '留空则不修改密码' : '至少 6 位'}
      />
      <TextField control={control} name="department" label="部门" />
      <TextField control={control} name="jobs" label="职务" />
      <TextField control={control} name="partyJobs" label="党内职务" />
      <FormField control={control} name="tenureTime" label="任职时间">
        {(field) => <DateTimeInput monthOnly value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
      </FormField>
      <TextField control={control} name="sameTenureYear" label="同职级年限" placeholder="最小为 1" blankAsNull />
      <ImageField control={control} name="avatarUrl" label="头像" className={FULL_ROW} />
    </>
  )
}
