import { AppError, ErrorKey } from '../../src-shared/errors'
import { decryptLoginPayload } from '../../src-shared/login-crypto'
import { LoginFormSchema } from '../../src-shared/schemas/auth'
import type { Db } from '../db/types'
import { zodFailure } from '../http/validation'
import type { ServerOptions } from '../options'
import { consumeCaptcha } from './captcha'
import { assertMayTry, failedAttempt, forgetFailures } from './login-delay'
import type { PasswordGate } from './password-gate'
import { createSession } from './sessions'

/**
 * The sign-in of spec 000 §5/§7: decrypt the payload, check (and spend) the captcha,
 * make a guessing address wait (login-delay.ts; /api/login is also rate-limited per
 * address), then check the password. Returns a new session token and whether the
 * password must be changed first (another administrator set it).
 * `identify` learns the account name typed as soon as it is readable (for the log).
 */
export async function signIn(
  db: Db,
  options: ServerOptions,
  payloadHex: string,
  request: { ip: string; passwords: PasswordGate; signal: AbortSignal },
  identify: (username: string) => void = () => {},
  now = Date.now(),
): Promise<{ token: string; mustChangePassword: boolean }> {
  const decrypted = decryptLoginPayload(payloadHex, options.loginAesKey)
  if (decrypted === undefined) throw new AppError(ErrorKey.PAYLOAD_INVALID)
  const parsed = LoginFormSchema.safeParse(decrypted)
  if (!parsed.success) throw zodFailure(parsed.error.issues)
  const { username, password, checkCode, checkCodeId } = parsed.data
  identify(username)

  if (!(await consumeCaptcha(db, checkCodeId, checkCode, now))) throw new AppError(ErrorKey.CAPTCHA_INVALID)

  const { ip } = request
  await assertMayTry(db, ip, username, now)

  const account = await db.selectFrom('admin').select(['id', 'passwordHash', 'mustRenew']).where('name', '=', username).executeTakeFirst()
  const ok = await request.passwords.verify(password, account?.passwordHash ?? null, request.signal, `admin ${username}`)
  if (!account || !ok) throw await failedAttempt(db, ip, username, now, new AppError(ErrorKey.BAD_CREDENTIALS))
  await forgetFailures(db, ip, username)
  return { token: await createSession(db, account.id, options.tokenTtlMinutes, now), mustChangePassword: account.mustRenew === 1 }
}
