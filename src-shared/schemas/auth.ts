import { z } from 'zod'
import { adminPassword } from './system'

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

/** The sign-in's answer: the session token, and whether the password must be changed before anything else. */
export const TokenSchema = z.object({ token: z.string(), mustChangePassword: z.boolean() })
export type SignedIn = z.infer<typeof TokenSchema>

/**
 * 修改密码 (issue 31): the old password, and the new one twice under the account rule.
 * The old one is checked on the server (原密码不正确), like a sign-in.
 */
export const PasswordChangeSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64, '原密码不正确'),
    newPassword: adminPassword,
    confirmPassword: z.string({ error: '请再次输入新密码' }).min(1, '请再次输入新密码'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: '两次输入的密码不一致' })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: '新密码不能与原密码相同' })
export type PasswordChange = z.input<typeof PasswordChangeSchema>

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
  /** Another administrator set the password: the console asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
})
export type UserInfo = z.infer<typeof UserInfoSchema>
