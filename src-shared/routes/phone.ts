import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { MemberCommentBodySchema, MemberCommentResultSchema, MemberCourseSchema } from '../schemas/course'
import { MemberLoginBodySchema, MemberLoginResultSchema, MemberPageQuerySchema, MyExamSchema, PhoneScriptQuerySchema, ReviewQuerySchema, ReviewSchema, SaveAnswerBodySchema, SaveAnswerResultSchema, SittingSchema, StartBodySchema, SubmitBodySchema, SubmitResultSchema } from '../schemas/exam-sitting'
import { CheckInBodySchema, CheckInPageQuerySchema, CheckInResultSchema, SelfSignUpBodySchema, SelfSignUpResultSchema, SignUpLinkSchema, SignUpPageQuerySchema, SignUpPrefillSchema } from '../schemas/signup'

/**
 * What members' phones reach: the pages the QR codes open (HTML), the one script they all
 * load, and every route that script calls. A table of its own so that the phone bundle
 * (src-phone, built to out/phone/phone.js) carries only these rows and their schemas, not
 * the console's whole contract.
 */
export const phoneRoutes = defineRoutes({
  'memberApp.page': {
    method: 'GET', path: '/m/exam', access: 'public', kind: 'download', rpc: false,
    summary: '党员手机考试页（HTML）：手机号与密码登录，作答自动保存',
    query: MemberPageQuerySchema,
    response: z.unknown(),
  },
  'memberApp.login': {
    method: 'POST', path: '/api/m/login', access: 'public', rpc: false, outsideTransaction: outsideTransaction.signIn, unrecorded: unrecorded.signIn,
    summary: '党员登录（手机号、密码），返回党员会话',
    body: MemberLoginBodySchema,
    response: MemberLoginResultSchema,
  },
  'memberApp.exams': {
    method: 'GET', path: '/api/m/exams', access: 'member', rpc: false,
    summary: '本人参加的考试与问卷',
    response: z.array(MyExamSchema),
  },
  'memberApp.start': {
    method: 'POST', path: '/api/m/exam/start', access: 'member', rpc: false, log: false,
    summary: '开始（或继续）作答：分配 A–E 试卷之一、打乱题目与选项并保存；时间窗外拒绝',
    body: StartBodySchema,
    response: SittingSchema,
  },
  'memberApp.answer': {
    method: 'POST', path: '/api/m/exam/answer', access: 'member', rpc: false, log: false, outsideTransaction: outsideTransaction.autosave,
    summary: '自动保存一道题的作答，带本次作答的保存序号（较旧的序号不覆盖较新的答案，回复 stale）；截止或交卷后拒绝',
    body: SaveAnswerBodySchema,
    response: SaveAnswerResultSchema,
  },
  'memberApp.submit': {
    method: 'POST', path: '/api/m/exam/submit', access: 'member', rpc: false, log: false,
    summary: '交卷：客观题即时计分，主观题待评阅',
    body: SubmitBodySchema,
    response: SubmitResultSchema,
  },
  'memberApp.review': {
    method: 'GET', path: '/api/m/exam/review', access: 'member', rpc: false,
    summary: '模拟考试交卷后查看答案：每题的作答、正确答案与对错（正式考试与未交卷的作答拒绝）',
    query: ReviewQuerySchema,
    response: ReviewSchema,
  },
  'mobile.signUpPage': {
    method: 'GET', path: '/m/signup', access: 'public', kind: 'download', rpc: false,
    summary: '党员手机报名页（报名二维码指向此处，HTML）',
    query: SignUpPageQuerySchema,
    response: z.unknown(),
  },
  'mobile.signUp': {
    method: 'POST', path: '/api/m/signup', access: 'public', rpc: false, record: 'trainSignUp',
    summary: '党员自助报名：按手机号识别党员，受报名时间与最大人数约束',
    body: SelfSignUpBodySchema,
    response: SelfSignUpResultSchema,
  },
  'mobile.signUpPrefill': {
    method: 'GET', path: '/api/m/signup/me', access: 'member', rpc: false,
    summary: '手机报名页的自动填写：已登录党员（手机号与党员密码）本人的档案信息，及是否已报名此培训班',
    query: SignUpLinkSchema,
    response: SignUpPrefillSchema,
  },
  'mobile.checkInPage': {
    method: 'GET', path: '/m/checkin', access: 'public', kind: 'download', rpc: false,
    summary: '党员手机签到页（会场大屏二维码指向此处，HTML）',
    query: CheckInPageQuerySchema,
    response: z.unknown(),
  },
  'mobile.checkIn': {
    method: 'POST', path: '/api/m/checkin', access: 'member', rpc: false, record: 'trainCheckIn',
    summary: '党员签到（本人以手机号与密码登录后）：仅在签到时间内、签到码为当前或上一时段时有效',
    body: CheckInBodySchema,
    response: CheckInResultSchema,
  },
  'memberCourse.list': {
    method: 'GET', path: '/api/m/courses', access: 'member', rpc: false,
    summary: '党员可见的课程（已启用）',
    response: z.array(MemberCourseSchema),
  },
  'memberCourse.comment': {
    method: 'POST', path: '/api/m/course/comment', access: 'member', rpc: false, record: 'courseComment',
    summary: '党员评论课程（纯文本，1–5 星），待审核后显示',
    body: MemberCommentBodySchema,
    response: MemberCommentResultSchema,
  },
  'phone.script': {
    method: 'GET', path: '/m/phone.js', access: 'public', kind: 'download', rpc: false,
    summary: '手机页面的脚本（由路由表与共享校验构建，src-phone），`v` 为其内容的版本',
    query: PhoneScriptQuerySchema,
    response: z.unknown(),
  },
})
