import { ownAdminPassword } from '../src-shared/schemas/system'
import { DEFAULT_LOGIN_AES_KEY } from '../src-shared/login-crypto'
import type { ServerOptions } from './options'

/**
 * Settings the server must refuse to start with, as messages for the operator.
 * Checked by `startServer`, so the embedded server refuses them too.
 */
const MAX_WORKERS = 64
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])

export function startupProblems(options: ServerOptions): string[] {
  const problems: string[] = []
  if (options.production && options.captchaTestCode) {
    problems.push('生产环境（NODE_ENV=production）不允许设置 CAPTCHA_TEST_CODE：它会让任何人绕过验证码')
  }
  // A server only this computer reaches (the desktop's built-in one) links to its own
  // loopback address; one that serves a network must be told the address phones reach.
  if (options.production && !options.publicUrl && !LOOPBACK_HOSTS.has(options.host)) {
    problems.push('生产环境必须设置 PUBLIC_URL（党员手机访问本服务的地址，用于报名与签到二维码），链接不能取自请求头')
  }
  problems.push(...productionProblems(options))
  if (Buffer.byteLength(options.loginAesKey, 'utf8') !== 16) problems.push('LOGIN_AES_KEY 必须正好 16 个字节')
  if (options.settingsSecret !== undefined && options.settingsSecret.length < 16) problems.push('SETTINGS_SECRET 至少 16 个字符：它加密保存在数据库中的短信密钥')
  if (!Number.isFinite(options.tokenTtlMinutes) || options.tokenTtlMinutes <= 0) problems.push('TOKEN_TTL_MINUTES 必须是正数')
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) problems.push('PORT 必须是 0–65535 的整数')
  if (options.trustProxy !== undefined && !(Number.isInteger(options.trustProxy) && options.trustProxy >= 0 && options.trustProxy <= 10)) {
    problems.push('TRUST_PROXY 必须是 0–10 的整数：本服务前面的代理层数')
  }
  if (options.rateLimitScale !== undefined && !(options.rateLimitScale > 0)) problems.push('RATE_LIMIT_SCALE 必须是正数')
  if (!Number.isInteger(options.workers) || options.workers < 1 || options.workers > MAX_WORKERS) problems.push(`WORKERS 必须是 1–${MAX_WORKERS} 的整数`)
  return problems
}

export class StartupRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`平台服务拒绝启动：${problems.join('；')}`)
    this.name = 'StartupRefused'
  }
}

/**
 * What a production server must not run with: the published login key, a weak or
 * published admin password, the demo province with its published passwords.
 */
function productionProblems(options: ServerOptions): string[] {
  if (!options.production) return []
  const problems: string[] = []
  if (options.loginAesKey === DEFAULT_LOGIN_AES_KEY) {
    problems.push('生产环境不允许使用默认的 LOGIN_AES_KEY：请设置自己的 16 字节密钥，并在控制台中填写同一密钥')
  }
  const password = options.adminPassword
  if (password !== undefined && !ownAdminPassword.safeParse(password).success) {
    problems.push('ADMIN_PASSWORD 太弱或是公开的演示密码：须包含大小写字母和数字的组合，长度在6-12之间')
  }
  if (options.seedDemo) problems.push('生产环境不允许 SEED_DEMO：演示账号的密码是公开的')
  return problems
}
