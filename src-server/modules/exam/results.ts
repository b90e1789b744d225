import { preparedQuery, type QueryParams } from '../../db/prepared'
import type { Db } from '../../db/types'

// Prepared: every submit refreshes its candidate (issue 28).
const policyOf = preparedQuery((db, p: QueryParams<{ memberExamId: number }>) =>
  db.selectFrom('memberExam as m').innerJoin('exam as e', 'e.id', 'm.examId').select('e.scorePolicy').where('m.id', '=', p.memberExamId),
)

const submittedSittings = preparedQuery((db, p: QueryParams<{ memberExamId: number }>) =>
  db.selectFrom('examAttempt').select(['attemptNo', 'score']).where('memberExamId', '=', p.memberExamId).where('submittedAt', 'is not', null).orderBy('attemptNo'),
)

const setState = preparedQuery((db, p: QueryParams<{ memberExamId: number; status: string; score: number | null }>) =>
  db.updateTable('memberExam').set({ status: p.status, score: p.score }).where('id', '=', p.memberExamId),
)

/**
 * A candidate's status and the score that counts, from its submitted sittings: WAIT
 * before any, DONE while a sitting waits for a marker, CHECK once all are marked. The
 * exam's score policy (read unless the caller knows it) picks the highest or the latest
 * marked sitting.
 */
export async function refreshMemberExam(db: Db, memberExamId: number, knownPolicy?: string): Promise<{ status: 'WAIT' | 'DONE' | 'CHECK'; score: number | null }> {
  const scorePolicy = knownPolicy ?? (await policyOf.first(db, { memberExamId }))?.scorePolicy
  if (scorePolicy === undefined) throw new Error(`no candidate round ${memberExamId}`)
  const sittings = await submittedSittings.rows(db, { memberExamId })
  const marked = sittings.filter((s) => s.score !== null).map((s) => s.score as number)
  const status = sittings.length === 0 ? 'WAIT' : marked.length < sittings.length ? 'DONE' : 'CHECK'
  const score = marked.length === 0 ? null : scorePolicy === 'latest' ? marked[marked.length - 1] : Math.max(...marked)
  await setState.rows(db, { memberExamId, status, score })
  return { status, score }
}
