import { FormDialog, FULL_ROW } from '../../components/FormDialog'
import { ChoiceField, TextField } from '../../components/FormFields'
import { OrgField } from '../../components/org/OrgField'
import type { z } from 'zod'
import { NO_SORT_NUMBER, OrgFieldsSchema, OrgUpdateSchema, orgTypes, type Org } from '../../../src-shared/schemas/org'

/** What the dialog edits: a new organisation (under `parent`) or an existing one. */
export type OrgDialogTarget = { kind: 'add'; parent: { id: number; name: string } | null } | { kind: 'edit'; org: Org }

/** Adding checks the fields; editing the same fields (all of them are sent) plus the id. */
export const OrgFormSchema = OrgFieldsSchema.extend({ id: OrgUpdateSchema.shape.id.optional() })
export type OrgFormValues = z.output<typeof OrgFormSchema>

const orgTypeOptions = orgTypes.map((type) => ({ value: type, label: type }))
const committeeOptions = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
] as const

function initialValues(target: OrgDialogTarget) {
  if (target.kind === 'add') {
    return {
      orgCode: '', name: '', shortName: '', parentId: target.parent?.id, orgType: null, areaName: '', secretary: '',
      hasCommittee: 0 as const, committeeCreate: '', contacter: '', contactPhone: '', postAddress: '', sortNumber: '',
    }
  }
  const { org } = target
  return {
    id: org.id,
    orgCode: org.orgCode,
    name: org.name,
    shortName: org.shortName ?? '',
    parentId: org.parentId ?? undefined,
    orgType: org.orgType as (typeof orgTypes)[number] | null,
    areaName: org.areaName ?? '',
    secretary: org.secretary ?? '',
    hasCommittee: org.hasCommittee === 1 ? (1 as const) : (0 as const),
    committeeCreate: org.committeeCreate ?? '',
    contacter: org.contacter ?? '',
    contactPhone: org.contactPhone ?? '',
    postAddress: org.postAddress ?? '',
    // 99999 is "no order": shown empty, saved as 99999 again.
    sortNumber: org.sortNumber === NO_SORT_NUMBER ? '' : String(org.sortNumber),
  }
}

/** 新增组织 / 编辑组织 with every field of spec 000 §3; the schema is the server's own. */
export function OrgDialog({
  target,
  onClose,
  onSave,
}: {
  target: OrgDialogTarget | null
  onClose(): void
  onSave(values: OrgFormValues, target: OrgDialogTarget): Promise<void>
}) {
  const shown = target ?? { kind: 'add', parent: null }
  const parentName = shown.kind === 'add' ? shown.parent?.name : shown.org.parentName
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shown.kind === 'add' ? '新增组织' : '编辑组织'}
      schema={OrgFormSchema}
      defaultValues={initialValues(shown)}
      onSubmit={(values) => onSave(values, shown)}
      layout="wide"
    >
      {(form) => (
        <>
          <TextField control={form.control} name="name" label="组织全称" required autoFocus />
          <TextField control={form.control} name="shortName" label="组织简称" required />
          <OrgField control={form.control} name="parentId" label="上级组织" required valueName={parentName} placeholder="请选择上级组织" />
          <TextField
            control={form.control}
            name="orgCode"
            label="组织编码"
            hint={shown.kind === 'add' ? '留空时按上级编码自动生成' : '更换上级组织时按新上级重新生成（此处另填的除外）；下级组织的编码随之改变'}
          />
          <ChoiceField control={form.control} name="orgType" label="组织类型" options={orgTypeOptions} placeholder="请选择组织类型" />
          <TextField control={form.control} name="areaName" label="所在地区" />
          <TextField control={form.control} name="secretary" label="书记" />
          <ChoiceField control={form.control} name="hasCommittee" label="是否成立党委" options={committeeOptions} appearance="radio" />
          <TextField control={form.control} name="committeeCreate" label="党委成立时间" placeholder="例如 2021-06" />
          <TextField control={form.control} name="contacter" label="联系人" />
          <TextField control={form.control} name="contactPhone" label="联系电话" />
          <TextField control={form.control} name="sortNumber" label="排序号" placeholder="1–99999，留空为 99999（不排序）" hint="不是 99999 时名称前显示排序号" />
          <TextField control={form.control} name="postAddress" label="通讯地址" className={FULL_ROW} />
        </>
      )}
    </FormDialog>
  )
}
