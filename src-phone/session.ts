/**
 * The member's session on this phone, in localStorage: the exam, check-in and sign-up
 * pages share it (one origin, one sign-in).
 */
const KEYS = { token: 'memberToken', name: 'memberName', until: 'memberUntil' } as const

export const session = {
  token: () => localStorage.getItem(KEYS.token),
  name: () => localStorage.getItem(KEYS.name) ?? '',
  /** Until when the session lasts (yyyy-MM-dd HH:mm:ss), or ''. */
  until: () => localStorage.getItem(KEYS.until) ?? '',
  keep(d: { token: string; name: string; validUntil: string }): void {
    localStorage.setItem(KEYS.token, d.token)
    localStorage.setItem(KEYS.name, d.name)
    localStorage.setItem(KEYS.until, d.validUntil)
  },
  forget(): void {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key)
  },
}
