import { AppError, ErrorKey } from '../../src-shared/errors'
import { encryptLoginPayload } from '../../src-shared/login-crypto'
import { LoginFormSchema, type UserInfo } from '../../src-shared/schemas/auth'
import type { ApiClient } from './api-client'
import type { CoreEvents } from './events'
import { parseOrThrow } from './validation'

/** Where the token is kept between launches (a 0600 file, or safeStorage in Electron). */
export interface SecretStore {
  get(): Promise<string | null>
  set(value: string): Promise<void>
  clear(): Promise<void>
}

/**
 * Holds the session token. It lives only here and in the SecretStore: no RPC method
 * returns it, so the renderer never sees it.
 */
export class TokenKeeper {
  private token: string | null = null

  constructor(
    private readonly store: SecretStore,
    private readonly events: CoreEvents,
  ) {}

  async load(): Promise<void> {
    this.token = await this.store.get().catch(() => null)
  }

  current(): string | null {
    return this.token
  }

  async set(token: string): Promise<void> {
    this.token = token
    await this.store.set(token)
  }

  async clear(): Promise<void> {
    this.token = null
    await this.store.clear()
  }

  /**
   * The server refused `sentToken`. Only the token still held counts: an answer to a
   * request sent before a new sign-in, or after sign-out, must not end the new state.
   */
  async rejected(sentToken: string | null, error: AppError): Promise<void> {
    if (!sentToken || sentToken !== this.token) return
    this.token = null
    this.events.emit('session.expired', { message: error.message })
    await this.store.clear().catch(() => undefined)
  }
}

export interface Session {
  login(form: unknown): Promise<UserInfo>
  logout(): Promise<void>
  /** The signed-in account, or null when there is no valid session. */
  current(): Promise<UserInfo | null>
  /** Drops the session without telling the server (the server target changed). */
  forget(): Promise<void>
}

export function createSession(deps: { client: ApiClient; tokens: TokenKeeper; loginAesKey: () => string }): Session {
  const { client, tokens } = deps

  function encrypt(form: unknown): string {
    try {
      return encryptLoginPayload(form, deps.loginAesKey())
    } catch {
      throw new AppError(ErrorKey.INTERNAL, '数据加密失败')
    }
  }

  return {
    async login(input) {
      const form = parseOrThrow(LoginFormSchema, input)
      const { token } = await client.call('auth.login', { data: encrypt(form) })
      await tokens.set(token)
      try {
        return await client.call('auth.userInfo')
      } catch (err) {
        await tokens.clear()
        throw err
      }
    },

    async logout() {
      const token = tokens.current()
      if (!token) return
      // Forget first, so the answer to the sign-out cannot count as an expiry.
      await tokens.clear()
      await client.callRoute('auth.logout', undefined, { token, timeout: 5000 }).catch(() => undefined)
    },

    async current() {
      if (!tokens.current()) return null
      try {
        return await client.call('auth.userInfo')
      } catch (err) {
        if (err instanceof AppError && err.key === ErrorKey.UNAUTHENTICATED) return null
        throw err
      }
    },

    forget: () => tokens.clear(),
  }
}
