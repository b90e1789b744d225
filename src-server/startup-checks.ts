import type { ServerOptions } from './options'

/**
 * Settings the server must refuse to start with, as messages for the operator.
 * Checked by `startServer`, so the embedded server refuses them too.
 */
const MAX_WORKERS = 64

export function startupProblems(options: ServerOptions): string[] {
  const problems: string[] = []
  if (options.production && options.captchaTestCode) {
    problems.push('生产环境（NODE_ENV=production）不允许设置 CAPTCHA_TEST_CODE：它会让任何人绕过验证码')
  }
  if (Buffer.byteLength(options.loginAesKey, 'utf8') !== 16) problems.push('LOGIN_AES_KEY 必须正好 16 个字节')
  if (!Number.isFinite(options.tokenTtlMinutes) || options.tokenTtlMinutes <= 0) problems.push('TOKEN_TTL_MINUTES 必须是正数')
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) problems.push('PORT 必须是 0–65535 的整数')
  if (!Number.isInteger(options.workers) || options.workers < 1 || options.workers > MAX_WORKERS) problems.push(`WORKERS 必须是 1–${MAX_WORKERS} 的整数`)
  return problems
}

export class StartupRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`平台服务拒绝启动：${problems.join('；')}`)
    this.name = 'StartupRefused'
  }
}
