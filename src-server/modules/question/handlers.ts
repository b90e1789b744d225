import { AppError, ErrorKey } from '../../../src-shared/errors'
import { encodeQuestion } from '../../../src-shared/schemas/question'
import { deleteRecords } from '../../db/delete-impact'
import { nowText } from '../../db/time'
import { signedIn, type DomainHandlers } from '../../http/context'
import { categoryHandlers } from './categories'
import { commitQuestions, checkQuestions } from './import'
import { questionById, categoryOfUse, questionFilter, questionRows, toQuestion } from './queries'
import { sendQuestionExport, sendQuestionTemplate } from './workbooks'
import { onePage } from '../../db/paging'

export const questionHandlers = {
  ...categoryHandlers,

  'question.list': async ({ pageNum, pageSize, ...filter }, ctx) => {
    const { records, total } = await onePage(
      questionRows(ctx.db).where((eb) => questionFilter(eb, filter)).orderBy('question.id', 'desc'),
      ctx.db.selectFrom('question').where((eb) => questionFilter(eb, filter)),
      { pageNum, pageSize },
    )
    return { records: records.map(toQuestion), total }
  },

  'question.create': async (form, ctx) => {
    const user = signedIn(ctx)
    await categoryOfUse(ctx.db, form.categoryId, form.useType)
    const now = nowText()
    const { id } = await ctx.db
      .insertInto('question')
      .values({
        useType: form.useType,
        categoryId: form.categoryId,
        type: form.type,
        title: form.title,
        ...encodeQuestion(form),
        analysis: form.analysis,
        imagePath: form.imagePath,
        status: 0,
        createdBy: user.adminId,
        createName: user.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return questionById(ctx.db, id)
  },

  'question.update': async ({ id, ...form }, ctx) => {
    const current = await questionById(ctx.db, id)
    // Use and type are fixed once a question exists (spec 001 §4): its answer is encoded for them.
    if (current.useType !== form.useType || current.type !== form.type) {
      throw new AppError(ErrorKey.VALIDATION, '编辑时不能修改题目用途与题型', [{ path: 'type', message: '编辑时不能修改题目用途与题型' }])
    }
    await categoryOfUse(ctx.db, form.categoryId, form.useType)
    // An edited question is reviewed again; papers already assembled keep their copy.
    await ctx.db
      .updateTable('question')
      .set({ categoryId: form.categoryId, title: form.title, ...encodeQuestion(form), analysis: form.analysis, imagePath: form.imagePath, status: 0, updatedAt: nowText() })
      .where('id', '=', id)
      .execute()
    return questionById(ctx.db, id)
  },

  'question.delete': async ({ ids }, ctx) => {
    const found = await ctx.db.selectFrom('question').select('id').where('id', 'in', ids).execute()
    if (found.length === 0) throw new AppError(ErrorKey.NOT_FOUND, '题目不存在')
    // Papers keep their copies: no reference refuses it (src-shared/references.ts).
    await deleteRecords(ctx.db, 'question', found.map((r) => r.id))
    return { deleted: found.length }
  },

  'question.creator': async ({ id }, ctx) => {
    const row = await ctx.db
      .selectFrom('question')
      .leftJoin('admin', 'admin.id', 'question.createdBy')
      .select(['question.createName', 'admin.name as adminName'])
      .where('question.id', '=', id)
      .executeTakeFirst()
    if (!row) throw new AppError(ErrorKey.NOT_FOUND, '题目不存在')
    return { createName: row.adminName ?? row.createName }
  },

  'question.audit': async ({ id, status }, ctx) => {
    await questionById(ctx.db, id)
    await ctx.db.updateTable('question').set({ status, updatedAt: nowText() }).where('id', '=', id).execute()
    return questionById(ctx.db, id)
  },

  'question.auditMany': async ({ ids, status }, ctx) => {
    const wanted = [...new Set(ids)]
    const found = await ctx.db.selectFrom('question').select('id').where('id', 'in', wanted).execute()
    if (found.length === 0) throw new AppError(ErrorKey.NOT_FOUND, '题目不存在')
    // The whole selection or nothing: a question deleted meanwhile means the list on screen is out of date.
    if (found.length < wanted.length) throw new AppError(ErrorKey.NOT_FOUND, `选中的题目中有 ${wanted.length - found.length} 道已不存在，请刷新后重试`)
    const result = await ctx.db.updateTable('question').set({ status, updatedAt: nowText() }).where('id', 'in', wanted).executeTakeFirst()
    return { updated: Number(result.numUpdatedRows) }
  },

  'question.importTemplate': async ({ useType }, ctx) => sendQuestionTemplate(ctx.db, useType, ctx.reply),
  'question.importCheck': async ({ path, useType }, ctx) =>
    checkQuestions(ctx.db, ctx.options.uploadDir, path, useType, signedIn(ctx).adminId),
  'question.importCommit': async ({ path, useType }, ctx) =>
    commitQuestions(ctx.db, ctx.options.uploadDir, path, useType, signedIn(ctx)),
  'question.export': async (filter, ctx) => sendQuestionExport(ctx.db, filter, ctx.reply),
} satisfies DomainHandlers<'question'> & DomainHandlers<'questionCategory'>
