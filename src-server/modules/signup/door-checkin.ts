import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DoorCheckInResult } from '../../../src-shared/schemas/signup'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import { storedResult } from '../../db/idempotency'
import type { Audit } from '../../http/audit'

export const NOT_SIGNED_UP = '该人员不在此培训班的报名名单中（报名可能已取消），请刷新名单'
export const NO_SIGN_IN_WINDOW = '培训班未设置签到时间，无法签到'
export const MANUAL_IN_FUTURE = '补签时间不能晚于当前时间'

export type CheckInSource = 'door' | 'manual'

/**
 * The sign-in window a check-in at `time` belongs to: the one open then, else the last
 * one begun before it, else the first (a person let in early). Check-ins count per
 * person (statistics, hours); the window only groups the list.
 */
async function windowAt(db: Db, trainId: number, time: string): Promise<number> {
  const windows = await db.selectFrom('trainSignIn').select(['id', 'signInStartTime', 'signInEndTime']).where('trainId', '=', trainId).orderBy('signInStartTime').execute()
  if (windows.length === 0) throw new AppError(ErrorKey.CONFLICT, NO_SIGN_IN_WINDOW)
  const open = windows.find((w) => w.signInStartTime <= time && time <= w.signInEndTime)
  const begun = windows.filter((w) => w.signInStartTime <= time).at(-1)
  return (open ?? begun ?? windows[0]).id
}

/**
 * Checks a person in at the door or by 补签: one check-in per person and training
 * whichever console sends it and however often (an offline queue replays its own key).
 * The earliest time wins: a later copy answers 已签到 with the earlier time, an earlier
 * one moves the kept check-in back to its time. Runs in the route's write transaction;
 * the no-op update holds the sign-up's row (PostgreSQL; SQLite writes one transaction at
 * a time), so copies arriving together are decided one after the other. A replay of a
 * key already processed answers its stored result and logs no change (`storedResult`).
 */
export async function checkInPerson(
  db: Db,
  audit: Pick<Audit, 'unchanged'>,
  who: { adminId: number },
  input: { trainId: number; signUpId: number; checkInTime?: string; idempotencyKey?: string; source: CheckInSource; reason?: string },
): Promise<DoorCheckInResult & { id: number }> {
  const held = await db
    .updateTable('trainSignUp')
    .set((eb) => ({ source: eb.ref('source') }))
    .where('id', '=', input.signUpId)
    .where('trainId', '=', input.trainId)
    .returning('name')
    .executeTakeFirst()
  if (!held) throw new AppError(ErrorKey.NOT_FOUND, NOT_SIGNED_UP)
  // Read once the row is held: a copy of this key that got there first has committed by now.
  if (input.idempotencyKey) {
    const stored = await storedResult(db, who.adminId, input.idempotencyKey, `checkin.${input.source}`, audit)
    if (stored) return stored as DoorCheckInResult & { id: number }
  }
  const now = nowText()
  if (input.source === 'manual' && input.checkInTime && input.checkInTime > now) throw new AppError(ErrorKey.VALIDATION, MANUAL_IN_FUTURE)
  // A console's clock ahead of the server's cannot check anyone in later than now.
  const time = input.checkInTime && input.checkInTime < now ? input.checkInTime : now
  const earliest = await db
    .selectFrom('trainCheckIn')
    .select(['id', 'checkInTime'])
    .where('signUpId', '=', input.signUpId)
    .orderBy('checkInTime')
    .orderBy('id')
    .executeTakeFirst()
  let result: DoorCheckInResult & { id: number }
  if (earliest) {
    if (time < earliest.checkInTime) await db.updateTable('trainCheckIn').set({ checkInTime: time }).where('id', '=', earliest.id).execute()
    result = { id: earliest.id, signUpId: input.signUpId, name: held.name, checkInTime: time < earliest.checkInTime ? time : earliest.checkInTime, already: true }
  } else {
    const signInId = await windowAt(db, input.trainId, time)
    const row = await db
      .insertInto('trainCheckIn')
      .values({ signUpId: input.signUpId, trainId: input.trainId, signInId, checkInTime: time, source: input.source, reason: input.reason ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
    result = { id: row.id, signUpId: input.signUpId, name: held.name, checkInTime: time, already: false }
  }
  if (input.idempotencyKey) {
    await db
      .insertInto('idempotencyKey')
      .values({ key: input.idempotencyKey, route: `checkin.${input.source}`, adminId: who.adminId, result: JSON.stringify(result), createdAt: now })
      .execute()
  }
  return result
}
