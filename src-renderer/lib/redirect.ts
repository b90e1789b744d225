/** Error pages are never a place to come back to after signing in (spec 000 §2). */
const ERROR_PAGES = new Set(['/400', '/401', '/402', '/403', '/404', '/login'])

/** Where to go after signing in: the `redirect` query value if it is an in-app path, else `/`. */
export function redirectTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/'
  const path = redirect.split(/[?#]/)[0]
  return ERROR_PAGES.has(path) ? '/' : redirect
}

/** The login page, asked to come back to `from` afterwards. */
export function loginPathFrom(from: string): string {
  return `/login?redirect=${encodeURIComponent(from)}`
}
