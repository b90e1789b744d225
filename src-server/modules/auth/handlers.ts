import { createCaptcha } from '../../auth/captcha'
import { signIn } from '../../auth/login'
import { changeOwnPassword } from '../../auth/own-password'
import { deleteSession } from '../../auth/sessions'
import { tokenOf } from '../../http/authenticate'
import { clientSignal, signedIn, type DomainHandlers } from '../../http/context'
import { userInfoOf } from './queries'

export const authHandlers = {
  'auth.captcha': async (_input, { db, options }) => createCaptcha(db, options.captchaTestCode),

  'auth.login': async ({ data }, { db, options, ip, audit, passwords, reply }) =>
    signIn(db, options, data, { ip, passwords, signal: clientSignal(reply) }, (username) => audit.actor(username)),

  'auth.logout': async (_input, { db, req }) => {
    const token = tokenOf(req)
    if (token) await deleteSession(db, token)
    return null
  },

  'auth.userInfo': async (_input, ctx) => userInfoOf(ctx.db, signedIn(ctx)),

  'auth.password': async (input, ctx) => {
    // The log shows the account changed (its hash redacted), never either password: the route's `record`.
    await changeOwnPassword(ctx.db, signedIn(ctx), ctx.ip, input, tokenOf(ctx.req))
    return null
  },
} satisfies DomainHandlers<'auth'>
