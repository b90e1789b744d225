import { z } from 'zod'
import { defineRoutes, outsideTransaction, unrecorded } from '../contract'
import { CaptchaSchema, LoginBodySchema, PasswordChangeSchema, TokenSchema, UserInfoSchema } from '../schemas/auth'

export const authRoutes = defineRoutes({
  'auth.captcha': {
    method: 'GET', path: '/api/captcha', access: 'public',
    summary: '获取验证码（一次有效，2 分钟过期）',
    response: CaptchaSchema,
  },
  'auth.login': {
    method: 'POST', path: '/api/login', access: 'public', rpc: false, outsideTransaction: outsideTransaction.signIn, unrecorded: unrecorded.signIn,
    summary: '登录：data 为 AES-128-ECB/PKCS7 加密的 {username,password,checkCode,checkCodeId} 十六进制串',
    body: LoginBodySchema,
    response: TokenSchema,
  },
  'auth.logout': {
    method: 'POST', path: '/api/logout', access: 'login', rpc: false, beforePasswordChange: true, unrecorded: unrecorded.signOut,
    summary: '退出登录，令牌失效',
    response: z.null(),
  },
  'auth.userInfo': {
    method: 'GET', path: '/api/user/info', access: 'login', beforePasswordChange: true,
    summary: '当前账号信息、角色与权限',
    response: UserInfoSchema,
  },
  'auth.password': {
    method: 'POST', path: '/api/auth/password', access: 'login', beforePasswordChange: true, outsideTransaction: outsideTransaction.ownPassword, record: 'admin', recordBy: 'caller',
    summary: '修改本人密码：原密码错误按登录失败计数并放慢；成功后本账号的其他会话结束，当前会话保留',
    body: PasswordChangeSchema,
    response: z.null(),
  },
})
