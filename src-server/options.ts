import { DEFAULT_LOGIN_AES_KEY } from '../src-shared/login-crypto'
import { DEMO_ADMIN_PASSWORD } from '../src-shared/published-passwords'
import type { PasswordGateSettings } from './auth/password-gate'

/** Everything the platform server is configured with (README: Configuration). */
export interface ServerOptions {
  /** SQLite file path or `sqlite:` URL, or `postgres://…`. */
  databaseUrl: string
  host: string
  /** 0 picks a free port (the embedded server and tests use that). */
  port: number
  uploadDir: string
  loginAesKey: string
  tokenTtlMinutes: number
  /** Initial super-user password on an empty database. */
  adminPassword: string | undefined
  /** Every captcha's answer when set (tests only; refused in production). */
  captchaTestCode: string | undefined
  /** Seed the demo province on an empty database. */
  seedDemo: boolean
  production: boolean
  logger: boolean
  /**
   * Behind reverse proxies or load balancers (TRUST_PROXY=<number of hops>, e.g. 1): take
   * the client address from X-Forwarded-For, trusting only that many proxies in front,
   * so per-address limits count clients, not the proxy, and a client cannot forge its
   * address by sending the header itself. 0 or unset: the socket's address.
   */
  trustProxy?: number
  /**
   * Address members' phones reach this server at (PUBLIC_URL), used in the sign-up and
   * check-in QR codes; without it, the address the request came in on.
   */
  publicUrl?: string
  /**
   * Server processes sharing the port (WORKERS, default 1): Node answers on one core per
   * process, and the server keeps nothing between requests in memory, so several can
   * serve one database (cluster.ts).
   */
  workers: number
  /**
   * Multiplies every per-address rate limit (RATE_LIMIT_SCALE, default 1): e.g. 10 for a
   * test run that signs in hundreds of times a minute from one address.
   */
  rateLimitScale?: number
  /**
   * Seals the secrets the console saves (the SMS provider's keys, settings-key.ts)
   * (SETTINGS_SECRET); unset, a random key kept in `settings.key` beside the upload folder.
   * Servers on several hosts sharing one database must share it.
   */
  settingsSecret?: string
  /** Wait before the first retry of a failed SMS (doubling after each further failure). */
  smsRetryMs?: number
  /**
   * The password checks' queue (auth/password-gate.ts); unset, from the cores and libuv's
   * pool. Tests and benches set a bound and count the hashes.
   */
  passwordGate?: Partial<PasswordGateSettings>
}

export { DEMO_ADMIN_PASSWORD }

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const production = env.NODE_ENV === 'production'
  return {
    databaseUrl: env.DATABASE_URL ?? 'data/platform.sqlite',
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ? Number(env.PORT) : 8686,
    uploadDir: env.UPLOAD_DIR ?? 'data/uploads',
    loginAesKey: env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY,
    tokenTtlMinutes: env.TOKEN_TTL_MINUTES ? Number(env.TOKEN_TTL_MINUTES) : 120,
    adminPassword: env.ADMIN_PASSWORD ?? (production ? undefined : DEMO_ADMIN_PASSWORD),
    captchaTestCode: env.CAPTCHA_TEST_CODE || undefined,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO !== '0' : !production,
    production,
    logger: env.LOG_REQUESTS === '1',
    trustProxy: env.TRUST_PROXY ? Number(env.TRUST_PROXY) : 0,
    publicUrl: env.PUBLIC_URL || undefined,
    workers: env.WORKERS ? Number(env.WORKERS) : 1,
    rateLimitScale: env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1,
    settingsSecret: env.SETTINGS_SECRET || undefined,
  }
}
