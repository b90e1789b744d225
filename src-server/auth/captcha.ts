import { randomBytes } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Captcha } from '../../src-shared/schemas/auth'
import type { Db } from '../db/types'
import { sha256Hex } from './tokens'

export const CAPTCHA_TTL_MS = 2 * 60 * 1000

/** The picture's size in CSS pixels; the login page shows it at this size. */
export const CAPTCHA_WIDTH = 150
export const CAPTCHA_HEIGHT = 50

/**
 * Four large glyphs in dark greys, far enough apart not to overlap, and one strike line.
 * Capitals and digits only, without the ones the font makes look alike (0 O Q D, 1 I J,
 * 2 Z, 5 S, 8 B, U V): the answer stays case-insensitive. No background: a set one
 * makes svg-captcha colour the glyphs at random, some of them pale.
 */
const CAPTCHA_OPTIONS = {
  size: 4,
  noise: 1,
  charPreset: 'ACEFGHKMNPRTWXY34679',
  width: CAPTCHA_WIDTH,
  height: CAPTCHA_HEIGHT,
  fontSize: 58,
}

/**
 * svg-captcha's font draws hairline strokes; each glyph is outlined in its own colour
 * (its noise lines keep their `stroke` and no `fill`), so the letters read as letters.
 */
function boldGlyphs(svg: string): string {
  return svg.replace(/<path fill="(#[0-9a-fA-F]+)" d=/g, '<path fill="$1" stroke="$1" stroke-width="1.2" d=')
}

/** Answers are case-insensitive; the hash binds the answer to its captcha id. */
function answerHash(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toLowerCase()}`)
}

/**
 * A new captcha, stored (hashed) in the database so any server instance can check it.
 * With a test code configured, that code is the answer whatever the image shows.
 */
export async function createCaptcha(db: Db, testCode: string | undefined, now = Date.now()): Promise<Captcha> {
  const { text, data: thin } = svgCaptcha.create(CAPTCHA_OPTIONS)
  const data = boldGlyphs(thin)
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
