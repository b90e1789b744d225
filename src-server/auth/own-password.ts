import { AppError, ErrorKey } from '../../src-shared/errors'
import type { PasswordChange } from '../../src-shared/schemas/auth'
import { nowText } from '../db/time'
import type { Db } from '../db/types'
import type { AuthUser } from './auth-user'
import { assertMayTry, failedAttempt, forgetFailures } from './login-delay'
import { hashPassword, verifyPassword } from './passwords'
import { endSessionsExcept } from './sessions'

const WRONG_OLD = '原密码不正确'

/**
 * 修改密码 (issue 31). The old password is checked like a sign-in's: a wrong one counts
 * against this account from this address (login-delay.ts, the same counter as the
 * sign-in's), so the route is no faster a way to guess a password than the login page.
 * The change clears the "must change" flag and ends the account's other sessions; the
 * caller's own (`kept`) stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  user: AuthUser,
  ip: string,
  change: Pick<PasswordChange, 'oldPassword' | 'newPassword'>,
  kept: string | undefined,
  now = Date.now(),
): Promise<void> {
  await assertMayTry(db, ip, user.name, now)
  const account = await db.selectFrom('admin').select('passwordHash').where('id', '=', user.adminId).executeTakeFirstOrThrow()
  if (!(await verifyPassword(change.oldPassword, account.passwordHash))) {
    const wrong = new AppError(ErrorKey.VALIDATION, WRONG_OLD, [{ path: 'oldPassword', message: WRONG_OLD }])
    throw await failedAttempt(db, ip, user.name, now, wrong)
  }
  const passwordHash = await hashPassword(change.newPassword)
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('admin').set({ passwordHash, mustRenew: 0, updatedAt: nowText() }).where('id', '=', user.adminId).execute()
    await endSessionsExcept(tx, user.adminId, kept)
    await forgetFailures(tx, ip, user.name)
  })
}
