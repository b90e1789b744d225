import type { ApiEnvelope } from '../../src-shared/errors'
import { DEFAULT_LOGIN_AES_KEY, encryptLoginPayload } from '../../src-shared/login-crypto'
import type { Captcha, SignedIn } from '../../src-shared/schemas/auth'
import { dataOf } from './envelope'

/** The captcha answer test servers are started with (`captchaTestCode`). */
export const TEST_CAPTCHA_CODE = 'Te5t'

export async function fetchCaptcha(baseUrl: string): Promise<Captcha> {
  return dataOf((await (await fetch(`${baseUrl}/api/captcha`)).json()) as ApiEnvelope<Captcha>)
}

export interface LoginAttempt {
  username: string
  password: string
  /** Defaults to the test code. */
  checkCode?: string
  /** Defaults to a freshly fetched captcha. */
  checkCodeId?: string
  aesKey?: string
  /** Extra request headers (e.g. X-Forwarded-For behind a trusted proxy). */
  headers?: Record<string, string>
}

/** `POST /api/login` as the desktop core sends it; returns the HTTP status and envelope. */
export async function attemptLogin(baseUrl: string, attempt: LoginAttempt): Promise<{ status: number; body: ApiEnvelope<SignedIn> }> {
  const form = {
    username: attempt.username,
    password: attempt.password,
    checkCode: attempt.checkCode ?? TEST_CAPTCHA_CODE,
    checkCodeId: attempt.checkCodeId ?? (await fetchCaptcha(baseUrl)).id,
  }
  const data = encryptLoginPayload(form, attempt.aesKey ?? DEFAULT_LOGIN_AES_KEY)
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...attempt.headers },
    body: JSON.stringify({ data }),
  })
  return { status: response.status, body: (await response.json()) as ApiEnvelope<SignedIn> }
}

/** Signs in and returns the session token; throws with the server's message otherwise. */
export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const { body } = await attemptLogin(baseUrl, { username, password })
  return dataOf(body).token
}

/**
 * The first sign-in of an account another administrator made: its password must be
 * changed before anything else (issue 31), so this signs in with the `given` one and
 * changes it to `chosen`. Returns the session token, which stays signed in.
 */
export async function firstSignIn(baseUrl: string, username: string, given: string, chosen: string): Promise<string> {
  const token = await login(baseUrl, username, given)
  const response = await fetch(`${baseUrl}/api/auth/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify({ oldPassword: given, newPassword: chosen, confirmPassword: chosen }),
  })
  dataOf((await response.json()) as ApiEnvelope<null>)
  return token
}
