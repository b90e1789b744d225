import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkInCode, checkInSlot, isCurrentCheckInCode, secondsToNextSlot } from '../../src-server/modules/signup/checkin-code'

const secret = randomBytes(32).toString('hex')
const t0 = Date.UTC(2026, 10, 22, 9, 0, 0)

describe('rotating check-in code', () => {
  it('changes every 30 seconds', () => {
    expect(checkInCode(secret, 7, checkInSlot(t0))).toBe(checkInCode(secret, 7, checkInSlot(t0 + 29_999)))
    expect(checkInCode(secret, 7, checkInSlot(t0))).not.toBe(checkInCode(secret, 7, checkInSlot(t0 + 30_000)))
    expect(secondsToNextSlot(t0 + 10_000)).toBe(20)
  })

  it('accepts the current and the previous slot and refuses an older code', () => {
    const code = checkInCode(secret, 7, checkInSlot(t0))
    expect(isCurrentCheckInCode(secret, 7, code, t0)).toBe(true)
    expect(isCurrentCheckInCode(secret, 7, code, t0 + 30_000)).toBe(true)
    expect(isCurrentCheckInCode(secret, 7, code, t0 + 60_000)).toBe(false)
  })

  it('is bound to the training and to its secret', () => {
    const code = checkInCode(secret, 7, checkInSlot(t0))
    expect(isCurrentCheckInCode(secret, 8, code, t0)).toBe(false)
    expect(isCurrentCheckInCode(randomBytes(32).toString('hex'), 7, code, t0)).toBe(false)
    expect(isCurrentCheckInCode(secret, 7, 'x', t0)).toBe(false)
  })
})
