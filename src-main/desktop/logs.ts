import { join } from 'node:path'
import { inspect } from 'node:util'
import log from 'electron-log/node'

/**
 * Log files of the desktop app, in `logs/` of the data folder: `main.log` (the Electron
 * main process), `core.log` (the desktop core), `server.log` (the embedded server's
 * process). Each rolls over to `<name>.old.log` past MAX_LOG_BYTES, so two files per
 * name at most. Secrets never reach a file: see `redact`.
 */
export const LOG_NAMES = ['main', 'core', 'server'] as const
export type LogName = (typeof LOG_NAMES)[number]
export const MAX_LOG_BYTES = 5 * 1024 * 1024

export function logFolder(dataDir: string): string {
  return join(dataDir, 'logs')
}

const SECRET_KEYS = /(password|pwd|pass|token|secret|loginkey|login_aes_key|loginaeskey|authorization|checkcode)$/i

/**
 * Text with every secret-looking value replaced: `key=value` and `"key":"value"` pairs
 * of password/token/secret keys, the web host's `?s=` page secret, and the login key.
 */
export function redact(text: string): string {
  return text
    .replace(/([?&]s=)[\w-]+/g, '$1***')
    .replace(/("?)([\w-]*(?:password|pwd|token|secret|login_?aes_?key|loginkey)[\w-]*)\1(\s*[:=]\s*)("?)[^\s",&}]+\4/gi, '$1$2$1$3$4***$4')
    .replace(/\b(Token|Authorization):\s*\S+/g, '$1: ***')
}

/** Values as they are written: objects with secret-named keys lose those values, errors keep their stack. */
function safeValue(value: unknown): unknown {
  if (value instanceof Error) return redact(value.stack ?? `${value.name}: ${value.message}`)
  if (typeof value === 'string') return redact(value)
  if (value && typeof value === 'object') {
    const text = inspect(value, { depth: 4, breakLength: Infinity })
    return redact(
      Object.keys(value).some((key) => SECRET_KEYS.test(key))
        ? inspect(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : v])), { depth: 4, breakLength: Infinity })
        : text,
    )
  }
  return value
}

export interface FileLog {
  info(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
  /** The file it writes. */
  file: string
}

/** A logger writing `logs/<name>.log` of the data folder; errors also go to the console. */
export function fileLog(dataDir: string, name: LogName, maxBytes = MAX_LOG_BYTES): FileLog {
  const logger = log.create({ logId: `${name}-${dataDir}` })
  const file = join(logFolder(dataDir), `${name}.log`)
  logger.transports.file.resolvePathFn = () => file
  logger.transports.file.maxSize = maxBytes
  logger.transports.console.level = 'error'
  logger.hooks.push((message) => ({ ...message, data: message.data.map(safeValue) }))
  return {
    info: (message, ...details) => logger.info(message, ...details),
    error: (message, ...details) => logger.error(message, ...details),
    file,
  }
}
