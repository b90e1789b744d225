import type { Db } from '../../db/types'

/**
 * The questions of a paper as it was assembled (paper_question keeps its own copy of
 * each question and its score), in paper order. A sitting copies them again, so a
 * later change of the paper does not change what a candidate answered.
 */
export function paperQuestions(db: Db, paperId: number) {
  return db
    .selectFrom('paperQuestion')
    .select(['questionId', 'questionType', 'title', 'stem', 'answer', 'analysis', 'questionScore'])
    .where('paperId', '=', paperId)
    .orderBy('sortOrder')
    .execute()
}
