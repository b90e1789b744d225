import { hashPassword } from '../src-server/auth/passwords'
import { sha256Hex } from '../src-server/auth/tokens'
import { nowText } from '../src-server/db/time'
import type { Db } from '../src-server/db/types'
import { enrol } from '../src-server/modules/exam/enrol'
import { insertPaper, type PaperQuestionFixture } from '../tests/support/exam'
import { daysFromNow, publishedTrainRow } from '../tests/support/training'

/** The password of every bench candidate. */
export const BENCH_PASSWORD = 'Bench@2026'

/** The bench paper: 20 questions, single choice and essay in turn, 100 points. */
const QUESTIONS: PaperQuestionFixture[] = Array.from({ length: 20 }, (_, i) =>
  i % 2 === 0
    ? { type: 1, title: `单选题${i + 1}`, stem: { A: '甲', B: '乙', C: '丙', D: '丁' }, answer: 'A', score: 5 }
    : { type: 4, title: `问答题${i + 1}`, answer: '', score: 5 },
)

export interface ExamSeed {
  examId: number
  /** Member id → the session made ahead (for those who do not sign in on the morning). */
  tokens: Map<number, string>
  telephones: Map<number, string>
}

/**
 * An exam of `candidates` members of one training on a demo-seeded database (exam-sitting and
 * exam-calls benches): all of them candidates, a `signInShare` of them without a session made
 * ahead (they sign in on the morning), the others with one that lasts a day.
 */
export async function seedExam(db: Db, candidates: number, signInShare: number): Promise<ExamSeed> {
  // One real password hash (scrypt at the production cost) shared by every candidate: the check costs what it costs.
  const pwdHash = await hashPassword(BENCH_PASSWORD)
  const telephones = new Map<number, string>()
  const branch = await db.selectFrom('org').select(['id', 'topOrgId', 'path']).where('orgType', '=', '党支部').orderBy('id').executeTakeFirstOrThrow()
  const root = await db.selectFrom('org').select('id').where('parentId', 'is', null).executeTakeFirstOrThrow()
  const now = nowText()
  const { id: trainId } = await db.insertInto('train').values(publishedTrainRow('考试压测班', root.id)).returning('id').executeTakeFirstOrThrow()
  const tokens = new Map<number, string>()
  for (let start = 0; start < candidates; start += 500) {
    const n = Math.min(500, candidates - start)
    const members = await db
      .insertInto('member')
      .values(Array.from({ length: n }, (_, i) => ({ name: `考生${start + i}`, telephone: `177${String(start + i).padStart(8, '0')}`, pwdHash, orgId: branch.id, orgPath: branch.path, topOrgId: branch.topOrgId, enabled: 1, createdAt: now, updatedAt: now })))
      .returning(['id', 'name', 'telephone'])
      .execute()
    await db.insertInto('trainSignUp').values(members.map((m) => ({ trainId, memberId: m.id, name: m.name, telephone: m.telephone, orgId: branch.id, source: 'import', createdAt: now, updatedAt: now }))).execute()
    for (const m of members) telephones.set(m.id, m.telephone!)
    // Sessions made ahead (signed in when the exam was announced) for the share that does not sign in on the morning.
    const sessions = members.filter((_, i) => (start + i) % 100 >= signInShare * 100).map((m) => {
      const token = `bench-${m.id}-${sha256Hex(String(m.id)).slice(0, 16)}`
      tokens.set(m.id, token)
      return { tokenHash: sha256Hex(token), memberId: m.id, expiresAt: Date.now() + 86_400_000, createdAt: now }
    })
    await db.insertInto('memberSession').values(sessions).execute()
  }
  const paperId = await insertPaper(db, '压测试卷', QUESTIONS)
  const { id: examId } = await db
    .insertInto('exam')
    .values({
      type: 2, title: '压测考试', content: '压测', trainId, joinType: 1, joinNum: null, startTime: daysFromNow(-1 / 24), endTime: daysFromNow(1),
      countdown: 120, passLine: 60, retestNum: 0, canLookAnswer: 0, paperId, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null,
      createdBy: null, createdAt: now, updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await enrol(db, { id: examId, trainId, joinType: 1, joinNum: null })
  return { examId, tokens, telephones }
}
