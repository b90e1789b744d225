import type { z } from 'zod'
import { permissionTree } from '../../src-shared/permissions'

/**
 * The values every declared field of every resource is tried with (issue 29): empty,
 * blank, around each length limit in use, numbers in and out of range, dates, stored
 * paths, rich text, lists. The answers of the hand-written schemas were recorded in
 * tests/fixtures/resource-fields.json before they were replaced by declarations.
 */
const PATH = '2026/11/0123456789abcdef0123456789abcdef.png'
const lengths = [1, 10, 11, 19, 20, 21, 40, 41, 50, 51, 100, 101, 2000, 2001, 200_000, 200_001]
export const probes: readonly { name: string; value: unknown }[] = [
  { name: 'absent', value: undefined },
  { name: 'null', value: null },
  { name: 'empty', value: '' },
  { name: 'blank', value: '   ' },
  { name: 'padded', value: ' 中文 ' },
  { name: 'nul', value: 'a\u0000b' },
  ...lengths.map((n) => ({ name: `text ${n}`, value: '字'.repeat(n) })),
  ...[0, 1, -1, 2, 3, 5, 1.5, -2_147_483_648, 2_147_483_647, 2_147_483_648, true].map((value) => ({ name: `value ${String(value)}`, value })),
  ...['0', '1', '-1', '2', ' 3 ', '1.5', 'abc', '9999999999'].map((value) => ({ name: `text "${value}"`, value })),
  ...['2026-11-20', '2026-1-20', '2026/11/20', '2026-11-20 12:00'].map((value) => ({ name: `date ${value}`, value })),
  { name: 'stored path', value: PATH },
  { name: 'stored path padded', value: ` ${PATH} ` },
  { name: 'bad path', value: '../etc/passwd' },
  ...['<p>正文</p>', '<p> </p>', '<p>&nbsp;</p>', '<img src="x.png">'].map((value) => ({ name: `html ${value}`, value })),
  ...[[], [1, 2], ['3'], [0], [1.5], Array.from({ length: 5000 }, (_, i) => i + 1), Array.from({ length: 5001 }, (_, i) => i + 1)].map((value) => ({
    name: `list ${value.length}:${String(value[0])}`,
    value,
  })),
  { name: 'object', value: {} },
]

/** A short, stable form of a parsed value (long texts by their length). */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? 'undefined'
  return json.length > 80 ? `${json.slice(0, 40)}…(${json.length})` : json
}

/** What a schema answers for `base` with one field set to a probe: the stored value, or the first message and its field. */
export function answer(schema: z.ZodType, base: Record<string, unknown>, field: string, value: unknown): string {
  const input: Record<string, unknown> = { ...base, [field]: value }
  if (value === undefined) delete input[field]
  const result = schema.safeParse(input)
  if (result.success) return `ok ${shown((result.data as Record<string, unknown>)[field])}`
  const [first] = result.error.issues
  return `refused ${first?.path.join('.')}: ${first?.message}`
}

const member = {
  name: '王明', gender: 1, telephone: '13800000000', nation: '汉族', orgId: 1, idcard: null, pwd: 'Member@123', department: null,
  jobs: null, partyJobs: null, tenureTime: null, sameTenureYear: null, avatarUrl: null,
}
const account = { name: 'zhangsan', password: 'Admin123', roleId: 2, memberId: null }

/**
 * A valid record of each resource (the other fields stay valid while one is probed); `name:update`
 * the body of its update route, `name:edit` what its edit dialog checks (an empty password keeps the old one).
 */
export const bases: Record<string, Record<string, unknown>> = {
  news: { title: '标题', comeFrom: '来源', entryTime: '2026-11-20', imagePath: null, content: '<p>正文</p>' },
  home: { name: '首页' },
  carousel: { imagePath: PATH, newsId: null },
  notice: { name: '通知', content: '<p>正文</p>', memberIdList: [1] },
  teacher: { name: '王明', avatarUrl: PATH, content: '简介' },
  course: { name: '课程', teacherId: 1, content: '<p>正文</p>', status: 1, imagePath: null, videoPath: null },
  courseResource: { courseId: 1, name: '资源', sortOrder: 0, type: 1, resourcePath: PATH },
  role: { title: '角色', remark: '备注', permissionIdList: [permissionTree[0].id] },
  questionCategory: { name: '类别', useType: 2 },
  member: member,
  'member:update': { id: 1, ...member, pwd: '' },
  'member:edit': { ...member, pwd: '' },
  admin: account,
  'admin:update': { id: 1, ...account, password: '' },
  'admin:edit': { ...account, password: '' },
}
