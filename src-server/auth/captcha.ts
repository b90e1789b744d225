import { randomBytes } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Captcha } from '../../src-shared/schemas/auth'
import type { Db } from '../db/types'
import { sha256Hex } from './tokens'

export const CAPTCHA_TTL_MS = 2 * 60 * 1000

// Characters that look alike in the distorted font are left out.
const CAPTCHA_OPTIONS = { size: 4, noise: 2, ignoreChars: '0oO1iIlL', width: 120, height: 40, background: '#f3f6fb' }

/** Answers are case-insensitive; the hash binds the answer to its captcha id. */
function answerHash(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toLowerCase()}`)
}

/**
 * A new captcha, stored (hashed) in the database so any server instance can check it.
 * With a test code configured, that code is the answer whatever the image shows.
 */
export async function createCaptcha(db: Db, testCode: string | undefined, now = Date.now()): Promise<Captcha> {
  const { text, data } = svgCaptcha.create(CAPTCHA_OPTIONS)
  const id = randomBytes(16).toString('hex')
  // Expired captchas are swept here: their number stays bounded by the request rate.
  await db.deleteFrom('captcha').where('expiresAt', '<', now).execute()
  await db.insertInto('captcha').values({ id, answerHash: answerHash(id, testCode ?? text), expiresAt: now + CAPTCHA_TTL_MS }).execute()
  return { id, img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` }
}

/**
 * Deletes the captcha and tells whether the answer was right and in time. Deleting
 * first makes every captcha single-use, whatever the outcome.
 */
export async function consumeCaptcha(db: Db, id: string, answer: string, now = Date.now()): Promise<boolean> {
  const row = await db.deleteFrom('captcha').where('id', '=', id).returning(['answerHash', 'expiresAt']).executeTakeFirst()
  return !!row && row.expiresAt > now && row.answerHash === answerHash(id, answer)
}
