import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { minutesOf } from '../../../src-shared/date-text'
import { MOBILE_MISSING } from '../../../src-shared/schemas/identity'
import type { FieldIssue } from '../../../src-shared/errors'
import { conditionalSignUpFields, selfSignUpOptionFields, selfSignUpRequiredFields } from '../../../src-shared/schemas/signup'
import { arrivalTypes, parseSignUpOptions } from '../../../src-shared/schemas/training-codes'

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
dl{margin:0}dt{color:#666;font-size:13px}dd{margin:0 0 6px}`

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

/**
 * Posts the form as JSON to `action` and shows the server's message; field problems
 * go under their fields, and the message is the first of them. `required` (each answer
 * as the issue it gives when empty) is checked before posting, all at once. `extra` is merged
 * into the body (training id, token, code).
 */
function submitScript(nonce: string, action: string, extra: Record<string, string | number>, required: readonly FieldIssue[], success: string): string {
  return `<script nonce="${nonce}">
const form=document.getElementById('f'),result=document.getElementById('result'),required=${JSON.stringify(required)};
// The summary names the first field in error in form order (the server lists issues in its own order) and the form scrolls to it.
function showIssues(issues,message){for(const i of issues){const el=document.getElementById('err-'+i.path);if(el&&!el.textContent)el.textContent=i.message}
 const first=[...form.querySelectorAll('.err')].find((el)=>el.textContent);
 result.className='fail';result.textContent=first?first.textContent:message;
 if(first){const control=document.getElementById(first.id.slice(4));control.scrollIntoView({block:'center'});control.focus({preventScroll:true})}}
form.addEventListener('submit',async(e)=>{e.preventDefault();
 const data=new FormData(form),body=${JSON.stringify(extra)};for(const [k,v] of data){if(v!=='')body[k]=/^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d$/.test(v)?v.replace('T',' ')+':00':v}
 for(const el of form.querySelectorAll('.err'))el.textContent='';
 // Every empty answer at once: the server's schema would name 姓名 and 手机号 before the training's own fields.
 const missing=required.filter((r)=>!String(data.get(r.path)??'').trim());
 if(missing.length>0){showIssues(missing,missing[0].message);return}
 const button=form.querySelector('button');button.disabled=true;result.className='';result.textContent='正在提交…';
 try{const r=await fetch(${JSON.stringify(action)},{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)});
  const env=await r.json();
  if(env.code===0){result.className='ok';result.textContent=${JSON.stringify(success)}.replace('{name}',env.data.name);form.querySelector('button').remove();return}
  showIssues((env.data&&env.data.issues)||[],env.message);
 }catch{result.className='fail';result.textContent='网络错误，请稍后重试'}
 button.disabled=false});
</script>`
}

function field(name: string, label: string, required: boolean, control: string, hint?: string | null): string {
  return `<label for="${name}">${escapeHtml(label)}${required ? '<span class="req"> *</span>' : ''}</label>${control}` +
    (hint ? `<div class="hint">${escapeHtml(hint)}</div>` : '') + `<div class="err" id="err-${name}"></div>`
}

const input = (name: string, type = 'text', extra = '') => `<input id="${name}" name="${name}" type="${type}" ${extra}>`
const select = (name: string, options: readonly (readonly [string, string])[]) =>
  `<select id="${name}" name="${name}"><option value="">请选择</option>${options.map(([v, l]) => `<option value="${escapeHtml(v)}">${escapeHtml(l)}</option>`).join('')}</select>`
const yesNo = (name: string) => select(name, [['1', '是'], ['0', '否']])

const identityLabels: Record<(typeof selfSignUpOptionFields)[number]['field'], [string, () => string]> = {
  gender: ['性别', () => select('gender', [['1', '男'], ['0', '女']])],
  company: ['单位', () => input('company', 'text', 'maxlength="100"')],
  department: ['部门', () => input('department', 'text', 'maxlength="100"')],
  jobs: ['职务', () => input('jobs', 'text', 'maxlength="100"')],
  partyJobs: ['党政职务', () => input('partyJobs', 'text', 'maxlength="100"')],
  cardsNumber: ['身份证号', () => input('cardsNumber', 'text', 'maxlength="18"')],
}

const conferenceControls: Record<string, [string, () => string]> = {
  arrivalType: ['到达方式', () => select('arrivalType', arrivalTypes.map((a) => [a, a] as const))],
  arrivalTime: ['到达时间', () => input('arrivalTime', 'datetime-local', 'step="60"')],
  needFocusDriver: ['是否需要集中接送', () => yesNo('needFocusDriver')],
  needRoom: ['是否需要住宿', () => yesNo('needRoom')],
  traffic: ['车次或航班号', () => input('traffic', 'text', 'maxlength="50"')],
  needReception: ['是否需要接站', () => yesNo('needReception')],
  needSeeOff: ['是否需要送站', () => yesNo('needSeeOff')],
  withCar: ['是否自带车辆', () => yesNo('withCar')],
  needDriverRoom: ['驾驶员是否需要住宿', () => yesNo('needDriverRoom')],
}

export interface SignUpPageTrain {
  id: number
  name: string
  depName: string
  trainStartTime: string
  trainEndTime: string
  site: string
  signUpStartTime: string
  signUpEndTime: string
  signUpOptions: string
  signUpTips: string | null
  signUpTips2: string | null
  signUpTips3: string | null
}

function trainSummary(t: SignUpPageTrain): string {
  return `<section><dl><dt>主办单位</dt><dd>${escapeHtml(t.depName)}</dd>` +
    `<dt>培训时间</dt><dd>${escapeHtml(minutesOf(t.trainStartTime))} 至 ${escapeHtml(minutesOf(t.trainEndTime))}</dd>` +
    `<dt>培训地点</dt><dd>${escapeHtml(t.site)}</dd>` +
    `<dt>报名时间</dt><dd>${escapeHtml(minutesOf(t.signUpStartTime))} 至 ${escapeHtml(minutesOf(t.signUpEndTime))}</dd></dl></section>`
}

/** The self sign-up form, its fields chosen by the training's sign-up options. */
export function signUpPageBody(t: SignUpPageTrain, token: string, closedReason: string | null) {
  return (nonce: string) => {
    const options = parseSignUpOptions(t.signUpOptions)
    const identity = selfSignUpOptionFields.filter((f) => options.includes(f.option))
    const conference = conditionalSignUpFields.filter((f) => options.includes(f.option))
    const head = `<header><h1>${escapeHtml(t.name)}</h1><p>培训报名</p></header><main>${trainSummary(t)}`
    if (closedReason) return `${head}<section><p id="result" class="fail">${escapeHtml(closedReason)}</p></section></main>`
    const fields = [
      field('name', '姓名', true, input('name', 'text', 'maxlength="50" autocomplete="name"')),
      field('telephone', '手机号', true, input('telephone', 'tel', 'maxlength="11" inputmode="numeric" autocomplete="tel"'), '请填写在党员信息中登记的姓名与手机号'),
      ...identity.map((f) => field(f.field, identityLabels[f.field][0], true, identityLabels[f.field][1](), f.field === 'partyJobs' ? t.signUpTips : null)),
      options.includes(4) ? '<div class="hint">所在组织以党员信息中登记的组织为准。</div>' : '',
      ...conference.map((f) => field(f.field, conferenceControls[f.field][0], true, conferenceControls[f.field][1]())),
      field('marks', '备注', false, input('marks', 'text', 'maxlength="500"')),
    ]
    const example = options.includes(99) && t.signUpTips2 ? `<section><div class="hint"><b>填写示例：</b>${escapeHtml(t.signUpTips2)}</div></section>` : ''
    const notes = t.signUpTips3 ? `<section><div class="hint">${escapeHtml(t.signUpTips3)}</div></section>` : ''
    return `${head}${example}${notes}<section><form id="f" novalidate>${fields.join('')}<button type="submit">提交报名</button></form>` +
      `<div id="result" role="status"></div></section></main>` +
      submitScript(nonce, '/api/m/signup', { trainId: t.id, token }, selfSignUpRequiredFields(options), '报名成功！{name}，请按时参加培训。')
  }
}

/**
 * Where the phone pages keep the member's session (exam page and check-in page share it:
 * one origin, one sign-in).
 */
export const MEMBER_STORAGE = { token: 'memberToken', name: 'memberName', until: 'memberUntil' } as const

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
    `<form id="f" novalidate hidden>${field('telephone', '手机号', true, input('telephone', 'tel', 'maxlength="11" inputmode="numeric" autocomplete="tel"'))}` +
    field('password', '密码', true, input('password', 'password', 'maxlength="64" autocomplete="current-password"'), '请用本人手机号和党员密码（与手机考试相同）登录后签到；签到码一分钟内有效，过期请重新扫描大屏上的二维码') +
    `<button type="submit">登录并签到</button></form><div id="result" role="status"></div></section></main>` +
    `<script nonce="${nonce}">
const form=document.getElementById('f'),who=document.getElementById('who'),result=document.getElementById('result'),KEYS=${JSON.stringify(MEMBER_STORAGE)},target=${JSON.stringify({ trainId: t.id, code })};
let token=localStorage.getItem(KEYS.token);
function say(kind,text){result.className=kind;result.textContent=text}
function show(){who.hidden=!token;form.hidden=!!token;document.getElementById('whoName').textContent=localStorage.getItem(KEYS.name)||''}
function signOut(){token=null;localStorage.removeItem(KEYS.token);localStorage.removeItem(KEYS.name);localStorage.removeItem(KEYS.until);show()}
async function post(path,body){const r=await fetch(path,{method:'POST',headers:{'Content-Type':'application/json',...(token?{MemberToken:token}:{})},body:JSON.stringify(body)});return r.json()}
async function checkIn(){say('','正在签到…');
 try{const env=await post('/api/m/checkin',target);
  if(env.code===0){who.hidden=true;form.hidden=true;say('ok',env.data.already?env.data.name+'，您已于 '+env.data.checkInTime.slice(11,16)+' 签到':'签到成功！'+env.data.name);return}
  if(env.code===401){signOut();say('fail','请先用本人手机号和密码登录');return}
  say('fail',env.message)}catch{say('fail','网络错误，请稍后重试')}}
form.addEventListener('submit',async(e)=>{e.preventDefault();const data=new FormData(form),body={telephone:String(data.get('telephone')).trim(),password:String(data.get('password'))};
 for(const el of form.querySelectorAll('.err'))el.textContent='';
 const missing=[['telephone',${JSON.stringify(MOBILE_MISSING)}],['password','请输入密码']].filter(([k])=>!body[k]);
 for(const [k,m] of missing)document.getElementById('err-'+k).textContent=m;
 if(missing.length>0){say('fail',missing[0][1]);return}
 const button=form.querySelector('button');button.disabled=true;say('','正在登录…');
 try{const env=await post('/api/m/login',body);
  if(env.code===0){token=env.data.token;localStorage.setItem(KEYS.token,token);localStorage.setItem(KEYS.name,env.data.name);show();await checkIn()}
  else{for(const i of (env.data&&env.data.issues)||[]){const el=document.getElementById('err-'+i.path);if(el)el.textContent=i.message}say('fail',env.message)}
 }catch{say('fail','网络错误，请稍后重试')}
 button.disabled=false});
document.getElementById('go').onclick=checkIn;document.getElementById('switch').onclick=()=>{signOut();say('','')};
show();
</script>`
}
