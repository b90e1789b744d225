import { AppError, ErrorKey } from '../../../src-shared/errors'
import { composition, compositionPart, copyTitle, type Paper, type PaperQuestion } from '../../../src-shared/schemas/paper'
import type { Expression, SqlBool } from 'kysely'
import { containsText } from '../../db/sql-text'
import { nowText } from '../../db/time'
import { deleteRecords } from '../../db/delete-impact'
import { lockOf } from '../../db/locks'
import type { Db } from '../../db/types'
import { signedIn, type DomainHandlers } from '../../http/context'
import { assemble, type PaperEntry } from './assemble'
import { onePage } from '../../db/paging'

const INSERT_CHUNK = 200

/** Papers matching a filter; every condition given must hold. */
function papers(db: Db, f: { id?: number; type?: number; title?: string }) {
  return db.selectFrom('paper').where((eb) => {
    const conditions: Expression<SqlBool>[] = []
    if (f.id !== undefined) conditions.push(eb('paper.id', '=', f.id))
    if (f.type !== undefined) conditions.push(eb('paper.type', '=', f.type))
    if (f.title !== undefined) conditions.push(containsText('paper.title', f.title))
    return eb.and(conditions)
  })
}

/** Papers as the list shows them, with their number of questions. */
function paperRows(db: Db, f: Parameters<typeof papers>[1]) {
  return papers(db, f)
    .selectAll('paper')
    .select((eb) => eb.selectFrom('paperQuestion as pq').select(eb.fn.countAll<number>().as('n')).whereRef('pq.paperId', '=', 'paper.id').as('questionCount'))
}

type PaperRow = Awaited<ReturnType<ReturnType<typeof paperRows>['executeTakeFirstOrThrow']>>

function toPaper(r: PaperRow, readOnly: string | null): Paper {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    totalScore: Number(r.totalScore),
    choiceType: r.choiceType,
    type: r.type,
    questionList: JSON.parse(r.questionList) as Paper['questionList'],
    categoryList: JSON.parse(r.categoryList) as Paper['categoryList'],
    questionCount: Number(r.questionCount ?? 0),
    createTime: r.createdAt,
    readOnly,
  }
}

/** Papers as the console shows them: each says whether (and why) it is read-only. */
const withLocks = (db: Db, rows: readonly PaperRow[]) => Promise.all(rows.map(async (r) => toPaper(r, await lockOf(db, 'paper', r.id))))

async function paperById(db: Db, id: number): Promise<Paper> {
  const row = await paperRows(db, { id }).executeTakeFirst()
  if (!row) throw new AppError(ErrorKey.NOT_FOUND, '试卷不存在')
  const [paper] = await withLocks(db, [row])
  return paper
}

/**
 * The questions of a paper as it was assembled, in order. Exams take and mark from
 * this copy, never from the bank (a question edited later changes no paper).
 */
export async function paperQuestions(db: Db, paperId: number): Promise<PaperQuestion[]> {
  const rows = await db.selectFrom('paperQuestion').selectAll().where('paperId', '=', paperId).orderBy('sortOrder').execute()
  return rows.map(({ paperId: _paperId, ...q }) => ({ ...q, questionScore: Number(q.questionScore) }))
}

/** Copies the entries into the paper, numbered from 1, replacing any earlier copy. */
async function writeEntries(db: Db, paperId: number, entries: readonly PaperEntry[]): Promise<void> {
  await db.deleteFrom('paperQuestion').where('paperId', '=', paperId).execute()
  const rows = entries.map((e, i) => ({ ...e, paperId, sortOrder: i + 1 }))
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insertInto('paperQuestion').values(rows.slice(i, i + INSERT_CHUNK)).execute()
}

const totalOf = (entries: readonly PaperEntry[]) => entries.reduce((sum, e) => sum + e.questionScore, 0)

export const paperHandlers = {
  'paper.list': async ({ pageNum, pageSize, ...filter }, ctx) => {
    const { records, total } = await onePage(paperRows(ctx.db, filter).orderBy('paper.id', 'desc'), papers(ctx.db, filter), { pageNum, pageSize })
    return { records: await withLocks(ctx.db, records), total }
  },

  'paper.all': async ({ type }, ctx) =>
    (await ctx.db.selectFrom('paper').select(['id', 'title', 'totalScore']).where('type', '=', type).orderBy('id', 'desc').execute()).map((p) => ({
      ...p,
      totalScore: Number(p.totalScore),
    })),

  'paper.get': async ({ id }, ctx) => ({ ...(await paperById(ctx.db, id)), questions: await paperQuestions(ctx.db, id) }),

  'paper.create': async (input, ctx) => {
    const plan = composition(input)
    const entries = await assemble(ctx.db, plan)
    const now = nowText()
    const id = await ctx.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('paper')
        .values({
          title: input.title,
          content: input.content,
          totalScore: totalOf(entries),
          choiceType: plan.choiceType,
          type: plan.type,
          questionList: JSON.stringify(plan.questionList),
          categoryList: JSON.stringify(plan.categoryList),
          createdBy: signedIn(ctx).adminId,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeEntries(trx, id, entries)
      return id
    })
    return paperById(ctx.db, id)
  },

  // The same copy of the questions and scores (not a new draw), so the copy is the paper as it was.
  'paper.copy': async ({ id }, ctx) => {
    const source = await ctx.db.selectFrom('paper').selectAll().where('id', '=', id).executeTakeFirst()
    if (!source) throw new AppError(ErrorKey.NOT_FOUND, '试卷不存在')
    const now = nowText()
    const { id: copyId } = await ctx.db
      .insertInto('paper')
      .values({
        title: copyTitle(source.title),
        content: source.content,
        totalScore: source.totalScore,
        choiceType: source.choiceType,
        type: source.type,
        questionList: source.questionList,
        categoryList: source.categoryList,
        createdBy: signedIn(ctx).adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const questions = await paperQuestions(ctx.db, id)
    await writeEntries(
      ctx.db,
      copyId,
      questions.map(({ id: _id, sortOrder: _order, ...q }) => q),
    )
    return paperById(ctx.db, copyId)
  },

  'paper.update': async (input, ctx) => {
    const current = await paperById(ctx.db, input.id)
    const plan = input.choiceType === undefined ? null : composition({ ...compositionPart(input), type: input.type ?? (current.type as 1 | 2) })
    const entries = plan ? await assemble(ctx.db, plan) : null
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('paper')
        .set({
          title: input.title,
          content: input.content,
          updatedAt: nowText(),
          ...(plan && entries
            ? { totalScore: totalOf(entries), choiceType: plan.choiceType, questionList: JSON.stringify(plan.questionList), categoryList: JSON.stringify(plan.categoryList) }
            : {}),
        })
        .where('id', '=', input.id)
        .execute()
      if (entries) await writeEntries(trx, input.id, entries)
    })
    return paperById(ctx.db, input.id)
  },

  'paper.delete': async ({ id }, ctx) => {
    await paperById(ctx.db, id)
    // Refused while an exam uses it (src-shared/references.ts): members drawing it would get no questions.
    await deleteRecords(ctx.db, 'paper', [id])
    return null
  },
} satisfies DomainHandlers<'paper'>
