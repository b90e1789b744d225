/**
 * The demo accounts' passwords, published in the README so anyone can try the demo
 * province. They are the one list of passwords a real installation must never use:
 * the first-run form refuses them (ownAdminPassword in schemas/system.ts) and a
 * production server refuses to start with one as ADMIN_PASSWORD (startup-checks.ts).
 * No imports: the main process loads this through src-server/options.ts at start.
 */
export const DEMO_PASSWORDS = {
  admin: 'Admin@123',
  orgadmin: 'Org@1234',
  norole: 'NoRole@123',
} as const

export const DEMO_ADMIN_PASSWORD = DEMO_PASSWORDS.admin

export const PUBLISHED_PASSWORD_MESSAGE = '这是公开的演示密码，任何人都能用它登录，请设置一个只有您知道的密码'

export function isPublishedPassword(password: string): boolean {
  return Object.values<string>(DEMO_PASSWORDS).includes(password)
}
