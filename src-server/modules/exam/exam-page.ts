import { phoneScriptTags } from '../signup/mobile-html'

/**
 * The member's exam page (`/m/exam`): this file draws the page's frame and style; the phone
 * bundle draws the rest (src-phone/exam-page.ts: sign-in, the member's exams, the busy-server
 * wait; src-phone/sitting.ts: the sitting, its saves and countdown).
 */
const EXAM_STYLE = `
.card{background:#fff;border-radius:8px;padding:12px;margin-bottom:12px}.card h2{font-size:17px;margin:0 0 6px}
.meta{font-size:13px;color:#666}.q{background:#fff;border-radius:8px;padding:12px;margin-bottom:12px}
.q h3{font-size:16px;margin:0 0 8px;font-weight:600}.opt{display:flex;gap:8px;align-items:flex-start;font-weight:400;padding:8px;border:1px solid #ddd;border-radius:6px;margin:6px 0}
.opt input{width:auto;margin-top:5px}textarea{box-sizing:border-box;width:100%;font-size:16px;padding:8px;border:1px solid #ccc;border-radius:6px}
#bar{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:8px 12px;display:flex;justify-content:space-between;font-size:14px;z-index:2}
#clock{font-weight:700;color:#c00}#sync.warn{color:#c60}
.mark{display:inline-block;font-size:13px;font-weight:600;border-radius:4px;padding:1px 6px;margin-left:6px}.mark.right{background:#e6f4ea;color:#137333}.mark.wrong{background:#fce8e6;color:#c5221f}
.mark.partial,.mark.pending{background:#fef7e0;color:#8a5300}.opt.key{border-color:#137333}.opt.chosen:not(.key){border-color:#c5221f}.ref{font-size:14px;color:#137333;margin-top:6px}
.result{margin-top:12px;font-weight:600}.result.ok{color:#080}.result.fail{color:#c00}`

export function examPageBody() {
  return (nonce: string) => `<style>${EXAM_STYLE}</style><header><h1>在线考试</h1><p id="who"></p></header><div id="bar" hidden><span id="sync" role="status">已保存</span><span id="time">剩余 <span id="clock">--:--</span></span></div><main id="app"></main>` +
    phoneScriptTags(nonce, 'exam')
}
