import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { idParam } from '../schemas/common'
import { ImportCheckSchema, ImportResultSchema } from '../schemas/imports'
import {
  MemberCreateSchema,
  MemberExportQuerySchema,
  MemberImportInputSchema,
  MemberListQuerySchema,
  MemberPageSchema,
  MemberSchema,
  MemberUpdateSchema,
} from '../schemas/member'

/**
 * Party members (spec 000 §2 party member management and user selector, §3, §5, §7).
 * Reading is also needed by the screens that pick a person (accounts, sign-ups, the
 * department screen's user selector, a notice's members); every call is limited to the
 * caller's data scope.
 */
const memberReaders = ['organization:member', 'organization:department', 'system:admin', 'training:train', 'content:notice'] as const

export const memberRoutes = defineRoutes({
  'member.list': {
    method: 'GET', path: '/api/member', access: memberReaders,
    summary: '党员列表（分页；name、telephone 为前缀匹配，orgId 为该组织及其全部下级；可按 name、telephone 排序（orderBy、order），不排序时按筛选条件的索引顺序；每行为摘要，完整信息见党员详情；total 只数到本页之后 10 页，数不完时 totalCapped 为 true）',
    query: MemberListQuerySchema,
    response: MemberPageSchema,
  },
  'member.get': {
    method: 'GET', path: '/api/member/{id}', access: memberReaders, scope: { id: 'member' },
    summary: '党员详情',
    params: idParam,
    response: MemberSchema,
  },
  'member.create': {
    method: 'POST', path: '/api/member', access: 'organization:member', record: 'member',
    summary: '新增党员（密码必填，加密保存）',
    body: MemberCreateSchema,
    response: MemberSchema,
  },
  'member.update': {
    method: 'PATCH', path: '/api/member', access: 'organization:member', scope: { id: 'member' },
    summary: '修改党员（密码留空则不变）',
    body: MemberUpdateSchema,
    response: MemberSchema,
  },
  'member.delete': {
    method: 'DELETE', path: '/api/member/{id}', access: 'organization:member', scope: { id: 'member' },
    summary: '删除党员',
    params: idParam,
    response: z.null(),
  },
  'member.disable': {
    method: 'POST', path: '/api/member/Disable/{id}', access: 'organization:member', scope: { id: 'member' },
    summary: '停用党员',
    params: idParam,
    response: z.null(),
  },
  'member.enable': {
    method: 'POST', path: '/api/member/enable/{id}', access: 'organization:member', scope: { id: 'member' },
    summary: '启用党员',
    params: idParam,
    response: z.null(),
  },
  'member.importTemplate': {
    method: 'GET', path: '/api/member/import/template', access: 'organization:member', kind: 'download', rpc: false,
    summary: '下载党员导入模板（xlsx）',
    response: z.unknown(),
  },
  'member.importCheck': {
    method: 'POST', path: '/api/member/import/check', access: 'organization:member', outsideTransaction: outsideTransaction.workbook, unrecorded: unrecorded.dryRun,
    summary: '导入预检：逐行逐列报告错误与行数（另生成错误工作簿），不写入数据；所属组织可填名称或路径',
    body: MemberImportInputSchema,
    response: ImportCheckSchema,
  },
  'member.importCommit': {
    method: 'POST', path: '/api/member/import/commit', access: 'organization:member', outsideTransaction: outsideTransaction.workbook, unrecorded: unrecorded.bulkImport,
    summary: '导入：再次校验后在一个事务中写入全部正确的行，错误行跳过',
    body: MemberImportInputSchema,
    response: ImportResultSchema,
  },
  'member.export': {
    method: 'GET', path: '/api/member/export', access: 'organization:member', kind: 'download', rpc: false,
    summary: '导出党员（xlsx，流式生成）：有选中的党员（ids）只导出它们，否则按当前筛选条件',
    query: MemberExportQuerySchema,
    response: z.unknown(),
  },
})
