import { z } from 'zod'

/**
 * The words for a problem a schema leaves unworded: short and in the user's terms,
 * never zod's own text (「无效输入：期望 数字，实际接收 undefined」 names types, not
 * fields). Every field of a form names its own message in its schema — the generated
 * test tests/unit/field-messages.test.ts holds every write route's body to that —;
 * this is the floor under anything else (filters, queries, nested rows).
 */
export function fallbackMessage(issue: z.core.$ZodRawIssue): string {
  const missing = issue.input === undefined || issue.input === null || issue.input === ''
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union':
      return missing ? '请填写此项' : '格式不正确'
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '请填写此项' : `不能少于 ${issue.minimum} 个字`
      if (issue.origin === 'array' || issue.origin === 'set') return `至少选择 ${issue.minimum} 项`
      return `不能小于 ${issue.minimum}`
    case 'too_big':
      if (issue.origin === 'string') return `最多 ${issue.maximum} 个字`
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${issue.maximum} 项`
      return `不能大于 ${issue.maximum}`
    case 'invalid_value':
      return '请选择有效的选项'
    case 'unrecognized_keys':
      return '包含无法识别的字段'
    default:
      return '格式不正确'
  }
}

/**
 * Installs the fallback once per process (server, renderer, core): zod consults the
 * global configuration only after a schema's own message, and a configuration set once
 * costs nothing per parse — unlike an error map passed to every `safeParse`.
 */
export function installFallbackMessages(): void {
  z.config({ customError: fallbackMessage })
}
