import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { anyRole } from '../permissions'
import { StoredPathSchema, UploadedFileSchema, UploadQuerySchema } from '../schemas/files'

export const fileRoutes = defineRoutes({
  'files.upload': {
    method: 'POST', path: '/api/upload', access: anyRole, kind: 'upload', rpc: false, outsideTransaction: outsideTransaction.upload, unrecorded: unrecorded.upload,
    summary: '上传文件（multipart 字段 files），按内容校验类型与大小',
    query: UploadQuerySchema,
    response: z.array(UploadedFileSchema),
  },
  'files.get': {
    method: 'GET', path: '/api/file', access: anyRole, kind: 'download', rpc: false,
    summary: '读取已上传的文件（本人上传的，或本单位记录引用的）',
    query: StoredPathSchema,
    response: z.unknown(),
  },
})
