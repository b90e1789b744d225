import type { RouteOutput } from '../src-shared/contract'
import type { phoneRoutes } from '../src-shared/routes/phone'
import { api, isRefusal } from './exam-api'
import { byId, esc } from './dom'

/**
 * A sitting on the phone: every answer is kept in localStorage first and uploaded per
 * question; what is not yet acknowledged is retried every few seconds and when the phone
 * is back online, and wins over the server's copy after a reload. Each save carries the
 * sitting's sequence number (counted per save, kept in localStorage, never below the
 * server's): a late save with an older number is not applied over a newer one. The
 * countdown runs on the server's clock; at zero the page submits what is saved.
 */
type Sitting = RouteOutput<(typeof phoneRoutes)['memberApp.start']>
type Review = RouteOutput<(typeof phoneRoutes)['memberApp.review']>
type Pending = Record<string, { a: string | null; s: number }>

export const TYPES: Record<number, string> = { 1: '单选题', 2: '多选题', 3: '判断题', 4: '问答题', 5: '填空题' }

let sitting: Sitting | null = null
let offset = 0
let timer: ReturnType<typeof setInterval> | undefined
let flushing = false
let seq = 0
let refusal = ''
let clockEl: HTMLElement | null = null

const pendingKey = () => `pending:${sitting!.attemptId}`
const seqKey = () => `seq:${sitting!.attemptId}`
const pending = (): Pending => JSON.parse(localStorage.getItem(pendingKey()) ?? '{}') as Pending
const word = () => (sitting?.questionnaire ? '提交' : '交卷')

function nextSeq(): number {
  seq += 1
  localStorage.setItem(seqKey(), String(seq))
  return seq
}
function setPending(p: Pending): void {
  localStorage.setItem(pendingKey(), JSON.stringify(p))
  showSync()
}
function keep(qid: string, answer: string | null): void {
  const p = pending()
  p[qid] = { a: answer, s: nextSeq() }
  setPending(p)
}

export function showSync(): void {
  if (!sitting) return
  const syncEl = byId('sync')
  if (refusal) {
    syncEl.className = 'warn'
    syncEl.textContent = refusal
    return
  }
  const n = Object.keys(pending()).length
  syncEl.className = n ? 'warn' : ''
  syncEl.textContent = n ? (navigator.onLine ? `正在保存 ${n} 题…` : `离线：${n} 题待上传，联网后自动保存`) : '已保存'
}

export async function flush(): Promise<void> {
  if (!sitting || flushing) return
  flushing = true
  try {
    for (const [qid, save] of Object.entries(pending())) {
      try {
        await api('memberApp.answer', { attemptId: sitting.attemptId, questionId: Number(qid), answer: save.a, seq: save.s })
      } catch (err) {
        if (isRefusal(err)) {
          refusal = err.message
          return
        }
        break
      }
      const p = pending()
      if (p[qid] && p[qid].s === save.s) {
        delete p[qid]
        setPending(p)
      }
    }
  } finally {
    flushing = false
    showSync()
  }
}

function control(q: Sitting['questions'][number], value: string | null): string {
  const name = `q${q.questionId}`
  if (q.type === 1 || q.type === 2) {
    const chosen = (value ?? '').split(',')
    return q.options.map((o, j) => `<label class="opt"><input type="${q.type === 1 ? 'radio' : 'checkbox'}" name="${name}" value="${esc(o.key)}"${chosen.includes(o.key) ? ' checked' : ''}><span>${String.fromCharCode(65 + j)}. ${esc(o.text)}</span></label>`).join('')
  }
  if (q.type === 3) return [['true', '对'], ['false', '错']].map(([v, l]) => `<label class="opt"><input type="radio" name="${name}" value="${v}"${value === v ? ' checked' : ''}><span>${l}</span></label>`).join('')
  return `<textarea name="${name}" rows="4" maxlength="5000">${esc(value)}</textarea>`
}

/** Opens (or continues) the sitting of `memberExamId`; `back` shows the list again. */
export async function start(memberExamId: number, back: () => void): Promise<void> {
  const app = byId('app')
  let s: Sitting
  try {
    s = await api('memberApp.start', { memberExamId })
  } catch (err) {
    alert((err as Error).message)
    return back()
  }
  sitting = s
  refusal = ''
  offset = s.serverNow - Date.now()
  seq = Math.max(Number(localStorage.getItem(seqKey()) ?? 0), s.seq)
  const local = pending()
  byId('bar').hidden = false
  // A questionnaire is a survey: no score, no countdown (its end time instead), options in their order, 提交.
  const survey = s.questionnaire
  document.querySelector('header h1')!.textContent = survey ? '问卷调查' : '在线考试'
  byId('time').innerHTML = survey ? `截止 <span id="deadline">${esc(s.endTime.slice(0, 16))}</span>` : '剩余 <span id="clock">--:--</span>'
  clockEl = document.getElementById('clock')
  app.innerHTML = `<section><h2 style="margin:0">${esc(s.title)}</h2><div class="meta">共 ${s.questions.length} 题${survey ? '' : `，满分 ${s.totalScore}`}</div></section>` +
    s.questions.map((q, i) => {
      const value = q.questionId in local ? local[q.questionId].a : q.answer
      return `<div class="q" data-qid="${q.questionId}" data-type="${q.type}"><h3>${i + 1}. [${TYPES[q.type]}${!survey && s.totalScore ? `，${q.score}分` : ''}] ${esc(q.title)}</h3>${control(q, value)}</div>`
    }).join('') + `<button id="submit">${word()}</button><div id="result" role="status"></div>`
  for (const box of app.querySelectorAll<HTMLElement>('.q')) {
    const qid = box.dataset.qid!
    const type = Number(box.dataset.type)
    let typing: ReturnType<typeof setTimeout> | undefined
    box.addEventListener('change', () => {
      if (type === 4 || type === 5) return
      const values = [...box.querySelectorAll<HTMLInputElement>('input:checked')].map((x) => x.value).sort()
      keep(qid, values.length ? values.join(',') : null)
      void flush()
    })
    box.addEventListener('input', (e) => {
      const target = e.target as HTMLTextAreaElement
      if (target.tagName !== 'TEXTAREA') return
      clearTimeout(typing)
      keep(qid, target.value)
      typing = setTimeout(flush, 800)
    })
  }
  byId('submit').onclick = () => {
    if (confirm(survey ? '确定提交问卷吗？提交后不能再修改。' : '确定交卷吗？交卷后不能再修改答案。')) void submit(back)
  }
  clearInterval(timer)
  timer = setInterval(() => tick(back), 1000)
  tick(back)
  void flush()
}

