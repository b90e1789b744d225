import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { phoneRoutes } from '../../../src-shared/routes/phone'
import { phoneScript } from '../phone/script'

/**
 * Server-rendered pages members open on their phones from a QR code: plain HTML and the
 * phone bundle's script (allowed by a per-response nonce), no console login (check-in
 * signs the member in with their own session). Every value from the database goes
 * through `escapeHtml`.
 */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

// [hidden] wins over the pages' own display rules (the exam page's flex status bar
// stayed visible on the sign-in screen otherwise).
const STYLE = `
[hidden]{display:none!important}
body{margin:0;font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#222}
header{background:#c00;color:#fff;padding:16px}header h1{font-size:19px;margin:0}header p{margin:4px 0 0;font-size:13px;opacity:.9}
main{padding:12px}section{background:#fff;border-radius:8px;padding:12px;margin-bottom:12px}
label{display:block;margin:10px 0 4px;font-weight:600}label .req{color:#c00}
input,select{box-sizing:border-box;width:100%;padding:10px;font-size:16px;border:1px solid #ccc;border-radius:6px;background:#fff}
.hint{font-size:13px;color:#666;white-space:pre-wrap}.err{color:#c00;font-size:13px;min-height:1em}
button{width:100%;padding:12px;font-size:17px;border:0;border-radius:6px;background:#c00;color:#fff;margin-top:12px}
button:disabled{opacity:.6}button.secondary{background:#fff;color:#c00;border:1px solid #c00}#result{margin-top:12px;font-weight:600}#result.ok{color:#080}#result.fail{color:#c00}
dl{margin:0}dt{color:#666;font-size:13px}dd{margin:0 0 6px}
input[readonly]{background:#f0f0f0;color:#555}summary{color:#c00;font-weight:600;cursor:pointer;padding:4px 0}`

/** Sends a complete page with a CSP that allows only its own inline script. */
export function sendPage(reply: FastifyReply, status: number, title: string, body: (nonce: string) => string): FastifyReply {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,"><style>${STYLE}</style></head><body>${body(nonce)}</body></html>`
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'`)
    .send(html)
}

/** A page that only says something (invalid link, closed sign-up …). */
export function sendNotice(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendPage(reply, status, title, () => `<header><h1>${escapeHtml(title)}</h1></header><main><section><p>${escapeHtml(message)}</p></section></main>`)
}

export function field(name: string, label: string, required: boolean, control: string, hint?: string | null): string {
  return `<label for="${name}">${escapeHtml(label)}${required ? '<span class="req"> *</span>' : ''}</label>${control}` +
    (hint ? `<div class="hint">${escapeHtml(hint)}</div>` : '') + `<div class="err" id="err-${name}"></div>`
}

export const input = (name: string, type = 'text', extra = '') => `<input id="${name}" name="${name}" type="${type}" ${extra}>`

/** Which script of the phone bundle (src-phone/main.ts) runs a page. */
export type PhonePage = 'checkIn' | 'signUp' | 'exam'

/**
 * The phone bundle's script tag (/m/phone.js at its version, allowed by the page's nonce)
 * after the page's values as JSON: the script names its routes from the contract, the page
 * only says which page it is and hands over what the server knows (training, code, link).
 */
export function phoneScriptTags(nonce: string, page: PhonePage, data: Record<string, unknown> = {}): string {
  const json = JSON.stringify({ page, ...data }).replace(/</g, '\\u003c')
  const version = phoneScript()?.version
  const src = phoneRoutes['phone.script'].path + (version ? `?v=${version}` : '')
  return `<script type="application/json" id="phone-data">${json}</script><script nonce="${nonce}" src="${src}"></script>`
}

/**
 * The member's sign-in on the check-in and sign-up pages: 手机号 and 密码 (the exam page's
 * member password), their ids prefixed by `prefix` so that they can sit beside a form of
 * their own (the sign-up form has a 手机号 too).
 */
export function signInFields(prefix: string, hint: string): string {
  return field(`${prefix}telephone`, '手机号', true, input(`${prefix}telephone`, 'tel', 'maxlength="11" inputmode="numeric" autocomplete="tel"')) +
    field(`${prefix}password`, '密码', true, input(`${prefix}password`, 'password', 'maxlength="64" autocomplete="current-password"'), hint)
}

/**
 * The check-in page of a valid code inside an open sign-in window. The member proves who
 * they are with their own telephone and member password (the exam page's sign-in and
 * session, docs/decisions.md): the code on the screen plus a number proves nothing, and
 * no answer names anyone or tells whether a number signed up before that.
 */
export function checkInPageBody(t: { id: number; name: string; site: string }, code: string, window: { signInStartTime: string; signInEndTime: string }) {
  return (nonce: string) =>
    `<header><h1>${escapeHtml(t.name)}</h1><p>培训签到</p></header><main><section>` +
    `<dl><dt>签到地点</dt><dd>${escapeHtml(t.site)}</dd><dt>签到时间</dt><dd>${escapeHtml(window.signInStartTime.slice(11, 16))} 至 ${escapeHtml(window.signInEndTime.slice(11, 16))}</dd></dl>` +
    `<div id="who" hidden><p>签到人：<b id="whoName"></b></p><button type="button" id="go">签到</button>` +
    `<button type="button" class="secondary" id="switch">不是本人？切换账号</button></div>` +
    `<form id="f" novalidate hidden>${signInFields('', '请用本人手机号和党员密码（与手机考试相同）登录后签到；签到码一分钟内有效，过期请重新扫描大屏上的二维码')}` +
    `<button type="submit">登录并签到</button></form><div id="result" role="status"></div></section></main>` +
    phoneScriptTags(nonce, 'checkIn', { trainId: t.id, code })
}
