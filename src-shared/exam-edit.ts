import { scorePolicyLabels, type Exam } from './schemas/exam'
import { minutesOf } from './date-text'

const PAPERS = ['paperId', 'paper2Id', 'paper3Id', 'paper4Id', 'paper5Id'] as const

/** The fields of an exam an edit may change, as stored and as the dialog sends them. */
export type ExamEditFields = Pick<Exam, 'trainId' | 'joinType' | 'joinNum' | 'startTime' | 'endTime' | 'countdown' | 'passLine' | 'retestNum' | (typeof PAPERS)[number]> & {
  scorePolicy: string
}

export type ExamEditEffects = {
  /** Why the edit is refused (nothing is changed), or null. */
  refusal: string | null
  /** What the edit does to the attempts and results already there, one sentence each. */
  effects: string[]
  /** Whether each candidate's counted score is computed again from the stored sittings. */
  regrade: boolean
}


/**
 * What an edit of a started exam does (issue 27, docs/decisions.md "A safe exam
 * lifecycle"): attempts and results are always kept; a change of the pass line or of
 * the score rule is applied to the stored sittings; a change that cannot be applied to
 * them (other papers, another training, fewer candidates, a later start) is refused. One
 * function for the server, which enforces it, and the console, which shows the same
 * sentences while the edit is being made.
 */
export function examEditEffects(before: ExamEditFields, after: ExamEditFields): ExamEditEffects {
  const refuse = (refusal: string): ExamEditEffects => ({ refusal, effects: [], regrade: false })
  if (PAPERS.some((field) => (before[field] ?? null) !== (after[field] ?? null))) {
    return refuse('考试已开始，不能更换试卷：已交的答卷按考生拿到的试卷评分，更换会使考生的试卷不一致。如需换卷，请新建考试')
  }
  if (before.trainId !== after.trainId) return refuse('考试已开始，不能更换关联培训：已登记的考生及其成绩属于原培训班')
  const fewer = (before.joinType === 1 && after.joinType === 2) || (before.joinType === 2 && after.joinType === 2 && (after.joinNum ?? 0) < (before.joinNum ?? 0))
  if (fewer) return refuse('考试已开始，不能减少考生：已登记的考生及其成绩都要保留')
  // Pushed later, the exam could read 未开始 again with sittings in it.
  if (after.startTime > before.startTime) return refuse('考试已开始，开始时间不能推后')

  const effects = ['已有的作答、成绩与补考安排全部保留']
  if (Number(after.passLine) !== Number(before.passLine)) effects.push(`及格线改为 ${after.passLine} 分：已有成绩不变，按新及格线重新判定是否及格`)
  const regrade = after.scorePolicy !== before.scorePolicy
  if (regrade) {
    const label = scorePolicyLabels[after.scorePolicy as keyof typeof scorePolicyLabels] ?? after.scorePolicy
    effects.push(`成绩计算方式改为“${label}”：每位考生的成绩按新方式从已交的答卷重新计算`)
  }
  if (before.joinType === 2 && after.joinType === 1) effects.push('参加方式改为全部报名人员：未登记的报名人员加入考试')
  else if (after.joinType === 2 && (after.joinNum ?? 0) > (before.joinNum ?? 0)) effects.push(`考试人数增至 ${after.joinNum} 人：从未登记的报名人员中随机补足`)
  if (after.endTime < before.endTime) effects.push(`结束时间提前到 ${minutesOf(after.endTime)}：之后不能再开始作答，已开始的作答仍按原截止时间结束`)
  if (after.countdown !== before.countdown) effects.push(`考试时长改为 ${after.countdown} 分钟：只影响之后开始的作答`)
  if (after.retestNum !== before.retestNum) effects.push(`重考次数改为 ${after.retestNum} 次：已用的次数照算`)
  return { refusal: null, effects, regrade }
}
