import type { FastifyRequest } from 'fastify'
import { AppError, ErrorKey } from '../../src-shared/errors'
import { sha256Hex } from '../auth/tokens'
import { preparedQuery, type QueryParams } from '../db/prepared'
import type { Db } from '../db/types'

/**
 * The member session of the phone pages (routes with `access: 'member'`): members sign in
 * with their own telephone and password (modules/exam/member-session.ts) and send the
 * token in this header. A member token opens nothing of the console, an admin token
 * nothing of the member routes.
 */
export const MEMBER_TOKEN_HEADER = 'MemberToken'

/**
 * One lookup per request: the rate limiter (which counts a live session by itself and a
 * made-up token against its address) and the route mechanism both ask, and must agree.
 */
const resolved = new WeakMap<FastifyRequest, Promise<number | null>>()

/** Prepared (compiled once, a named statement on PostgreSQL): it runs on every exam call. */
const liveMemberSession = preparedQuery((db, p: QueryParams<{ tokenHash: string; now: number }>) =>
  db.selectFrom('memberSession').select('memberId').where('tokenHash', '=', p.tokenHash).where('expiresAt', '>', p.now),
)

async function lookUp(db: Db, req: FastifyRequest): Promise<number | null> {
  const value = req.headers[MEMBER_TOKEN_HEADER.toLowerCase()]
  const token = Array.isArray(value) ? value[0] : value
  if (!token) return null
  const row = await liveMemberSession.first(db, { tokenHash: sha256Hex(token), now: Date.now() })
  return row?.memberId ?? null
}

/** The member behind the request's live MemberToken, or null (none, made up or expired). */
export function memberOf(db: Db, req: FastifyRequest): Promise<number | null> {
  let member = resolved.get(req)
  if (!member) {
    member = lookUp(db, req)
    resolved.set(req, member)
  }
  return member
}

/** The member of a `member` route: UNAUTHENTICATED (请先登录) without a live session. */
export async function authenticateMember(db: Db, req: FastifyRequest): Promise<number> {
  const member = await memberOf(db, req)
  if (member === null) throw new AppError(ErrorKey.UNAUTHENTICATED, '请先登录')
  return member
}
