import type { FastifyRequest } from 'fastify'
import type { AuthUser } from '../auth/auth-user'
import { sessionUser } from '../auth/sessions'
import type { Db } from '../db/types'

/** The header the spec's clients send the token in. */
export const TOKEN_HEADER = 'Token'

export function tokenOf(req: FastifyRequest): string | undefined {
  const value = req.headers[TOKEN_HEADER.toLowerCase()]
  const token = Array.isArray(value) ? value[0] : value
  return token ? token.trim() : undefined
}

/** The account behind the request's token (extending its session), or null. */
export async function authenticate(db: Db, req: FastifyRequest, ttlMinutes: number): Promise<AuthUser | null> {
  const token = tokenOf(req)
  if (!token) return null
  return sessionUser(db, token, ttlMinutes)
}
