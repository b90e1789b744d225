import { describe, expect, it } from 'vitest'
import { effectiveTrainStatus, isSignUpOpen, TrainStatus, trainStatusLabel } from '../../src-shared/training-status'

const times = {
  signUpStartTime: '2026-11-01 08:00:00',
  signUpEndTime: '2026-11-10 18:00:00',
  trainStartTime: '2026-11-12 09:00:00',
  trainEndTime: '2026-11-14 17:00:00',
}

/** One second before a boundary, the boundary itself, and one second after. */
function around(time: string): [string, string, string] {
  const d = new Date(time.replace(' ', 'T'))
  const fmt = (x: Date) => {
    const p = (n: number) => String(n).padStart(2, '0')
    return `${x.getFullYear()}-${p(x.getMonth() + 1)}-${p(x.getDate())} ${p(x.getHours())}:${p(x.getMinutes())}:${p(x.getSeconds())}`
  }
  return [fmt(new Date(d.getTime() - 1000)), time, fmt(new Date(d.getTime() + 1000))]
}

describe('training status derived from the times (spec 000 §4)', () => {
  it.each([
    ['sign-up start', times.signUpStartTime, TrainStatus.PUBLISHED, TrainStatus.SIGN_UP_OPEN],
    ['sign-up end', times.signUpEndTime, TrainStatus.SIGN_UP_OPEN, TrainStatus.SIGN_UP_ENDED],
    ['training start', times.trainStartTime, TrainStatus.SIGN_UP_ENDED, TrainStatus.IN_TRAINING],
    ['training end', times.trainEndTime, TrainStatus.IN_TRAINING, TrainStatus.FINISHED],
  ])('a published training changes state at %s (the boundary belongs to the later state)', (_name, boundary, before, after) => {
    const [justBefore, exactly, justAfter] = around(boundary)
    expect(effectiveTrainStatus(30, times, justBefore)).toBe(before)
    expect(effectiveTrainStatus(30, times, exactly)).toBe(after)
    expect(effectiveTrainStatus(30, times, justAfter)).toBe(after)
  })

  it('keeps new, online-reviewed and rejected trainings as stored whatever the time', () => {
    for (const now of ['2026-10-01 00:00:00', '2026-11-05 00:00:00', '2026-12-01 00:00:00']) {
      expect(effectiveTrainStatus(0, times, now)).toBe(0)
      expect(effectiveTrainStatus(10, times, now)).toBe(10)
      expect(effectiveTrainStatus(-1, times, now)).toBe(-1)
    }
  })

  it('shows any unknown stored code as not passed', () => {
    expect(effectiveTrainStatus(7, times, '2026-11-05 00:00:00')).toBe(-1)
    expect(trainStatusLabel(7)).toBe('未通过')
    expect(trainStatusLabel(40)).toBe('报名中')
  })

  it('opens self sign-up only inside the sign-up window of a published training', () => {
    expect(isSignUpOpen(30, times, '2026-11-05 00:00:00')).toBe(true)
    expect(isSignUpOpen(10, times, '2026-11-05 00:00:00')).toBe(false)
    expect(isSignUpOpen(30, times, '2026-11-11 00:00:00')).toBe(false)
  })
})
