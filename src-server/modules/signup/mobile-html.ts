import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { MOBILE_MISSING } from '../../../src-shared/schemas/identity'

/**
 * Server-rendered pages members open on their phones from a QR code: plain HTML, a
 * little inline script (allowed by a per-response nonce), no console login (check-in
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

/**
 * Where the phone pages keep the member's session (exam, check-in and sign-up pages
 * share it: one origin, one sign-in).
 */
const MEMBER_STORAGE = { token: 'memberToken', name: 'memberName', until: 'memberUntil' } as const

/** What every phone page says when the server cannot be reached (issue 32: never the browser's "Failed to fetch"). */
export const NETWORK_DOWN = '网络未连接，请检查网络后重试'

/**
 * The phone pages' shared script: the member's session in localStorage (`token`,
 * `keepSession`, `forgetSession`) and `send`, the one way they call the server. It answers
 * the server's envelope, or throws a Chinese message: NETWORK_DOWN when nothing answers,
 * the HTTP status when something that is not the server answers (a proxy's error page).
 */
export const PHONE_SCRIPT = `const KEYS=${JSON.stringify(MEMBER_STORAGE)};let token=localStorage.getItem(KEYS.token);
function keepSession(d){token=d.token;localStorage.setItem(KEYS.token,d.token);localStorage.setItem(KEYS.name,d.name);localStorage.setItem(KEYS.until,d.validUntil)}
function forgetSession(){token=null;for(const k of Object.values(KEYS))localStorage.removeItem(k)}
async function send(method,path,body){let r;
 try{r=await fetch(path,{method,headers:{'Content-Type':'application/json',...(token?{MemberToken:token}:{})},body:body===undefined?undefined:JSON.stringify(body)});return await r.json()}
 catch{throw new Error(r?'服务器暂时无法访问（HTTP '+r.status+'），请稍后重试':${JSON.stringify(NETWORK_DOWN)})}}`

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
 * `signIn(form,prefix,say)`: checks the sign-in fields (every empty one at once, under its
 * field), signs in, keeps the session; true when signed in, else the reason is said.
 * Needs PHONE_SCRIPT before it.
 */
export const SIGN_IN_SCRIPT = `async function signIn(form,prefix,say){const data=new FormData(form),body={telephone:String(data.get(prefix+'telephone')||'').trim(),password:String(data.get(prefix+'password')||'')};
 for(const el of form.querySelectorAll('.err'))el.textContent='';
 const missing=[['telephone',${JSON.stringify(MOBILE_MISSING)}],['password','请输入密码']].filter(([k])=>!body[k]);
 for(const [k,m] of missing)document.getElementById('err-'+prefix+k).textContent=m;
 if(missing.length>0){say('fail',missing[0][1]);return false}
 const button=form.querySelector('button[type=submit]');button.disabled=true;say('','正在登录…');
 try{const env=await send('POST','/api/m/login',body);
  if(env.code===0){keepSession(env.data);say('','');return true}
  for(const i of (env.data&&env.data.issues)||[]){const el=document.getElementById('err-'+prefix+i.path);if(el)el.textContent=i.message}
  say('fail',env.message);return false}
 catch(err){say('fail',err.message);return false}
 finally{button.disabled=false}}`

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
    `<script nonce="${nonce}">
${PHONE_SCRIPT}
${SIGN_IN_SCRIPT}
const form=document.getElementById('f'),who=document.getElementById('who'),result=document.getElementById('result'),target=${JSON.stringify({ trainId: t.id, code })};
function say(kind,text){result.className=kind;result.textContent=text}
function show(){who.hidden=!token;form.hidden=!!token;document.getElementById('whoName').textContent=localStorage.getItem(KEYS.name)||''}
async function checkIn(){say('','正在签到…');
 try{const env=await send('POST','/api/m/checkin',target);
  if(env.code===0){who.hidden=true;form.hidden=true;say('ok',env.data.already?env.data.name+'，您已于 '+env.data.checkInTime.slice(11,16)+' 签到':'签到成功！'+env.data.name);return}
  if(env.code===401){forgetSession();show();say('fail','请先用本人手机号和密码登录');return}
  say('fail',env.message)}catch(err){say('fail',err.message)}}
form.addEventListener('submit',async(e)=>{e.preventDefault();if(await signIn(form,'',say)){show();await checkIn()}});
document.getElementById('go').onclick=checkIn;document.getElementById('switch').onclick=()=>{forgetSession();show();say('','')};
show();
</script>`
}
