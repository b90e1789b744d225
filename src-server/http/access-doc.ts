import type { Access } from '../../src-shared/contract'
import { TOKEN_HEADER } from './authenticate'
import { MEMBER_TOKEN_HEADER } from './member-auth'

/** The OpenAPI security schemes (docs.ts): the console's session and the member's own. */
export const SECURITY_SCHEMES = {
  token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: '控制台登录（POST /api/login）返回的令牌' },
  memberToken: { type: 'apiKey', in: 'header', name: MEMBER_TOKEN_HEADER, description: '党员在手机页面登录（POST /api/m/login）返回的令牌' },
} as const

type Security = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>[]

/** What the API description says a route needs, and the header that carries it. */
export function accessDoc(access: Access): { description: string; security?: Security } {
  if (access === 'public') return { description: '无需登录' }
  if (access === 'member') return { description: '需要党员登录', security: [{ memberToken: [] }] }
  return { description: access === 'login' ? '需要登录' : `需要权限 ${[access].flat().join(' 或 ')}`, security: [{ token: [] }] }
}
