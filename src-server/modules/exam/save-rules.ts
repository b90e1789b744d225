import { AppError, ErrorKey, type FieldIssue } from '../../../src-shared/errors'
import { examPaperFields } from '../../../src-shared/schemas/exam'
import type { Db } from '../../db/types'
import { paperTotals } from './paper-source'

type ExamSettings = {
  trainId: number
  paperId: number
  paper2Id: number | null
  paper3Id: number | null
  paper4Id: number | null
  paper5Id: number | null
  joinType: number
  joinNum: number | null
  passLine: number
}

/**
 * The save rules of an exam that need the database (issue 27: an exam nobody can pass
 * or sit is refused, not saved). The shared schema already checked what the form alone
 * decides (duration within the window); here: each named paper exists, every variant can
 * reach the pass line, the variants share one total (each paper's real total, see paperTotals) (the pass line is a score, so a
 * candidate's chance must not depend on the paper drawn), and a random draw does not
 * ask for more candidates than the training has sign-ups. Every issue is reported at
 * once, each at its field.
 */
export async function checkExamSettings(db: Db, input: ExamSettings): Promise<void> {
  const named = examPaperFields.flatMap(([field, label]) => (input[field] ? [{ field, label, id: input[field] }] : []))
  const [papers, signUps] = await Promise.all([
    paperTotals(db, named.map((p) => p.id)),
    input.joinType === 2
      ? db.selectFrom('trainSignUp').select((eb) => eb.fn.countAll<number>().as('n')).where('trainId', '=', input.trainId).executeTakeFirstOrThrow()
      : null,
  ])
  const issues: FieldIssue[] = named.filter((p) => !papers.has(p.id)).map((p) => ({ path: p.field, message: '试卷不存在' }))
  const variants = named.flatMap((p) => (papers.has(p.id) ? [{ ...p, total: papers.get(p.id)!.total }] : []))
  const lowest = variants.reduce<(typeof variants)[number] | null>((low, v) => (low === null || v.total < low.total ? v : low), null)
  if (lowest && input.passLine > lowest.total) issues.push({ path: 'passLine', message: `及格线不能高于${lowest.label}的总分（${lowest.total}分）` })
  const first = variants[0]
  for (const v of variants.slice(1)) {
    if (v.total !== first.total) issues.push({ path: v.field, message: `${v.label}总分${v.total}分，与${first.label}的${first.total}分不同；各套试卷总分须相同` })
  }
  const registered = signUps === null ? null : Number(signUps.n)
  if (registered !== null && input.joinNum !== null && input.joinNum > registered) {
    issues.push({ path: 'joinNum', message: `考试人数不能超过培训班的报名人数（${registered}人）` })
  }
  if (issues.length > 0) throw new AppError(ErrorKey.VALIDATION, issues[0].message, issues)
}
