import { randomInt } from 'node:crypto'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'

type Enrollable = { id: number; trainId: number; joinType: number; joinNum: number | null }

/**
 * Candidates of an exam (spec 001 §3 joinType): with 1 every member signed up for the
 * training (those who sign up later are enrolled by their sign-up's trigger, migration
 * 0017); with 2 a random joinNum of them, drawn once, when the candidates are first
 * read with sign-ups there (called again whenever they are read). `topUp`: an edit of a
 * started exam raised joinNum, so the missing ones are drawn from those not enrolled yet.
 */
export async function enrol(db: Db, exam: Enrollable, topUp = false): Promise<void> {
  const createdAt = nowText()
  if (exam.joinType === 1) {
    await db
      .insertInto('memberExam')
      .columns(['examId', 'memberId', 'isMakeUp', 'status', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('trainSignUp as s')
          .select((s) => [s.val(exam.id).as('examId'), 's.memberId', s.val(0).as('isMakeUp'), s.val('WAIT').as('status'), s.val(createdAt).as('createdAt')])
          .where('s.trainId', '=', exam.trainId)
          .where((w) => w.not(w.exists(w.selectFrom('memberExam as m').select('m.id').where('m.examId', '=', exam.id).whereRef('m.memberId', '=', 's.memberId'))))
          .orderBy('s.id'),
      )
      .execute()
    return
  }
  const enrolled = await db.selectFrom('memberExam').select('memberId').where('examId', '=', exam.id).where('isMakeUp', '=', 0).execute()
  if (enrolled.length > 0 && !topUp) return
  const taken = new Set(enrolled.map((r) => r.memberId))
  const pool = (await db.selectFrom('trainSignUp').select('memberId').where('trainId', '=', exam.trainId).orderBy('id').execute()).map((r) => r.memberId).filter((id) => !taken.has(id))
  // Partial Fisher–Yates: the first places are a uniform random sample.
  const take = Math.min((exam.joinNum ?? 0) - enrolled.length, pool.length)
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(pool.length - i)
    ;[pool[i], pool[j]] = [pool[j], pool[i]]
  }
  const rows = pool.slice(0, Math.max(0, take)).map((memberId) => ({ examId: exam.id, memberId, isMakeUp: 0, status: 'WAIT', createdAt }))
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('memberExam').values(rows.slice(i, i + 500)).execute()
}
