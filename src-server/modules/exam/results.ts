import type { Db } from '../../db/types'

/**
 * A candidate's status and the score that counts, from its submitted sittings: WAIT
 * before any, DONE while a sitting waits for a marker, CHECK once all are marked. The
 * exam's score policy picks the highest or the latest marked sitting.
 */
export async function refreshMemberExam(db: Db, memberExamId: number): Promise<{ status: 'WAIT' | 'DONE' | 'CHECK'; score: number | null }> {
  const row = await db
    .selectFrom('memberExam as m')
    .innerJoin('exam as e', 'e.id', 'm.examId')
    .select('e.scorePolicy')
    .where('m.id', '=', memberExamId)
    .executeTakeFirstOrThrow()
  const sittings = await db
    .selectFrom('examAttempt')
    .select(['attemptNo', 'score'])
    .where('memberExamId', '=', memberExamId)
    .where('submittedAt', 'is not', null)
    .orderBy('attemptNo')
    .execute()
  const marked = sittings.filter((s) => s.score !== null).map((s) => s.score as number)
  const status = sittings.length === 0 ? 'WAIT' : marked.length < sittings.length ? 'DONE' : 'CHECK'
  const score = marked.length === 0 ? null : row.scorePolicy === 'latest' ? marked[marked.length - 1] : Math.max(...marked)
  await db.updateTable('memberExam').set({ status, score }).where('id', '=', memberExamId).execute()
  return { status, score }
}
