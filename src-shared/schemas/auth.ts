import { z } from 'zod'

export const CaptchaSchema = z.object({
  id: z.string(),
  /** A `data:image/svg+xml;base64,…` URI. */
  img: z.string(),
})
export type Captcha = z.infer<typeof CaptchaSchema>

/** The login form and the JSON that is encrypted into the login payload (spec 000 §5, §7). */
export const LoginFormSchema = z.object({
  username: z.string({ error: '用户名不能为空' }).trim().min(1, '用户名不能为空').max(50, '用户名过长'),
  password: z.string({ error: '密码不能为空' }).trim().min(6, '密码不能少于6位').max(64, '密码过长'),
  checkCode: z.string({ error: '验证码不能为空' }).trim().min(1, '验证码不能为空').max(10, '验证码过长'),
  checkCodeId: z.string({ error: '验证码已失效，请点击图片刷新' }).min(1, '验证码已失效，请点击图片刷新').max(100, '验证码已失效，请点击图片刷新'),
})
export type LoginForm = z.infer<typeof LoginFormSchema>

/** Sign-in while the server cannot be reached: no captcha (it comes from the server), checked by the desktop core. */
export const OfflineLoginFormSchema = LoginFormSchema.pick({ username: true, password: true })
export type OfflineLoginForm = z.infer<typeof OfflineLoginFormSchema>

/** `POST /api/login` body: hex of AES-128-ECB/PKCS7 over the JSON of LoginForm. */
export const LoginBodySchema = z.object({
  data: z.string().regex(/^[0-9a-fA-F]+$/, '登录数据格式错误').max(4096),
})

export const TokenSchema = z.object({ token: z.string() })

export const MemberDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  telephone: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  topOrgId: z.number().int().nullable(),
  topOrgName: z.string().nullable(),
})
export type MemberDto = z.infer<typeof MemberDtoSchema>

export const UserInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  permissions: z.array(z.string()),
  memberDto: MemberDtoSchema.nullable(),
})
export type UserInfo = z.infer<typeof UserInfoSchema>
