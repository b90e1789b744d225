import { call, ok } from './call'
import { byId, pageData, sayIn } from './dom'
import { session } from './session'
import { showMemberName, signIn } from './sign-in'

/** The check-in page: the signed-in member checks in with one tap; anyone else signs in first. */
export function checkInPage(): void {
  const target = pageData<{ trainId: number; code: string }>()
  const form = byId<HTMLFormElement>('f')
  const who = byId('who')
  const say = sayIn(byId('result'))
  const show = () => {
    who.hidden = !session.token()
    form.hidden = !!session.token()
    showMemberName('whoName')
  }
  const checkIn = async () => {
    say('', '正在签到…')
    try {
      const env = await call('mobile.checkIn', target)
      if (ok(env)) {
        who.hidden = true
        form.hidden = true
        say('ok', env.data.already ? `${env.data.name}，您已于 ${env.data.checkInTime.slice(11, 16)} 签到` : `签到成功！${env.data.name}`)
        return
      }
      if (env.code === 401) {
        session.forget()
        show()
        say('fail', '请先用本人手机号和密码登录')
        return
      }
      say('fail', env.message)
    } catch (err) {
      say('fail', (err as Error).message)
    }
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault()
    if (await signIn(form, '', say)) {
      show()
      await checkIn()
    }
  })
  byId('go').onclick = checkIn
  byId('switch').onclick = () => {
    session.forget()
    show()
    say('', '')
  }
  show()
}
