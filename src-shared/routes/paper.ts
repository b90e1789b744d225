import { z } from 'zod'
import { defineRoutes } from '../contract'
import { idParam } from '../schemas/common'
import {
  PaperAllQuerySchema,
  PaperCreateSchema,
  PaperDetailSchema,
  PaperOptionSchema,
  PaperPageSchema,
  PaperQuerySchema,
  PaperSchema,
  PaperUpdateSchema,
} from '../schemas/paper'

const PAPER = 'exam:paper'

/** Papers (spec 001 §2, §3, §4, §7). The exam screen reads the options and the preview. */
export const paperRoutes = defineRoutes({
  'paper.list': {
    method: 'GET', path: '/api/paper', access: PAPER,
    summary: '试卷列表（按名称筛选，type 2 考试试卷）',
    query: PaperQuerySchema,
    response: PaperPageSchema,
  },
  'paper.all': {
    method: 'GET', path: '/api/paper/all', access: [PAPER, 'exam:exam'],
    summary: '试卷选项（id、名称、总分）',
    query: PaperAllQuerySchema,
    response: z.array(PaperOptionSchema),
  },
  'paper.get': {
    method: 'GET', path: '/api/paper/{id}', access: [PAPER, 'exam:exam'],
    summary: '试卷预览：组卷时的题目副本与分值、总分',
    params: idParam,
    response: PaperDetailSchema,
  },
  'paper.create': {
    method: 'POST', path: '/api/paper', access: PAPER, province: true, record: 'paper',
    summary: '新增试卷：手动组卷（逐题选择）或自动组卷（各题型数量与分值、类别分配；先检查题量是否足够）；只用已审核的题目',
    body: PaperCreateSchema,
    response: PaperSchema,
  },
  'paper.update': {
    method: 'PATCH', path: '/api/paper', access: PAPER, record: 'paper', province: true,
    summary: '修改试卷名称与信息；带组卷内容时重新组卷',
    body: PaperUpdateSchema,
    response: PaperSchema,
  },
  'paper.copy': {
    method: 'POST', path: '/api/paper/{id}/copy', access: PAPER, province: true, record: 'paper', recordBy: { answer: 'id' },
    summary: '复制为新试卷：同样的题目副本与分值，名称为「…（副本）」；试卷被考试使用时也可复制',
    params: idParam,
    response: PaperSchema,
  },
  'paper.delete': {
    method: 'DELETE', path: '/api/paper/{id}', access: PAPER, record: 'paper', province: true,
    summary: '删除试卷',
    params: idParam,
    response: z.null(),
  },
})
