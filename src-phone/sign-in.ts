import type { FieldIssue } from '../src-shared/errors'
import { call, ok } from './call'
import { byId, type Say } from './dom'
import { session } from './session'

/** Writes each issue under its field (`err-<prefix><path>`), the first message kept where a field has two. */
export function markIssues(issues: readonly FieldIssue[] | undefined, prefix = ''): void {
  for (const issue of issues ?? []) {
    const el = document.getElementById(`err-${prefix}${issue.path}`)
    if (el && !el.textContent) el.textContent = issue.message
  }
}

export function clearIssues(form: HTMLElement): void {
  for (const el of form.querySelectorAll('.err')) el.textContent = ''
}

/**
 * The member's sign-in on the check-in and sign-up pages (fields `<prefix>telephone` and
 * `<prefix>password`): checked with the login route's schema (every problem at once, under
 * its field), signs in and keeps the session. True when signed in, else the reason is said.
 */
export async function signIn(form: HTMLFormElement, prefix: string, say: Say): Promise<boolean> {
  const data = new FormData(form)
  const body = { telephone: String(data.get(`${prefix}telephone`) ?? '').trim(), password: String(data.get(`${prefix}password`) ?? '') }
  clearIssues(form)
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]')
  try {
    if (button) button.disabled = true
    say('', '正在登录…')
    const env = await call('memberApp.login', body)
    if (ok(env)) {
      session.keep(env.data)
      say('', '')
      return true
    }
    markIssues(env.data?.issues, prefix)
    say('fail', env.message)
    return false
  } catch (err) {
    say('fail', (err as Error).message)
    return false
  } finally {
    if (button) button.disabled = false
  }
}

/** The 签到人 / 已登录 line: the member's name from the session. */
export const showMemberName = (id: string) => {
  byId(id).textContent = session.name()
}
