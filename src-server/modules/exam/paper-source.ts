import { preparedQuery, type QueryParams } from '../../db/prepared'
import type { Db } from '../../db/types'

/**
 * The questions of a paper as it was assembled (paper_question keeps its own copy of
 * each question and its score), in paper order. A sitting copies them again, so a
 * later change of the paper does not change what a candidate answered.
 */
const questionsOf = preparedQuery((db, p: QueryParams<{ paperId: number }>) =>
  db.selectFrom('paperQuestion').select(['questionId', 'questionType', 'title', 'stem', 'answer', 'analysis', 'questionScore']).where('paperId', '=', p.paperId).orderBy('sortOrder'),
)

/** Prepared: every sitting's start reads them. */
export function paperQuestions(db: Db, paperId: number) {
  return questionsOf.rows(db, { paperId })
}

/**
 * The real total of each named paper that exists: the sum of its questions' scores, as
 * a sitting counts it (the paper row's own total may be out of step with its questions).
 */
export async function paperTotals(db: Db, ids: readonly number[]): Promise<Map<number, { title: string; total: number }>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('paper as p')
    .leftJoin('paperQuestion as q', 'q.paperId', 'p.id')
    .select(['p.id', 'p.title', (eb) => eb.fn.coalesce(eb.fn.sum<number>('q.questionScore'), eb.lit(0)).as('total')])
    .where('p.id', 'in', [...ids])
    .groupBy(['p.id', 'p.title'])
    .execute()
  return new Map(rows.map((r) => [r.id, { title: r.title, total: Number(r.total) }]))
}
