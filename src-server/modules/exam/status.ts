import { ExamStatus } from '../../../src-shared/schemas/exam'

/** `yyyy-MM-dd HH:mm:ss` (server local time, as stored) → epoch ms. */
export function epochOf(text: string): number {
  const [y, mo, d, h, mi, s] = text.split(/[- :]/).map(Number)
  return new Date(y, mo - 1, d, h, mi, s).getTime()
}

/**
 * Status of an exam from its times (spec 001 §4): nothing is stored but a manual
 * close, so a corrected time moves the state at once and no job has to run.
 */
export function examStatusOf(exam: { closed: number; startTime: string; endTime: string }, now: string): number {
  if (exam.closed) return ExamStatus.CLOSED
  if (now < exam.startTime) return ExamStatus.NOT_STARTED
  if (now < exam.endTime) return ExamStatus.IN_PROGRESS
  return ExamStatus.ENDED
}

/** The window a round of a candidate may sit in: a make-up round has its own. */
export function roundWindow(exam: { startTime: string; endTime: string }, round: { isMakeUp: number; startTime: string | null; endTime: string | null }) {
  return round.isMakeUp && round.startTime && round.endTime ? { startTime: round.startTime, endTime: round.endTime } : { startTime: exam.startTime, endTime: exam.endTime }
}

type ExamTimes = { closed: number; startTime: string; endTime: string }
type RoundState = { status: string; isMakeUp: number; startTime: string | null; endTime: string | null }

/**
 * A round still waiting when its window is over or its exam was closed by hand was never
 * sat and no longer can be: 缺考, not 待考 (the score list and its export say the same).
 */
export function isAbsent(exam: ExamTimes, round: RoundState, now: string): boolean {
  return round.status === 'WAIT' && examStatusOf({ closed: exam.closed, ...roundWindow(exam, round) }, now) >= ExamStatus.ENDED
}