/** Leaves the sitting (the list or sign-in is shown instead). */
export function leave(): void {
  clearInterval(timer)
  sitting = null
}

function tick(back: () => void): void {
  if (!sitting) return
  const left = Math.max(0, Math.floor((sitting.deadlineAt - (Date.now() + offset)) / 1000))
  if (clockEl) clockEl.textContent = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`
  if (left === 0) {
    clearInterval(timer)
    void submit(back, true)
  }
}

async function submit(back: () => void, timeUp = false): Promise<void> {
  const result = byId('result')
  const { attemptId, questionnaire: survey } = sitting!
  await flush()
  const fail = (text: string) => {
    result.className = 'fail'
    result.textContent = text
  }
  if (refusal) return fail(refusal)
  if (Object.keys(pending()).length && !timeUp) return fail(`网络未连接，还有答案未上传，请联网后再${word()}`)
  try {
    const r = await api('memberApp.submit', { attemptId })
    localStorage.removeItem(pendingKey())
    localStorage.removeItem(seqKey())
    leave()
    byId('bar').hidden = true
    const said = (r.questionnaire ? (timeUp ? '问卷已截止，已自动提交。' : '提交成功！') : timeUp ? '考试时间到，已自动交卷。' : '交卷成功！') +
      (r.questionnaire ? '感谢您的反馈。' : r.score !== null ? `本次成绩：${r.score} 分（满分 ${r.totalScore}）` : '客观题已评分，主观题待阅卷。')
    byId('app').innerHTML = `<section><p id="result" class="ok">${said}</p></section><section id="review"></section><button id="back">返回</button>`
    byId('back').onclick = back
    if (r.canReview) await showReview(attemptId)
  } catch (err) {
    fail(isRefusal(err) ? err.message : `网络错误，请联网后再${survey ? '提交' : '交卷'}`)
  }
}

// 模拟考试: after 交卷 every question with the member's answer, the right answer and 正确 / 错误.
const MARKS: Record<string, string> = { right: '正确', wrong: '错误', partial: '部分得分', pending: '待阅卷' }

export async function showReview(attemptId: number): Promise<void> {
  const box = byId('review')
  let r: Review
  try {
    r = await api('memberApp.review', { attemptId })
  } catch (err) {
    box.innerHTML = `<p class="fail">${esc((err as Error).message)}</p>`
    return
  }
  const said = (q: Review['questions'][number], v: string | null) =>
    q.type === 3 ? (v === 'true' ? '对' : v === 'false' ? '错' : '')
      : q.options.length ? (v ?? '').split(',').filter(Boolean).map((k) => {
        const j = q.options.findIndex((o) => o.key === k)
        return j < 0 ? k : String.fromCharCode(65 + j)
      }).join('、') : (v ?? '')
  box.innerHTML = '<h2 style="margin:0 0 8px">答案解析</h2>' + (r.score !== null ? `<div class="meta">本次成绩：${r.score} 分（满分 ${r.totalScore}）</div>` : '') + r.questions.map((q, i) => {
    const chosen = (q.answer ?? '').split(',')
    const keys = (q.correctAnswer ?? '').split(',')
    const body = q.options.length
      ? q.options.map((o, j) => `<div class="opt${keys.includes(o.key) ? ' key' : ''}${chosen.includes(o.key) ? ' chosen' : ''}"><span>${String.fromCharCode(65 + j)}. ${esc(o.text)}${keys.includes(o.key) ? '（正确答案）' : ''}${chosen.includes(o.key) ? '（你的选择）' : ''}</span></div>`).join('')
      : `<div class="meta">你的答案：${esc(said(q, q.answer)) || '未作答'}</div>` + (q.correctAnswer ? `<div class="ref">${q.type === 4 ? '解析：' : '正确答案：'}${esc(said(q, q.correctAnswer))}</div>` : '')
    return `<div class="q" data-review-qid="${q.questionId}"><h3>${i + 1}. [${TYPES[q.type]}] ${esc(q.title)}<span class="mark ${q.mark}">${MARKS[q.mark]}${q.mark === 'partial' ? ` ${q.score}/${q.questionScore}` : ''}</span></h3>${body}</div>`
  }).join('')
}
