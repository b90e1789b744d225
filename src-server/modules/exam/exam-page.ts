import { PHONE_SCRIPT } from '../signup/mobile-html'

/**
 * The member's exam page (`/m/exam`), one HTML page with its script inline: sign-in
 * with telephone and password (the session lasts through the day of the member's last exam
 * ahead, so a member signed in beforehand needs no password on the morning), the member's
 * exams, and the sitting. A busy server's 登录人数较多，请稍候 is waited out on screen and retried
 * by itself, after the time it gives spread at random. Every answer is
 * kept in localStorage first and uploaded per question; what is not yet acknowledged
 * is retried every few seconds and when the phone is back online, and wins over the
 * server's copy after a reload. Each save carries the sitting's sequence number (counted
 * per save, kept in localStorage, never below the server's): a save that arrives late
 * with an older number is not applied over a newer one. The countdown runs on the server's clock (offset taken
 * from each sitting read); at zero the page submits what is saved.
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
  return (nonce: string) => `<style>${EXAM_STYLE}</style><header><h1>在线考试</h1><p id="who"></p></header><div id="bar" hidden><span id="sync" role="status">已保存</span><span id="time">剩余 <span id="clock">--:--</span></span></div><main id="app"></main>
<script nonce="${nonce}">
const app=document.getElementById('app'),bar=document.getElementById('bar'),syncEl=document.getElementById('sync'),timeEl=document.getElementById('time'),heading=document.querySelector('header h1');
let clockEl=document.getElementById('clock');
const esc=(v)=>String(v??'').replace(/[&<>"']/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
const TYPES={1:'单选题',2:'多选题',3:'判断题',4:'问答题',5:'填空题'};
${PHONE_SCRIPT}
let sitting=null,offset=0,timer=null,flushing=false,seq=0,refusal='';
async function api(method,path,body){
 const env=await send(method,path,body);
 if(env.code===401){signOut();throw new Error(env.message)}
 if(env.code!==0){const e=new Error(env.message);e.refused=true;e.retryAfter=env.data&&env.data.retryAfter;throw e}return env.data}
function signOut(){forgetSession();showLogin()}
function showLogin(msg){bar.hidden=true;document.getElementById('who').textContent='';
 app.innerHTML='<section><form id="login" novalidate><label for="telephone">手机号</label><input id="telephone" name="telephone" type="tel" maxlength="11" inputmode="numeric" autocomplete="tel"><label for="password">密码</label><input id="password" name="password" type="password" autocomplete="current-password"><button type="submit">登录</button></form><div id="result" class="fail" role="alert">'+esc(msg)+'</div></section>';
 document.getElementById('login').addEventListener('submit',async(e)=>{e.preventDefault();const f=new FormData(e.target);
  const button=e.target.querySelector('button');if(button.disabled)return;button.disabled=true;
  try{const d=await signIn({telephone:f.get('telephone'),password:f.get('password')});keepSession(d);showList()}
  catch(err){document.getElementById('result').textContent=err.message}finally{button.disabled=false}})}
// A busy server says when to come back: wait that long (spread at random, so a hall does not return at one instant), counting down, and try again.
async function signIn(body){const say=(t)=>{const r=document.getElementById('result');if(r)r.textContent=t};
 for(;;){try{return await api('POST','/api/m/login',body)}catch(err){if(!err.retryAfter)throw err;
  for(let left=Math.ceil(err.retryAfter*(0.5+Math.random()));left>0;left--){say(err.message+'，'+left+' 秒后自动重试…');await new Promise((r)=>setTimeout(r,1000))}
  say('正在登录…')}}}
async function showList(){bar.hidden=true;clearInterval(timer);sitting=null;heading.textContent='在线考试';const until=localStorage.getItem(KEYS.until);document.getElementById('who').textContent=(localStorage.getItem(KEYS.name)||'')+(until?'（本机登录有效至 '+until.slice(0,16)+'，考试当天无需再登录）':'');
 let list;try{list=await api('GET','/api/m/exams')}catch(err){if(token)app.innerHTML='<section><p class="fail">'+esc(err.message)+'</p><button id="retry">重试</button></section>',document.getElementById('retry').onclick=showList;return}
 app.innerHTML=(list.length?'':'<section><p>还没有数据</p></section>')+list.map((x)=>'<div class="card"><h2>'+esc(x.title)+(x.isMakeUp?'（补考）':'')+'</h2><div class="meta">'+esc(x.trainName)+'</div><div class="meta">'+esc(x.startTime.slice(0,16))+' 至 '+esc(x.endTime.slice(0,16))+(x.type===2?' · 限时 '+x.countdown+' 分钟':'')+'</div>'+
  (x.score!==null&&x.type===2?'<div>成绩：<b>'+x.score+'</b></div>':x.status==='DONE'?'<div>已交卷，待阅卷</div>':'')+
  (x.closedReason?'<div class="meta">'+esc(x.closedReason)+'</div>':'<button data-id="'+x.memberExamId+'">'+(x.openAttemptId?'继续作答':x.type===1?'填写问卷':'开始考试')+'</button>')+
  (x.reviewAttemptId?'<button class="secondary" data-review="'+x.reviewAttemptId+'">查看答案</button>':'')+'</div>').join('')+'<button class="secondary" id="courses">课程评论</button><button class="secondary" id="logout">退出登录</button>';
 document.getElementById('courses').onclick=showCourses;
 for(const b of app.querySelectorAll('button[data-id]'))b.onclick=()=>start(Number(b.dataset.id));
 for(const b of app.querySelectorAll('button[data-review]'))b.onclick=()=>{app.innerHTML='<section id="review"></section><button id="back">返回</button>';document.getElementById('back').onclick=showList;showReview(Number(b.dataset.review))};
 document.getElementById('logout').onclick=signOut}
const pendingKey=()=>'pending:'+sitting.attemptId,seqKey=()=>'seq:'+sitting.attemptId;
function nextSeq(){seq+=1;localStorage.setItem(seqKey(),String(seq));return seq}
function keep(p,qid,answer){p[qid]={a:answer,s:nextSeq()};setPending(p)}
const pending=()=>JSON.parse(localStorage.getItem(pendingKey())||'{}');
function setPending(p){localStorage.setItem(pendingKey(),JSON.stringify(p));showSync()}
function showSync(){if(!sitting)return;if(refusal){syncEl.className='warn';syncEl.textContent=refusal;return}const n=Object.keys(pending()).length;syncEl.className=n?'warn':'';syncEl.textContent=n?(navigator.onLine?'正在保存 '+n+' 题…':'离线：'+n+' 题待上传，联网后自动保存'):'已保存'}
async function flush(){if(!sitting||flushing)return;flushing=true;
 try{for(const [qid,save] of Object.entries(pending())){
  try{await api('POST','/api/m/exam/answer',{attemptId:sitting.attemptId,questionId:Number(qid),answer:save.a,seq:save.s})}
  catch(err){if(err.refused){refusal=err.message;return}break}
  const p=pending();if(p[qid]&&p[qid].s===save.s){delete p[qid];setPending(p)}}}
 finally{flushing=false;showSync()}}
function record(qid,answer){keep(pending(),qid,answer);flush()}
async function start(id){let s;try{s=await api('POST','/api/m/exam/start',{memberExamId:id})}catch(err){alert(err.message);return showList()}
 sitting=s;refusal='';offset=s.serverNow-Date.now();seq=Math.max(Number(localStorage.getItem(seqKey())||0),s.seq);const local=pending();bar.hidden=false;
 // A questionnaire is a survey: no score, no countdown (its end time instead), options in their order, 提交.
 const survey=s.questionnaire;heading.textContent=survey?'问卷调查':'在线考试';
 timeEl.innerHTML=survey?'截止 <span id="deadline">'+esc(s.endTime.slice(0,16))+'</span>':'剩余 <span id="clock">--:--</span>';clockEl=document.getElementById('clock');
 app.innerHTML='<section><h2 style="margin:0">'+esc(s.title)+'</h2><div class="meta">共 '+s.questions.length+' 题'+(survey?'':'，满分 '+s.totalScore)+'</div></section>'+s.questions.map((q,i)=>{
  const value=q.questionId in local?local[q.questionId].a:q.answer;const name='q'+q.questionId;
  let control;if(q.type===1||q.type===2){const chosen=(value||'').split(',');control=q.options.map((o,j)=>'<label class="opt"><input type="'+(q.type===1?'radio':'checkbox')+'" name="'+name+'" value="'+esc(o.key)+'"'+(chosen.includes(o.key)?' checked':'')+'><span>'+String.fromCharCode(65+j)+'. '+esc(o.text)+'</span></label>').join('')}
  else if(q.type===3)control=[['true','对'],['false','错']].map(([v,l])=>'<label class="opt"><input type="radio" name="'+name+'" value="'+v+'"'+(value===v?' checked':'')+'><span>'+l+'</span></label>').join('');
  else control='<textarea name="'+name+'" rows="4" maxlength="5000">'+esc(value)+'</textarea>';
  return '<div class="q" data-qid="'+q.questionId+'" data-type="'+q.type+'"><h3>'+(i+1)+'. ['+TYPES[q.type]+(!survey&&s.totalScore?'，'+q.score+'分':'')+'] '+esc(q.title)+'</h3>'+control+'</div>'}).join('')+'<button id="submit">'+word()+'</button><div id="result" role="status"></div>';
 for(const box of app.querySelectorAll('.q')){const qid=box.dataset.qid,type=Number(box.dataset.type);let t;
  box.addEventListener('change',()=>{if(type===4||type===5)return;const vals=[...box.querySelectorAll('input:checked')].map((x)=>x.value).sort();record(qid,vals.length?vals.join(','):null)});
  box.addEventListener('input',(e)=>{if(e.target.tagName!=='TEXTAREA')return;clearTimeout(t);keep(pending(),qid,e.target.value);t=setTimeout(flush,800)})}
 document.getElementById('submit').onclick=()=>{if(confirm(survey?'确定提交问卷吗？提交后不能再修改。':'确定交卷吗？交卷后不能再修改答案。'))submit()};
 clearInterval(timer);timer=setInterval(tick,1000);tick();flush()}
function word(){return sitting&&sitting.questionnaire?'提交':'交卷'}
function tick(){if(!sitting)return;const left=Math.max(0,Math.floor((sitting.deadlineAt-(Date.now()+offset))/1000));
 if(clockEl)clockEl.textContent=String(Math.floor(left/60)).padStart(2,'0')+':'+String(left%60).padStart(2,'0');if(left===0){clearInterval(timer);submit(true)}}
async function submit(timeUp){const result=document.getElementById('result'),attemptId=sitting.attemptId,survey=sitting.questionnaire;await flush();
 if(refusal){result.className='fail';result.textContent=refusal;return}
 if(Object.keys(pending()).length&&!timeUp){result.className='fail';result.textContent='网络未连接，还有答案未上传，请联网后再'+word();return}
 try{const r=await api('POST','/api/m/exam/submit',{attemptId:sitting.attemptId});localStorage.removeItem(pendingKey());localStorage.removeItem(seqKey());clearInterval(timer);bar.hidden=true;sitting=null;
  app.innerHTML='<section><p id="result" class="ok">'+(r.questionnaire?(timeUp?'问卷已截止，已自动提交。':'提交成功！'):timeUp?'考试时间到，已自动交卷。':'交卷成功！')+(r.questionnaire?'感谢您的反馈。':r.score!==null?'本次成绩：'+r.score+' 分（满分 '+r.totalScore+'）':'客观题已评分，主观题待阅卷。')+'</p></section><section id="review"></section><button id="back">返回</button>';
  document.getElementById('back').onclick=showList;if(r.canReview)showReview(attemptId)}
 catch(err){result.className='fail';result.textContent=err.refused?err.message:'网络错误，请联网后再'+(survey?'提交':'交卷')}}
// 模拟考试: after 交卷 every question with the member's answer, the right answer and 正确 / 错误.
const MARKS={right:'正确',wrong:'错误',partial:'部分得分',pending:'待阅卷'};
async function showReview(attemptId){const box=document.getElementById('review');let r;
 try{r=await api('GET','/api/m/exam/review?attemptId='+attemptId)}catch(err){box.innerHTML='<p class="fail">'+esc(err.message)+'</p>';return}
 const said=(q,v)=>q.type===3?(v==='true'?'对':v==='false'?'错':''):q.options.length?(v||'').split(',').filter(Boolean).map((k)=>{const j=q.options.findIndex((o)=>o.key===k);return j<0?k:String.fromCharCode(65+j)}).join('、'):(v||'');
 box.innerHTML='<h2 style="margin:0 0 8px">答案解析</h2>'+(r.score!==null?'<div class="meta">本次成绩：'+r.score+' 分（满分 '+r.totalScore+'）</div>':'')+r.questions.map((q,i)=>{const chosen=(q.answer||'').split(','),keys=(q.correctAnswer||'').split(',');
  const body=q.options.length?q.options.map((o,j)=>'<div class="opt'+(keys.includes(o.key)?' key':'')+(chosen.includes(o.key)?' chosen':'')+'"><span>'+String.fromCharCode(65+j)+'. '+esc(o.text)+(keys.includes(o.key)?'（正确答案）':'')+(chosen.includes(o.key)?'（你的选择）':'')+'</span></div>').join('')
   :'<div class="meta">你的答案：'+(esc(said(q,q.answer))||'未作答')+'</div>'+(q.correctAnswer?'<div class="ref">'+(q.type===4?'解析：':'正确答案：')+esc(said(q,q.correctAnswer))+'</div>':'');
  return '<div class="q" data-review-qid="'+q.questionId+'"><h3>'+(i+1)+'. ['+TYPES[q.type]+'] '+esc(q.title)+'<span class="mark '+q.mark+'">'+MARKS[q.mark]+(q.mark==='partial'?' '+q.score+'/'+q.questionScore:'')+'</span></h3>'+body+'</div>'}).join('')}
// Course comments: a member comments on an enabled course; the office reviews each before it is shown.
async function showCourses(){heading.textContent='课程评论';let list;
 try{list=await api('GET','/api/m/courses')}catch(err){app.innerHTML='<section><p class="fail">'+esc(err.message)+'</p><button id="back">返回</button></section>';document.getElementById('back').onclick=showList;return}
 app.innerHTML=(list.length?'':'<section><p>还没有数据</p></section>')+list.map((c)=>'<form class="card" data-course="'+c.id+'" novalidate><h2>'+esc(c.name)+'</h2><div class="meta">主讲：'+esc(c.teacherName||'')+'</div>'+
  '<label>评分</label><div class="stars">'+[1,2,3,4,5].map((g)=>'<label class="opt"><input type="radio" name="grade" value="'+g+'"><span>'+'★'.repeat(g)+'</span></label>').join('')+'</div>'+
  '<label>评论</label><textarea name="content" rows="3" maxlength="500" placeholder="请输入评论内容"></textarea><button type="submit">提交评论</button><div class="result" role="status"></div></form>').join('')+'<button class="secondary" id="back">返回</button>';
 document.getElementById('back').onclick=showList;
 for(const form of app.querySelectorAll('form[data-course]'))form.addEventListener('submit',async(e)=>{e.preventDefault();const f=new FormData(form),out=form.querySelector('.result');
  try{await api('POST','/api/m/course/comment',{courseId:Number(form.dataset.course),content:String(f.get('content')||''),grade:f.get('grade')?Number(f.get('grade')):null});form.reset();out.className='result ok';out.textContent='评论已提交，审核通过后显示'}
  catch(err){out.className='result fail';out.textContent=err.message}})}
setInterval(flush,3000);addEventListener('online',flush);addEventListener('offline',showSync);
token?showList():showLogin('')
</script>`
}
