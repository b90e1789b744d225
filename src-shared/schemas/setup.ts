import { z } from 'zod'
import { ownAdminPassword } from './system'

/**
 * The first run of a production console (a packaged app): it asks how this computer
 * works — 单机 (its own server and database) or 连接服务器 — before anything else.
 */

/** LOGIN_AES_KEY is AES-128: exactly 16 bytes. */
export const LOGIN_KEY_BYTES = 16

export const serverAddress = z
  .string({ error: '请填写服务器地址' })
  .trim()
  .min(1, '请填写服务器地址')
  .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/.*)?$/, '服务器地址格式错误，例如 https://192.168.1.10:8686')

export const StandaloneSetupSchema = z
  .object({
    mode: z.literal('standalone'),
    /** The password of the super user `admin` (spec 001 §5 account rules; not a published demo password). */
    password: ownAdminPassword,
    confirmPassword: z.string({ error: '请再次输入密码' }).min(1, '请再次输入密码'),
    /** Seed the demo province and its demo accounts; off unless chosen. */
    demo: z.boolean().default(false),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: '两次输入的密码不一致' })

export const RemoteSetupSchema = z.object({
  mode: z.literal('remote'),
  serverUrl: serverAddress,
  /** The server's LOGIN_AES_KEY: the console encrypts sign-in with it. */
  loginKey: z
    .string({ error: '请填写登录密钥' })
    .min(1, '请填写登录密钥')
    .refine((key) => new TextEncoder().encode(key).length === LOGIN_KEY_BYTES, `登录密钥须为 ${LOGIN_KEY_BYTES} 个字节（服务器的 LOGIN_AES_KEY）`),
})

export const SetupFormSchema = z.discriminatedUnion('mode', [StandaloneSetupSchema, RemoteSetupSchema])
export type SetupForm = z.input<typeof SetupFormSchema>

export const SetupStatusSchema = z.object({
  /** True until the first run is completed on this computer. */
  needed: z.boolean(),
})

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i

/**
 * A warning for a plain-http address of another computer: the sign-in and every
 * answer would cross the network readable by anyone on the way. Null for https or
 * this computer.
 */
export function plainHttpWarning(address: string): string | null {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' || LOOPBACK.test(url.hostname)) return null
  return '该地址使用未加密的 http：账号、密码和数据在网络上可被他人读取。请尽量使用 https 地址。'
}
