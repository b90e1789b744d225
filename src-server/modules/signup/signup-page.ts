import { minutesOf } from '../../../src-shared/date-text'
import { conditionalSignUpFields, selfSignUpOptionFields, selfSignUpRequiredFields } from '../../../src-shared/schemas/signup'
import { arrivalTypes, parseSignUpOptions } from '../../../src-shared/schemas/training-codes'
import { escapeHtml, field, input, phoneScriptTags, signInFields } from './mobile-html'

/**
 * The self sign-up page a training's QR code opens. Anyone may fill it in with the name
 * and telephone of their member record; a member who signs in with their member password
 * (the exam page's session, kept on the phone) finds it filled from their record and may
 * correct what the form asks (issue 32).
 */

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
  /** The host unit's name as members see it (publicTrain: the root's for 其他). */
  hostName: string
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
  return `<section><dl><dt>主办单位</dt><dd id="host">${escapeHtml(t.hostName)}</dd>` +
    `<dt>培训时间</dt><dd>${escapeHtml(minutesOf(t.trainStartTime))} 至 ${escapeHtml(minutesOf(t.trainEndTime))}</dd>` +
    `<dt>培训地点</dt><dd>${escapeHtml(t.site)}</dd>` +
    `<dt>报名时间</dt><dd>${escapeHtml(minutesOf(t.signUpStartTime))} 至 ${escapeHtml(minutesOf(t.signUpEndTime))}</dd></dl></section>`
}

/** Who is signing up: the signed-in member with 切换账号, or the offer to sign in and have the form filled. */
const accountSection =
  `<section><div id="who" hidden><p style="margin-top:0">已登录：<b id="whoName"></b></p><div class="hint" id="filled">以下信息已按党员档案填写，如有变化请修改后提交。</div>` +
  `<button type="button" class="secondary" id="switch">不是本人？切换账号</button></div>` +
  `<details id="signIn"><summary>登录党员账号，自动填写报名信息</summary><form id="login" novalidate>` +
  `${signInFields('login', '与手机考试相同的手机号和党员密码')}<button type="submit">登录并填写</button></form></details>` +
  `<div id="loginResult" role="status"></div></section>`

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
    const link = { trainId: t.id, token }
    return `${head}${example}${notes}${accountSection}<section><form id="f" novalidate>${fields.join('')}<button type="submit">提交报名</button></form>` +
      `<div id="result" role="status"></div></section></main>` +
      phoneScriptTags(nonce, 'signUp', { link, required: selfSignUpRequiredFields(options), success: '报名成功！{name}，请按时参加培训。' })
  }
}
