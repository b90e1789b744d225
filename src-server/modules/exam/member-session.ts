import { AppError, ErrorKey } from '../../../src-shared/errors'
import { assertMayTry, failedAttempt, forgetFailures } from '../../auth/login-delay'
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords'
import { newToken, sha256Hex } from '../../auth/tokens'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'

/**
 * Members sign in on the phone pages with the telephone and password of their member
 * record (spec 000 §5: the member dialog sets a password). Their sessions are their
 * own table, never an admin session: a member token opens nothing of the console; the
 * route mechanism checks it on `member` routes (http/member-auth.ts).
 * There is no captcha on the phone, so wrong passwords slow the guessing address down
 * exactly as on the console (auth/login-delay.ts) and never lock the member: a stranger
 * must not be able to keep members out of their exam (issue 25).
 */
const BAD_CREDENTIALS = '手机号或密码错误'

/** The failure counters' name for a member's telephone (apart from console account names). */
const failureName = (telephone: string) => `member:${telephone}`

export async function memberLogin(db: Db, ip: string, telephone: string, password: string, ttlMinutes: number, now = Date.now()) {
  const name = failureName(telephone)
  await assertMayTry(db, ip, name, now)
  const member = await db.selectFrom('member').select(['id', 'name', 'pwdHash', 'enabled']).where('telephone', '=', telephone).executeTakeFirst()
  const ok = member?.pwdHash ? await verifyPassword(password, member.pwdHash) : await verifyAgainstDummy(password)
  if (!member || !ok) throw await failedAttempt(db, ip, name, now, new AppError(ErrorKey.BAD_CREDENTIALS, BAD_CREDENTIALS, [{ path: 'password', message: BAD_CREDENTIALS }]))
  await forgetFailures(db, ip, name)
  if (member.enabled !== 1) throw new AppError(ErrorKey.FORBIDDEN, '该党员已被禁用，请联系本单位管理员')
  const token = newToken()
  await db.deleteFrom('memberSession').where('expiresAt', '<=', now).execute()
  await db.insertInto('memberSession').values({ tokenHash: sha256Hex(token), memberId: member.id, expiresAt: now + ttlMinutes * 60_000, createdAt: nowText() }).execute()
  return { token, name: member.name }
}
