import { api, isRefusal, whenSignedOut } from './exam-api'
import { byId, esc } from './dom'
import { session } from './session'
import { flush, leave, showReview, showSync, start } from './sitting'

/**
 * The member's exam page (`/m/exam`): sign-in with telephone and password (the session lasts
 * through the day of the member's last exam ahead), the member's exams and questionnaires,
 * the sitting (sitting.ts) and course comments.
 */
const app = () => byId('app')
const heading = () => document.querySelector('header h1')!

function signOut(): void {
  session.forget()
  showLogin('')
}

function showLogin(message: string): void {
  leave()
  byId('bar').hidden = true
  byId('who').textContent = ''
  app().innerHTML = '<section><form id="login" novalidate><label for="telephone">手机号</label><input id="telephone" name="telephone" type="tel" maxlength="11" inputmode="numeric" autocomplete="tel"><label for="password">密码</label><input id="password" name="password" type="password" autocomplete="current-password"><button type="submit">登录</button></form>' +
    `<div id="result" class="fail" role="alert">${esc(message)}</div></section>`
  byId<HTMLFormElement>('login').addEventListener('submit', async (e) => {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const f = new FormData(form)
    const button = form.querySelector('button')!
    if (button.disabled) return
    button.disabled = true
    try {
      session.keep(await signIn({ telephone: String(f.get('telephone') ?? ''), password: String(f.get('password') ?? '') }))
      await showList()
    } catch (err) {
      const result = byId('result')
      result.className = 'fail'
      result.textContent = (err as Error).message
    } finally {
      button.disabled = false
    }
  })
}

// A busy server says when to come back: wait that long (spread at random, so a hall does not return at one instant), counting down, and try again.
async function signIn(body: { telephone: string; password: string }) {
  // Progress and the busy wait are no failure: said in the page's plain colour, not the error's red.
  const say = (text: string) => {
    const r = document.getElementById('result')
    if (!r) return
    r.className = ''
    r.textContent = text
  }
  for (;;) {
    // What the last try said (网络未连接…) is not what this one is doing.
    say('正在登录…')
    try {
      return await api('memberApp.login', body)
    } catch (err) {
      if (!isRefusal(err) || !err.retryAfter) throw err
      for (let left = Math.ceil(err.retryAfter * (0.5 + Math.random())); left > 0; left--) {
        say(`${err.message}，${left} 秒后自动重试…`)
        await new Promise((r) => setTimeout(r, 1000))
      }
    }
  }
}

function failed(err: unknown, retry: () => void, label: string): void {
  app().innerHTML = `<section><p class="fail">${esc((err as Error).message)}</p><button id="${label}">${label === 'retry' ? '重试' : '返回'}</button></section>`
  byId(label).onclick = retry
}

async function showList(): Promise<void> {
  leave()
  byId('bar').hidden = true
  heading().textContent = '在线考试'
  const until = session.until()
  byId('who').textContent = session.name() + (until ? `（本机登录有效至 ${until.slice(0, 16)}，考试当天无需再登录）` : '')
  let list
  try {
    list = await api('memberApp.exams')
  } catch (err) {
    if (session.token()) failed(err, () => void showList(), 'retry')
    return
  }
  app().innerHTML = (list.length ? '' : '<section><p>还没有数据</p></section>') + list.map((x) =>
    `<div class="card"><h2>${esc(x.title)}${x.isMakeUp ? '（补考）' : ''}</h2><div class="meta">${esc(x.trainName)}</div><div class="meta">${esc(x.startTime.slice(0, 16))} 至 ${esc(x.endTime.slice(0, 16))}${x.type === 2 ? ` · 限时 ${x.countdown} 分钟` : ''}</div>` +
    (x.score !== null && x.type === 2 ? `<div>成绩：<b>${x.score}</b></div>` : x.status === 'DONE' ? '<div>已交卷，待阅卷</div>' : '') +
    (x.closedReason ? `<div class="meta">${esc(x.closedReason)}</div>` : `<button data-id="${x.memberExamId}">${x.openAttemptId ? '继续作答' : x.type === 1 ? '填写问卷' : '开始考试'}</button>`) +
    (x.reviewAttemptId ? `<button class="secondary" data-review="${x.reviewAttemptId}">查看答案</button>` : '') + '</div>').join('') +
    '<button class="secondary" id="courses">课程评论</button><button class="secondary" id="logout">退出登录</button>'
  byId('courses').onclick = showCourses
  for (const b of app().querySelectorAll<HTMLElement>('button[data-id]')) b.onclick = () => void start(Number(b.dataset.id), () => void showList())
  for (const b of app().querySelectorAll<HTMLElement>('button[data-review]')) {
    b.onclick = () => {
      app().innerHTML = '<section id="review"></section><button id="back">返回</button>'
      byId('back').onclick = () => void showList()
      void showReview(Number(b.dataset.review))
    }
  }
  byId('logout').onclick = signOut
}

// Course comments: a member comments on an enabled course; the office reviews each before it is shown.
async function showCourses(): Promise<void> {
  heading().textContent = '课程评论'
  let list
  try {
    list = await api('memberCourse.list')
  } catch (err) {
    return failed(err, () => void showList(), 'back')
  }
  app().innerHTML = (list.length ? '' : '<section><p>还没有数据</p></section>') + list.map((c) =>
    `<form class="card" data-course="${c.id}" novalidate><h2>${esc(c.name)}</h2><div class="meta">主讲：${esc(c.teacherName ?? '')}</div>` +
    `<label>评分</label><div class="stars">${[1, 2, 3, 4, 5].map((g) => `<label class="opt"><input type="radio" name="grade" value="${g}"><span>${'★'.repeat(g)}</span></label>`).join('')}</div>` +
    '<label>评论</label><textarea name="content" rows="3" maxlength="500" placeholder="请输入评论内容"></textarea><button type="submit">提交评论</button><div class="result" role="status"></div></form>').join('') +
    '<button class="secondary" id="back">返回</button>'
  byId('back').onclick = () => void showList()
  for (const form of app().querySelectorAll<HTMLFormElement>('form[data-course]')) {
    form.addEventListener('submit', async (e) => {
      e.preventDefault()
      const f = new FormData(form)
      const out = form.querySelector('.result')!
      try {
        await api('memberCourse.comment', { courseId: Number(form.dataset.course), content: String(f.get('content') ?? ''), grade: String(f.get('grade') ?? '') })
        form.reset()
        out.className = 'result ok'
        out.textContent = '评论已提交，审核通过后显示'
      } catch (err) {
        out.className = 'result fail'
        out.textContent = (err as Error).message
      }
    })
  }
}

export function examPage(): void {
  whenSignedOut(signOut)
  setInterval(flush, 3000)
  addEventListener('online', () => void flush())
  addEventListener('offline', showSync)
  if (session.token()) void showList()
  else showLogin('')
}
