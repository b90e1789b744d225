/**
 * The wire protocol of the platform API (spec 000 §7): every response is
 * `{code, message, data}` with code 0 for success. Failures also carry `error`,
 * a stable machine key, so clients never have to parse the Chinese message.
 */
export const ErrorKey = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NO_ROLE: 'NO_ROLE',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_INVALID: 'PAYLOAD_INVALID',
  FILE_REJECTED: 'FILE_REJECTED',
  OFFLINE: 'OFFLINE',
  INTERNAL: 'INTERNAL',
} as const
export type ErrorKey = (typeof ErrorKey)[keyof typeof ErrorKey]

/** Numeric `code` sent for each key; also used as the HTTP status. */
export const errorCodeOf: Record<ErrorKey, number> = {
  VALIDATION: 400,
  PAYLOAD_INVALID: 400,
  FILE_REJECTED: 400,
  CAPTCHA_INVALID: 400,
  BAD_CREDENTIALS: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NO_ROLE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  OFFLINE: 503,
  INTERNAL: 500,
}

/** Chinese message used when a failure has nothing more specific to say. */
export const defaultMessageOf: Record<ErrorKey, string> = {
  VALIDATION: '输入有误，请检查后重试',
  PAYLOAD_INVALID: '数据解密失败',
  FILE_REJECTED: '文件不符合要求',
  CAPTCHA_INVALID: '验证码错误或已过期',
  BAD_CREDENTIALS: '用户名或密码错误',
  UNAUTHENTICATED: '登录已过期，请重新登录',
  FORBIDDEN: '没有权限执行此操作',
  NO_ROLE: '当前账号没有操作角色，请联系管理员',
  NOT_FOUND: '数据不存在',
  CONFLICT: '数据冲突',
  RATE_LIMITED: '请求过于频繁，请稍后再试',
  OFFLINE: '无法连接服务器',
  INTERNAL: '服务器内部错误',
}

/** A field-level problem, e.g. `{path: 'telephone', message: '手机号格式错误'}`. */
export interface FieldIssue {
  path: string
  message: string
}

export interface ApiSuccess<T> {
  code: 0
  message: string
  data: T
}

export interface ApiFailure {
  code: number
  message: string
  error: ErrorKey
  /** `retryAfter`: seconds to wait before trying again (a busy sign-in, issue 28; also the Retry-After header). */
  data: { issues?: FieldIssue[]; retryAfter?: number } | null
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure

/**
 * The error every layer throws and every boundary turns into an ApiFailure.
 * It crosses the RPC bridge as plain data (see `toFailure` / `fromFailure`).
 */
export class AppError extends Error {
  readonly key: ErrorKey
  readonly issues: FieldIssue[] | undefined
  readonly retryAfter: number | undefined

  constructor(key: ErrorKey, message?: string, issues?: FieldIssue[], retryAfter?: number) {
    super(message ?? defaultMessageOf[key])
    this.name = 'AppError'
    this.key = key
    this.issues = issues
    this.retryAfter = retryAfter
  }

  get code(): number {
    return errorCodeOf[this.key]
  }
}

export function toFailure(err: AppError): ApiFailure {
  return {
    code: err.code,
    message: err.message,
    error: err.key,
    data: err.issues || err.retryAfter !== undefined ? { ...(err.issues ? { issues: err.issues } : {}), ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}) } : null,
  }
}

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && value in errorCodeOf
}

export function fromFailure(failure: Pick<ApiFailure, 'message' | 'error' | 'data'>): AppError {
  const key = isErrorKey(failure.error) ? failure.error : ErrorKey.INTERNAL
  return new AppError(key, failure.message, failure.data?.issues, failure.data?.retryAfter)
}
