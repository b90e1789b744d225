/**
 * Training status codes (spec 000 §4) and the rule that turns a published training
 * into its live state. Only 0, 10, 30 and -1 are ever stored: the audit writes 30 or
 * -1, and the states after publishing follow from the clock, so they are derived
 * whenever a training is read (server lists, filters, the renderer) — no job has to
 * flip them, and a changed time moves the state at once. See docs/decisions.md.
 */
export const TrainStatus = {
  NEW: 0,
  ONLINE_REVIEWED: 10,
  PUBLISHED: 30,
  SIGN_UP_OPEN: 40,
  SIGN_UP_ENDED: 50,
  IN_TRAINING: 60,
  FINISHED: 99,
  REJECTED: -1,
} as const
export type TrainStatusCode = (typeof TrainStatus)[keyof typeof TrainStatus]

export const trainStatuses = [
  { code: 0, label: '新建' },
  { code: 10, label: '线上已审核' },
  { code: 30, label: '审核通过（已发布）' },
  { code: 40, label: '报名中' },
  { code: 50, label: '报名结束' },
  { code: 60, label: '培训中' },
  { code: 99, label: '已结束' },
  { code: -1, label: '未通过' },
] as const

/** Any code outside the table is shown as not passed (spec 000 §4). */
export function trainStatusLabel(code: number): string {
  return trainStatuses.find((s) => s.code === code)?.label ?? '未通过'
}

/** Codes a training may be stored with; the rest are derived. */
export const storedStatuses = [TrainStatus.NEW, TrainStatus.ONLINE_REVIEWED, TrainStatus.PUBLISHED, TrainStatus.REJECTED] as const

export interface TrainTimes {
  signUpStartTime: string
  signUpEndTime: string
  trainStartTime: string
  trainEndTime: string
}

/**
 * The status a training shows at `now` (all times `yyyy-MM-dd HH:mm:ss`, which
 * compare correctly as text). A published (30) training is
 *   30 before sign-up starts, 40 from sign-up start until sign-up end,
 *   50 from sign-up end until training start, 60 from training start until
 *   training end, 99 from training end on.
 * Each boundary belongs to the later state. Every other stored code is returned as
 * stored; unknown codes count as not passed.
 */
export function effectiveTrainStatus(stored: number, times: TrainTimes, now: string): TrainStatusCode {
  if (stored !== TrainStatus.PUBLISHED) {
    return (storedStatuses as readonly number[]).includes(stored) ? (stored as TrainStatusCode) : TrainStatus.REJECTED
  }
  if (now >= times.trainEndTime) return TrainStatus.FINISHED
  if (now >= times.trainStartTime) return TrainStatus.IN_TRAINING
  if (now >= times.signUpEndTime) return TrainStatus.SIGN_UP_ENDED
  if (now >= times.signUpStartTime) return TrainStatus.SIGN_UP_OPEN
  return TrainStatus.PUBLISHED
}

/** Whether members may sign themselves up now (the self sign-up window). */
export function isSignUpOpen(stored: number, times: TrainTimes, now: string): boolean {
  return effectiveTrainStatus(stored, times, now) === TrainStatus.SIGN_UP_OPEN
}
