import { createCaptcha } from '../../auth/captcha'
import { signIn } from '../../auth/login'
import { deleteSession } from '../../auth/sessions'
import { tokenOf } from '../../http/authenticate'
import { signedIn, type DomainHandlers } from '../../http/context'
import { userInfoOf } from './queries'

export const authHandlers = {
  'auth.captcha': async (_input, { db, options }) => createCaptcha(db, options.captchaTestCode),

  'auth.login': async ({ data }, { db, options, ip, audit }) => ({
    token: await signIn(db, options, data, ip, (username) => audit.actor(username)),
  }),

  'auth.logout': async (_input, { db, req }) => {
    const token = tokenOf(req)
    if (token) await deleteSession(db, token)
    return null
  },

  'auth.userInfo': async (_input, ctx) => userInfoOf(ctx.db, signedIn(ctx)),
} satisfies DomainHandlers<'auth'>
