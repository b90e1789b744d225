import { genderLabels } from '../../../src-shared/schemas/member'
import type { SheetColumnLayout } from '../../files/xlsx'
import type { MemberRow } from './queries'

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
}

/**
 * The import template's columns. Headers are matched by name (a trailing * and spaces
 * ignored), so the columns may be reordered and an export can be imported again.
 */
export const importColumns: readonly ImportColumn[] = [
  { header: '姓名', field: 'name', required: true, note: '必填', width: 12, example: '张三' },
  { header: '性别', field: 'gender', required: true, note: '必填，男 或 女', width: 8, choices: [genderLabels[1], genderLabels[0]], example: genderLabels[1] },
  { header: '民族', field: 'nation', required: true, note: '必填，如 汉族', width: 10, example: '汉族' },
  { header: '手机号', field: 'telephone', required: true, note: '必填，11 位手机号，不能与已有党员重复', width: 15, text: true, example: '13800000000' },
  {
    header: '所属组织', field: 'org', required: true, note: '必填，从下拉列表选择（见“组织”工作表），或填写组织名称；同名的组织请填写路径，如 上级组织/本组织',
    width: 36, example: '',
  },
  { header: '身份证号', field: 'idcard', required: false, note: '18 位（末位可为 X），也可填 15 位旧号码', width: 21, text: true, example: '11010519491231002X' },
  { header: '部门', field: 'department', required: false, note: '', width: 14, example: '办公室' },
  { header: '职务', field: 'jobs', required: false, note: '', width: 14, example: '科员' },
  { header: '党内职务', field: 'partyJobs', required: false, note: '', width: 14, example: '党员' },
  { header: '任职时间', field: 'tenureTime', required: false, note: '格式 yyyy-MM，如 2020-07', width: 12, text: true, example: '2020-07' },
  { header: '同职级年限', field: 'sameTenureYear', required: false, note: '整数，最小为 1', width: 12, example: '3' },
  { header: '初始密码', field: 'pwd', required: false, note: '6–64 位；不填则该党员暂不能登录', width: 14, text: true, example: '' },
]

/**
 * Columns an import reads: the template's, and two only an export writes, so an exported
 * list imports again as it was: 状态 (the template leaves it out: a new member starts
 * enabled) and 所属组织编码 (exact, so it is read before 所属组织, which an export fills
 * with the bare name).
 */
export const readColumns: readonly ImportColumn[] = [
  ...importColumns,
  { header: '状态', field: 'enabled', required: false, note: '启用 或 停用；不填为启用', width: 8, example: '启用' },
  { header: '所属组织编码', field: 'orgCode', required: false, note: '组织编码；填写时优先于所属组织', width: 18, text: true, example: '' },
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
  { header: '姓名', width: 12, value: (m) => m.name },
  { header: '性别', width: 8, value: (m) => (m.gender === 1 || m.gender === 0 ? genderLabels[m.gender] : null) },
  { header: '民族', width: 10, value: (m) => m.nation },
  { header: '手机号', width: 15, text: true, value: (m) => m.telephone },
  { header: '所属组织编码', width: 18, text: true, value: (m) => m.orgCode },
  { header: '所属组织', width: 24, value: (m) => m.orgName },
  { header: '所属单位', width: 24, value: (m) => m.topOrgName },
  { header: '身份证号', width: 21, text: true, value: (m) => m.idcard },
  { header: '部门', width: 14, value: (m) => m.department },
  { header: '职务', width: 14, value: (m) => m.jobs },
  { header: '党内职务', width: 14, value: (m) => m.partyJobs },
  { header: '任职时间', width: 12, text: true, value: (m) => m.tenureTime },
  { header: '同职级年限', width: 12, value: (m) => m.sameTenureYear },
  { header: '状态', width: 8, value: (m) => enabledLabel(m.enabled) },
]
