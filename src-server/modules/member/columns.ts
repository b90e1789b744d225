import { genderLabels, memberColumnTitles, memberForm } from '../../../src-shared/schemas/member'
import type { SheetColumnLayout } from '../../files/xlsx'
import type { MemberRow } from './queries'

/** A field of the member dialog (its declaration names the column in every sheet). */
type Declared = keyof typeof memberForm

const labelOf = (name: Declared) => memberForm[name].label

/** The sheets' columns that are no field of the dialog. */
export const sheetOnlyHeaders = { orgCode: '所属组织编码', ...memberColumnTitles } as const

/** A column of the import workbook, by the member field it fills. */
export interface ImportColumn {
  header: string
  field:
    | 'name' | 'gender' | 'nation' | 'telephone' | 'org' | 'orgCode' | 'idcard'
    | 'department' | 'jobs' | 'partyJobs' | 'tenureTime' | 'sameTenureYear' | 'pwd' | 'enabled'
  required: boolean
  note: string
  width: number
  /** Text format in the template: digits a spreadsheet would turn into a number or a date. */
  text?: boolean
  /** The template's drop-down list. */
  choices?: readonly string[]
  /** The value of the template's example row (the organisation is the caller's own). */
  example: string
  /** Headers of older templates read as this column. */
  formerly?: readonly string[]
}

type DeclaredColumn = Omit<ImportColumn, 'header' | 'field' | 'required'> & { declared: Declared } & Partial<Pick<ImportColumn, 'field' | 'required'>>

/** A template column of a dialog field: headed by its label, required as the dialog has it unless told. */
function declaredColumn({ declared, field, required, ...rest }: DeclaredColumn): ImportColumn {
  return { header: labelOf(declared), field: field ?? (declared as ImportColumn['field']), required: required ?? memberForm[declared].required, ...rest }
}

/**
 * The import template's columns. Headers are matched by name (a trailing * and spaces
 * ignored), so the columns may be reordered and an export can be imported again.
 */
export const importColumns: readonly ImportColumn[] = (
  [
    { declared: 'name', note: '必填', width: 12, example: '张三' },
    { declared: 'gender', note: '必填，男 或 女', width: 8, choices: [genderLabels[1], genderLabels[0]], example: genderLabels[1] },
    { declared: 'nation', note: '必填，如 汉族', width: 10, example: '汉族' },
    { declared: 'telephone', note: '必填，11 位手机号，不能与已有党员重复', width: 15, text: true, example: '13800000000' },
    {
      declared: 'orgId', field: 'org', note: '必填，从下拉列表选择（见“组织”工作表），或填写组织名称；同名的组织请填写路径，如 上级组织/本组织',
      width: 36, example: '',
    },
    { declared: 'idcard', note: '18 位（末位可为 X），也可填 15 位旧号码', width: 21, text: true, example: '11010519491231002X' },
    { declared: 'department', note: '', width: 14, example: '办公室' },
    { declared: 'jobs', note: '', width: 14, example: '科员' },
    { declared: 'partyJobs', note: '', width: 14, example: '党员' },
    { declared: 'tenureTime', note: '格式 yyyy-MM，如 2020-07', width: 12, text: true, example: '2020-07' },
    { declared: 'sameTenureYear', note: '整数，最小为 1', width: 12, example: '3' },
    // Older templates headed it 初始密码.
    { declared: 'pwd', required: false, note: '初始密码，6–64 位；不填则该党员暂不能登录', width: 14, text: true, example: '', formerly: ['初始密码'] },
  ] satisfies DeclaredColumn[]
).map(declaredColumn)

/**
 * Columns an import reads: the template's, and two only an export writes, so an exported
 * list imports again as it was: 状态 (the template leaves it out: a new member starts
 * enabled) and 所属组织编码 (exact, so it is read before 所属组织, which an export fills
 * with the bare name).
 */
export const readColumns: readonly ImportColumn[] = [
  ...importColumns,
  { header: sheetOnlyHeaders.enabled, field: 'enabled', required: false, note: '启用 或 停用；不填为启用', width: 8, example: '启用' },
  { header: sheetOnlyHeaders.orgCode, field: 'orgCode', required: false, note: '组织编码；填写时优先于所属组织', width: 18, text: true, example: '' },
]

/** 状态 as the export writes it and the import reads it. */
export const enabledLabel = (enabled: number) => (enabled === 1 ? '启用' : '停用')

export function headerKey(text: string): string {
  return text.replace(/[\s*＊]/g, '')
}

/** Header of a template column as shown: required ones end in *. */
export function templateHeader(c: ImportColumn): string {
  return c.required ? `${c.header}*` : c.header
}

/**
 * The export's columns: everything a row shows, plus the organisation code so the file imports again;
 * number-like ones in text format like the template's, so an edited export keeps every digit.
 */
export const exportColumns: readonly (SheetColumnLayout & { value: (m: MemberRow) => string | number | null })[] = [
  { header: labelOf('name'), width: 12, value: (m) => m.name },
  { header: labelOf('gender'), width: 8, value: (m) => (m.gender === 1 || m.gender === 0 ? genderLabels[m.gender] : null) },
  { header: labelOf('nation'), width: 10, value: (m) => m.nation },
  { header: labelOf('telephone'), width: 15, text: true, value: (m) => m.telephone },
  { header: sheetOnlyHeaders.orgCode, width: 18, text: true, value: (m) => m.orgCode },
  { header: labelOf('orgId'), width: 24, value: (m) => m.orgName },
  { header: sheetOnlyHeaders.topOrgName, width: 24, value: (m) => m.topOrgName },
  { header: labelOf('idcard'), width: 21, text: true, value: (m) => m.idcard },
  { header: labelOf('department'), width: 14, value: (m) => m.department },
  { header: labelOf('jobs'), width: 14, value: (m) => m.jobs },
  { header: labelOf('partyJobs'), width: 14, value: (m) => m.partyJobs },
  { header: labelOf('tenureTime'), width: 12, text: true, value: (m) => m.tenureTime },
  { header: labelOf('sameTenureYear'), width: 12, value: (m) => m.sameTenureYear },
  { header: sheetOnlyHeaders.enabled, width: 8, value: (m) => enabledLabel(m.enabled) },
]
