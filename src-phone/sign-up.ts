import type { FieldIssue } from '../src-shared/errors'
import type { SelfSignUpBody } from '../src-shared/schemas/signup'
import { call, ok } from './call'
import { byId, pageData, sayIn } from './dom'
import { session } from './session'
import { clearIssues, markIssues, signIn } from './sign-in'

interface SignUpPageData {
  link: { trainId: number; token: string }
  /** Each answer the training's options ask for, as the issue it gives when empty. */
  required: FieldIssue[]
  /** Said on success, `{name}` replaced by the member's name. */
  success: string
}

const LOCAL_MINUTE = /^\d{4}-\d\d-\d\dT\d\d:\d\d$/

/** The answers as the route takes them: empty ones left out, a datetime-local value as yyyy-MM-dd HH:mm:ss. */
function answersOf(form: HTMLFormElement, link: SignUpPageData['link']): SelfSignUpBody {
  const body: Record<string, unknown> = { ...link }
  for (const [k, v] of new FormData(form)) if (v !== '') body[k] = typeof v === 'string' && LOCAL_MINUTE.test(v) ? `${v.replace('T', ' ')}:00` : v
  return body as SelfSignUpBody
}

/**
 * The self sign-up page: every empty answer is named at once (the route's schema would
 * name 姓名 and 手机号 before the training's own fields), then the answers are checked
 * with the route's schema and sent. A member signed in is offered their record's values.
 */
export function signUpPage(): void {
  const { link, required, success } = pageData<SignUpPageData>()
  const form = byId<HTMLFormElement>('f')
  const result = byId('result')
  const say = sayIn(result)
  // The summary names the first field in error in form order (the server lists issues in its own order) and the form scrolls to it.
  const showIssues = (issues: readonly FieldIssue[] | undefined, message: string) => {
    markIssues(issues)
    const first = [...form.querySelectorAll('.err')].find((el) => el.textContent)
    say('fail', first?.textContent ?? message)
    if (first) {
      const control = byId(first.id.slice(4))
      control.scrollIntoView({ block: 'center' })
      control.focus({ preventScroll: true })
    }
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault()
    const data = new FormData(form)
    clearIssues(form)
    const missing = required.filter((r) => !String(data.get(r.path) ?? '').trim())
    if (missing.length > 0) return showIssues(missing, missing[0].message)
    const button = form.querySelector('button')!
    button.disabled = true
    say('', '正在提交…')
    try {
      const env = await call('mobile.signUp', answersOf(form, link))
      if (ok(env)) {
        say('ok', success.replace('{name}', env.data.name))
        button.remove()
        return
      }
      showIssues(env.data?.issues, env.message)
    } catch (err) {
      say('fail', (err as Error).message)
    }
    button.disabled = false
  })
  prefill(form, link, say)
}

const IDENTITY = ['name', 'telephone'] as const

/**
 * The signed-in member's record in the form: name and telephone, which say who signs up,
 * are kept as proven; the rest may be corrected. A member signed up already is told so
 * instead of being handed the form. 切换账号 forgets the session and empties the form.
 */
function prefill(form: HTMLFormElement, link: SignUpPageData['link'], say: ReturnType<typeof sayIn>): void {
  const who = byId('who')
  const offer = byId('signIn')
  const login = byId<HTMLFormElement>('login')
  const sayLogin = sayIn(byId('loginResult'))
  const control = (k: string) => form.elements.namedItem(k) as HTMLInputElement | null
  const signedOut = () => {
    who.hidden = true
    offer.hidden = false
    form.hidden = false
    for (const k of IDENTITY) control(k)!.readOnly = false
  }
  const fill = async () => {
    if (!session.token()) return signedOut()
    let env
    try {
      env = await call('mobile.signUpPrefill', link)
    } catch (err) {
      signedOut()
      return sayLogin('fail', (err as Error).message)
    }
    if (env.code === 401) {
      session.forget()
      return signedOut()
    }
    if (!ok(env)) {
      signedOut()
      return sayLogin('fail', env.message)
    }
    const me = env.data
    who.hidden = false
    offer.hidden = true
    byId('whoName').textContent = me.name
    byId('filled').hidden = me.signedUp
    if (me.signedUp) {
      form.hidden = true
      return say('ok', '您已报名此培训班，请按时参加培训。')
    }
    for (const [k, v] of Object.entries(me)) {
      const el = control(k)
      if (el && v !== null && v !== undefined) el.value = String(v)
    }
    for (const k of IDENTITY) control(k)!.readOnly = true
  }
  login.addEventListener('submit', async (e) => {
    e.preventDefault()
    if (await signIn(login, 'login', sayLogin)) {
      login.reset()
      await fill()
    }
  })
  byId('switch').onclick = () => {
    session.forget()
    form.reset()
    say('', '')
    signedOut()
  }
  void fill()
}
