import type { Portal } from '../../../src-shared/schemas/portal'

/**
 * The members' portal is read far more often than it changes: its answer is kept for
 * PORTAL_TTL_MS, and a write of news, home pages or carousels in this process forgets it
 * at once (other server processes see the change within the TTL).
 */
export const PORTAL_TTL_MS = 30_000

let cached: { at: number; value: Portal } | null = null

export async function cachedPortal(load: () => Promise<Portal>, now = Date.now()): Promise<Portal> {
  if (cached && now - cached.at < PORTAL_TTL_MS) return cached.value
  const value = await load()
  cached = { at: now, value }
  return value
}

export function forgetPortal(): void {
  cached = null
}
