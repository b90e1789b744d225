import type { Expression, SqlBool } from 'kysely'
import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { Category } from '../../../src-shared/schemas/question'
import { containsText, isUniqueViolation } from '../../db/sql-text'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import type { Db } from '../../db/types'
import { signedIn, type DomainHandlers } from '../../http/context'
import { onePage } from '../../db/paging'

const NAME_TAKEN = '类别名称已存在'

/** Categories matching a filter; every condition given must hold. */
function categories(db: Db, f: { id?: number; useType?: number; name?: string }) {
  return db.selectFrom('questionCategory as c').where((eb) => {
    const conditions: Expression<SqlBool>[] = []
    if (f.id !== undefined) conditions.push(eb('c.id', '=', f.id))
    if (f.useType !== undefined) conditions.push(eb('c.useType', '=', f.useType))
    if (f.name !== undefined) conditions.push(containsText('c.name', f.name))
    return eb.and(conditions)
  })
}

/** A category as the list shows it, with the number of questions filed under it. */
function categoryRows(db: Db, f: Parameters<typeof categories>[1]) {
  return categories(db, f)
    .select(['c.id', 'c.name', 'c.useType', 'c.createdAt'])
    .select((eb) => eb.selectFrom('question').select(eb.fn.countAll<number>().as('n')).whereRef('question.categoryId', '=', 'c.id').as('questionCount'))
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryRows>['executeTakeFirstOrThrow']>>

function toCategory(r: CategoryRow): Category {
  return { id: r.id, name: r.name, useType: r.useType, questionCount: Number(r.questionCount ?? 0), createTime: r.createdAt }
}

async function categoryById(db: Db, id: number): Promise<Category> {
  const row = await categoryRows(db, { id }).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '类别不存在')
  return toCategory(row)
}

/** Runs a write that may hit the (use type, name) unique constraint, answering in words. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorKey.CONFLICT, NAME_TAKEN, [{ path: 'name', message: NAME_TAKEN }])
    throw err
  }
}

export const categoryHandlers = {
  'questionCategory.list': async ({ pageNum, pageSize, ...filter }, ctx) => {
    const { records, total } = await onePage(categoryRows(ctx.db, filter).orderBy('c.id', 'desc'), categories(ctx.db, filter), { pageNum, pageSize })
    return { records: records.map(toCategory), total }
  },

  'questionCategory.all': async ({ useType }, ctx) =>
    ctx.db.selectFrom('questionCategory').select(['id', 'name']).where('useType', '=', useType).orderBy('id').execute(),

  'questionCategory.create': async ({ name, useType }, ctx) => {
    const now = nowText()
    const { id } = await uniqueName(() =>
      ctx.db
        .insertInto('questionCategory')
        .values({ name, useType, createdBy: signedIn(ctx).adminId, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    return categoryById(ctx.db, id)
  },

  'questionCategory.update': async ({ id, name }, ctx) => {
    await categoryById(ctx.db, id)
    await uniqueName(() => ctx.db.updateTable('questionCategory').set({ name, updatedAt: nowText() }).where('id', '=', id).execute())
    return categoryById(ctx.db, id)
  },

  'questionCategory.delete': async ({ id }, ctx) => {
    await categoryById(ctx.db, id)
    // Refused while it holds questions (src-shared/references.ts).
    await deleteRecords(ctx.db, 'question_category', [id])
    return null
  },
} satisfies DomainHandlers<'questionCategory'>
