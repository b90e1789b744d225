import { AppError, ErrorKey } from '../../../src-shared/errors'
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords'
import { newToken, sha256Hex } from '../../auth/tokens'
import { nowText } from '../../db/time'
import type { Db } from '../../db/types'
import type { RequestContext } from '../../http/context'

/**
 * Members sign in on the phone page with the telephone and password of their member
 * record (spec 000 §5: the member dialog sets a password). Their sessions are their
 * own table, never an admin session: a member token opens nothing of the console.
 */
export const MEMBER_TOKEN_HEADER = 'membertoken'
const FAILURES_BEFORE_LOCK = 5
const LOCK_MS = 15 * 60_000
const BAD_CREDENTIALS = '手机号或密码错误'

export async function memberLogin(db: Db, telephone: string, password: string, ttlMinutes: number, now = Date.now()) {
  const key = `member:${telephone}`
  const failures = await db.selectFrom('loginFailure').select('at').where('username', '=', key).where('at', '>', now - LOCK_MS).orderBy('at', 'desc').execute()
  if (failures.length >= FAILURES_BEFORE_LOCK) {
    const minutes = Math.max(1, Math.ceil((failures[FAILURES_BEFORE_LOCK - 1].at + LOCK_MS - now) / 60_000))
    throw new AppError(ErrorKey.ACCOUNT_LOCKED, `密码错误次数过多，请 ${minutes} 分钟后再试`)
  }
  const member = await db.selectFrom('member').select(['id', 'name', 'pwdHash', 'enabled']).where('telephone', '=', telephone).executeTakeFirst()
  const ok = member?.pwdHash ? await verifyPassword(password, member.pwdHash) : await verifyAgainstDummy(password)
  if (!member || !ok) {
    await db.insertInto('loginFailure').values({ ip: 'member', username: key, at: now }).execute()
    throw new AppError(ErrorKey.BAD_CREDENTIALS, BAD_CREDENTIALS, [{ path: 'password', message: BAD_CREDENTIALS }])
  }
  if (member.enabled !== 1) throw new AppError(ErrorKey.FORBIDDEN, '该党员已被禁用，请联系本单位管理员')
  const token = newToken()
  await db.deleteFrom('memberSession').where('expiresAt', '<=', now).execute()
  await db.insertInto('memberSession').values({ tokenHash: sha256Hex(token), memberId: member.id, expiresAt: now + ttlMinutes * 60_000, createdAt: nowText() }).execute()
  return { token, name: member.name }
}

/** The member behind the request's MemberToken header; UNAUTHENTICATED without a live one. */
export async function signedInMember(ctx: RequestContext, now = Date.now()): Promise<number> {
  const token = ctx.req.headers[MEMBER_TOKEN_HEADER]
  if (typeof token === 'string' && token.length > 0) {
    const row = await ctx.db.selectFrom('memberSession').select('memberId').where('tokenHash', '=', sha256Hex(token)).where('expiresAt', '>', now).executeTakeFirst()
    if (row) return row.memberId
  }
  throw new AppError(ErrorKey.UNAUTHENTICATED, '请先登录')
}
