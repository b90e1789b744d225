import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { idParam } from '../schemas/common'
import { ImportCheckSchema, ImportResultSchema } from '../schemas/imports'
import {
  CategoryAllQuerySchema,
  CategoryCreateSchema,
  CategoryOptionSchema,
  CategoryPageSchema,
  CategoryQuerySchema,
  CategorySchema,
  CategoryUpdateSchema,
  QuestionAuditSchema,
  QuestionCreateSchema,
  QuestionCreatorSchema,
  QuestionFilterSchema,
  QuestionIdsParam,
  QuestionImportInputSchema,
  QuestionPageSchema,
  QuestionQuerySchema,
  QuestionSchema,
  QuestionTemplateQuerySchema,
  QuestionUpdateSchema,
  QuestionAuditManyResultSchema,
  QuestionAuditManySchema,
} from '../schemas/question'

/**
 * Question categories and banks of both uses (spec 001 §2, §3, §4, §7: paths not shown,
 * REST style). The exam and questionnaire category screens both manage them; the paper
 * screen reads them to assemble papers and the exam screen to show them.
 */
const editors = ['exam:category', 'questionnaire:category'] as const
const readers = ['exam:category', 'questionnaire:category', 'exam:paper', 'exam:exam'] as const

export const questionRoutes = defineRoutes({
  'questionCategory.list': {
    method: 'GET', path: '/api/question/category', access: editors,
    summary: '题目类别列表（按名称筛选，useType 1 问卷、2 考试）',
    query: CategoryQuerySchema,
    response: CategoryPageSchema,
  },
  'questionCategory.all': {
    method: 'GET', path: '/api/question/category/all', access: readers,
    summary: '某用途的全部题目类别（id、名称），用于筛选与组卷',
    query: CategoryAllQuerySchema,
    response: z.array(CategoryOptionSchema),
  },
  'questionCategory.create': {
    method: 'POST', path: '/api/question/category', access: editors, province: true, record: 'questionCategory',
    summary: '新增题目类别（名称同一用途内不重复）',
    body: CategoryCreateSchema,
    response: CategorySchema,
  },
  'questionCategory.update': {
    method: 'PATCH', path: '/api/question/category', access: editors, record: 'questionCategory', province: true,
    summary: '修改题目类别名称',
    body: CategoryUpdateSchema,
    response: CategorySchema,
  },
  'questionCategory.delete': {
    method: 'DELETE', path: '/api/question/category/{id}', access: editors, record: 'questionCategory', province: true,
    summary: '删除题目类别（仍有题目时拒绝）',
    params: idParam,
    response: z.null(),
  },
  'question.list': {
    method: 'GET', path: '/api/question', access: readers,
    summary: '题库列表（标题包含、题型、类别、审核状态、用途筛选，新的在前）',
    query: QuestionQuerySchema,
    response: QuestionPageSchema,
  },
  'question.create': {
    method: 'POST', path: '/api/question', access: editors, province: true, record: 'question',
    summary: '新增题目（stem 为选项字母到文字的 JSON；答案按题型编码；状态为未审核）',
    body: QuestionCreateSchema,
    response: QuestionSchema,
  },
  'question.update': {
    method: 'PATCH', path: '/api/question', access: editors, record: 'question', province: true,
    summary: '修改题目（用途与题型不可改；改后回到未审核；已组成的试卷不受影响）',
    body: QuestionUpdateSchema,
    response: QuestionSchema,
  },
  'question.delete': {
    method: 'DELETE', path: '/api/question/{ids}', access: editors, province: true, record: 'question', recordBy: { input: 'ids' },
    summary: '删除题目（一个 id 或逗号分隔的多个 id；已组成的试卷保留其副本）',
    params: QuestionIdsParam,
    response: z.object({ deleted: z.number().int() }),
  },
  'question.creator': {
    method: 'GET', path: '/api/question/creator/{id}', access: editors,
    summary: '题目创建人姓名（审核对话框显示）',
    params: idParam,
    response: QuestionCreatorSchema,
  },
  'question.audit': {
    method: 'PATCH', path: '/api/question/audit', access: editors, record: 'question', province: true,
    summary: '审核题目：通过（1）或驳回（-1）',
    body: QuestionAuditSchema,
    response: QuestionSchema,
  },
  'question.auditMany': {
    method: 'PATCH', path: '/api/question/audit/batch', access: editors, province: true, record: 'question', recordBy: { input: 'ids' },
    summary: '批量审核：选中的题目一并通过（1）或驳回（-1）；有题目已不存在时整批不改',
    body: QuestionAuditManySchema,
    response: QuestionAuditManyResultSchema,
  },
  'question.importTemplate': {
    method: 'GET', path: '/api/question/import/template', access: editors, kind: 'download', rpc: false,
    summary: '下载题目导入模板（xlsx，含填写说明与类别名称）',
    query: QuestionTemplateQuerySchema,
    response: z.unknown(),
  },
  'question.importCheck': {
    method: 'POST', path: '/api/question/import/check', access: editors, province: true, outsideTransaction: outsideTransaction.workbook, unrecorded: unrecorded.dryRun,
    summary: '导入预检：列出每道有问题的题目（行号、列与原因）与行数（另生成错误工作簿），不写入数据；xlsx 或 xls',
    body: QuestionImportInputSchema,
    response: ImportCheckSchema,
  },
  'question.importCommit': {
    method: 'POST', path: '/api/question/import/commit', access: editors, province: true, outsideTransaction: outsideTransaction.workbook, unrecorded: unrecorded.bulkImport,
    summary: '导入：再次校验后在一个事务中写入全部正确的题目，有问题的跳过',
    body: QuestionImportInputSchema,
    response: ImportResultSchema,
  },
  'question.export': {
    method: 'GET', path: '/api/question/export', access: readers, kind: 'download', rpc: false,
    summary: '按当前筛选条件导出题目（xlsx，格式与导入模板相同，可再导入）',
    query: QuestionFilterSchema,
    response: z.unknown(),
  },
})
