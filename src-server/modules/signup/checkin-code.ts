import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/types'

/**
 * The check-in code on the venue screen changes every 30 seconds: an HMAC of the
 * training and the 30-second slot under the training's own secret. A code is
 * accepted in its slot and the next one only, so a photo sent to someone who is not
 * in the room stops working within a minute. Nothing is stored: any server
 * instance computes the same code.
 */
export const CHECK_IN_SLOT_SECONDS = 30

export function checkInSlot(nowMs: number): number {
  return Math.floor(nowMs / (CHECK_IN_SLOT_SECONDS * 1000))
}

export function checkInCode(secret: string, trainId: number, slot: number): string {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(`check-in:${trainId}:${slot}`).digest('base64url').slice(0, 16)
}

/** True for the code of the current slot or of the one just before it. */
export function isCurrentCheckInCode(secret: string, trainId: number, code: string, nowMs: number): boolean {
  const given = Buffer.from(code)
  const slot = checkInSlot(nowMs)
  return [slot, slot - 1].some((s) => {
    const expected = Buffer.from(checkInCode(secret, trainId, s))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

/** Seconds until the current code is replaced on the screen. */
export function secondsToNextSlot(nowMs: number): number {
  const slotMs = CHECK_IN_SLOT_SECONDS * 1000
  return Math.ceil((slotMs - (nowMs % slotMs)) / 1000)
}

export function checkInLinkOf(trainId: number, code: string): string {
  return `/m/checkin?trainId=${trainId}&code=${encodeURIComponent(code)}`
}

/** The sign-in window of a training open at `now`, if any. */
export function openSignInWindow(db: Db, trainId: number, now: string) {
  return db
    .selectFrom('trainSignIn')
    .select(['id', 'signInStartTime', 'signInEndTime'])
    .where('trainId', '=', trainId)
    .where('signInStartTime', '<=', now)
    .where('signInEndTime', '>=', now)
    .orderBy('signInStartTime')
    .executeTakeFirst()
}
